/**
 * Which stops a proposed order moves, as a person would say it: the fewest stops that, taken out and put back
 * elsewhere, turn the old order into the new one. The rest only shift a place or two to make room, so they are
 * not listed. Those that stay are the longest run of stops still in their old relative order; a stop put back
 * at the number it had is not listed either ("Port Angeles: 26 → 26" says nothing).
 */
export interface Move {
  stopId: string;
  /** 1-based places in the old and the new order. */
  from: number;
  to: number;
}

export function movedStops(fromOrder: readonly string[], order: readonly string[]): Move[] {
  const before = new Map(fromOrder.map((stopId, index) => [stopId, index]));
  const oldPlaces = order.map((stopId, index) => before.get(stopId) ?? index);
  const staying = longestIncreasingRun(oldPlaces);
  return order.flatMap((stopId, index) =>
    staying.has(index) || oldPlaces[index] === index ? [] : [{ stopId, from: oldPlaces[index] + 1, to: index + 1 }],
  );
}

/** Indexes of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)). */
function longestIncreasingRun(values: readonly number[]): Set<number> {
  // tails[k]: index of the smallest last value of an increasing run of length k + 1 found so far.
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  });
  const run = new Set<number>();
  for (let index = tails.length ? tails[tails.length - 1] : -1; index >= 0; index = previous[index]) run.add(index);
  return run;
}
