/**
 * Which rows of a list overlap a band of the screen, by binary search over the rows' boxes: the rows
 * are laid out top to bottom, so a 200-stop list costs about 16 box reads instead of 200.
 */
export interface RowRange {
  /** First row in the band, 0-based. */
  from: number;
  /** Last row in the band; below `from` when no row is in it. */
  to: number;
}

export interface RowBox {
  top: number;
  bottom: number;
}

export function rowsOverlapping(count: number, boxOf: (index: number) => RowBox, top: number, bottom: number): RowRange {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (boxOf(mid).bottom < top) low = mid + 1;
    else high = mid;
  }
  const from = low;
  high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (boxOf(mid).top <= bottom) low = mid + 1;
    else high = mid;
  }
  return { from, to: low - 1 };
}

export const inRange = (range: RowRange, index: number) => index >= range.from && index <= range.to;
