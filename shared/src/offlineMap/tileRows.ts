/**
 * The tiles of one zoom, gathered as inclusive x runs per row while the cover walks a line, and written out as the
 * pack's runs: `[z, y, x0, x1]`, sorted by row then x, overlapping and touching runs merged, x wrapped around the
 * world (a line may carry on past 180°, so an x may be below 0 or past the last column).
 */

/** One run of tiles: zoom, row, first and last column (inclusive). */
export type TileRun = [z: number, y: number, x0: number, x1: number];

export class TileRows {
  private readonly rows = new Map<number, number[]>();
  private readonly columns: number;

  constructor(readonly zoom: number) {
    this.columns = 2 ** zoom;
  }

  /** Adds columns x0..x1 of row y. A line's next piece mostly overlaps its last, so that run just grows. */
  add(y: number, x0: number, x1: number): void {
    const runs = this.rows.get(y);
    if (!runs) {
      this.rows.set(y, [x0, x1]);
      return;
    }
    const last = runs.length - 2;
    if (x0 <= runs[last + 1] + 1 && x1 >= runs[last] - 1) {
      if (x0 < runs[last]) runs[last] = x0;
      if (x1 > runs[last + 1]) runs[last + 1] = x1;
    } else {
      runs.push(x0, x1);
    }
  }

  /** Whether row y's latest run already holds columns x0..x1 (so adding them would change nothing). */
  holds(y: number, x0: number, x1: number): boolean {
    const runs = this.rows.get(y);
    return runs !== undefined && runs[runs.length - 2] <= x0 && runs[runs.length - 1] >= x1;
  }

  /** The merged runs of every row, in order. */
  runs(): TileRun[] {
    const out: TileRun[] = [];
    for (const y of [...this.rows.keys()].sort((a, b) => a - b)) {
      for (const [x0, x1] of merged(this.wrapped(this.rows.get(y)!))) out.push([this.zoom, y, x0, x1]);
    }
    return out;
  }

  private wrapped(flat: number[]): Array<[number, number]> {
    const n = this.columns;
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < flat.length; i += 2) {
      let [x0, x1] = [flat[i], flat[i + 1]];
      if (x1 - x0 + 1 >= n) {
        pairs.push([0, n - 1]);
        continue;
      }
      const turns = Math.floor(x0 / n) * n;
      [x0, x1] = [x0 - turns, x1 - turns];
      if (x1 < n) pairs.push([x0, x1]);
      else pairs.push([x0, n - 1], [0, x1 - n]);
    }
    return pairs;
  }
}

function merged(pairs: Array<[number, number]>): Array<[number, number]> {
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [x0, x1] of pairs) {
    const last = out[out.length - 1];
    if (last && x0 <= last[1] + 1) last[1] = Math.max(last[1], x1);
    else out.push([x0, x1]);
  }
  return out;
}
