import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestIncreasingRun } from './increasingRun.ts';

/** The length of a longest strictly increasing subsequence, by the quadratic textbook walk. */
function longestLength(ranks: readonly number[]): number {
  const best = ranks.map(() => 1);
  for (let i = 0; i < ranks.length; i++) for (let j = 0; j < i; j++) if (ranks[j] < ranks[i]) best[i] = Math.max(best[i], best[j] + 1);
  return Math.max(0, ...best);
}

const permutation = fc.array(fc.nat(), { maxLength: 60 }).map((keys) => keys.map((key, index) => ({ key, index })).sort((a, b) => a.key - b.key || a.index - b.index).map(({ index }) => index));

describe('the longest run in order', () => {
  it('marks a strictly increasing run as long as any', () => {
    fc.assert(
      fc.property(permutation, (ranks) => {
        const kept = longestIncreasingRun(ranks);
        const run = ranks.filter((_, index) => kept[index]);
        expect(run.every((rank, index) => index === 0 || run[index - 1] < rank)).toBe(true);
        expect(run.length).toBe(longestLength(ranks));
      }),
    );
  });

  it('keeps in the run the preferred elements when a run of the same length can hold them', () => {
    // Two swapped neighbours: either could stay; the preferred one does.
    expect(longestIncreasingRun([0, 2, 1, 3], (index) => index === 2)).toEqual([true, false, true, true]);
    expect(longestIncreasingRun([0, 2, 1, 3], (index) => index === 1)).toEqual([true, true, false, true]);
    // Never a shorter run for more preferred elements.
    expect(longestIncreasingRun([3, 0, 1, 2], (index) => index === 0)).toEqual([false, true, true, true]);
    expect(longestIncreasingRun([])).toEqual([]);
  });
});
