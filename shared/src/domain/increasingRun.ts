/**
 * The longest run of a sequence that keeps its order: what to leave in place when one order becomes another.
 * "What changed" calls the stops outside it moved; a restore gives new order keys only to the stops outside it.
 */

/**
 * For `ranks` (each element's place in the other order, all distinct), which elements form a longest strictly
 * increasing subsequence; among the longest, one holding the most `preferred` elements (a stop whose order key did
 * not change stayed where it was: the one beside it moved). O(n log n): a Fenwick tree of the best run ending
 * below each rank.
 */
export function longestIncreasingRun(ranks: readonly number[], preferred?: (index: number) => boolean): boolean[] {
  const n = ranks.length;
  // Every element counts n + 1, a preferred one 1 more: the longest run first, then the most preferred.
  const weightOf = (index: number) => n + 1 + (preferred?.(index) ? 1 : 0);
  const max = ranks.reduce((top, rank) => Math.max(top, rank + 1), 0);
  const treeBest = new Float64Array(max + 1);
  const treeAt = new Int32Array(max + 1).fill(-1);
  const best = new Float64Array(n);
  const previous = new Int32Array(n).fill(-1);
  for (let index = 0; index < n; index++) {
    let value = 0;
    let at = -1;
    for (let position = ranks[index]; position > 0; position -= position & -position) {
      if (treeBest[position] > value) [value, at] = [treeBest[position], treeAt[position]];
    }
    best[index] = value + weightOf(index);
    previous[index] = at;
    for (let position = ranks[index] + 1; position <= max; position += position & -position) {
      if (best[index] > treeBest[position]) [treeBest[position], treeAt[position]] = [best[index], index];
    }
  }
  const kept = new Array<boolean>(n).fill(false);
  let end = -1;
  for (let index = 0; index < n; index++) if (end < 0 || best[index] > best[end]) end = index;
  for (let index = end; index >= 0; index = previous[index]) kept[index] = true;
  return kept;
}
