import { describe, expect, it } from 'vitest';
import { inRange, rowsOverlapping } from './rowWindow.ts';

// Rows 50 px tall with a 10 px gap: row i spans [60 i, 60 i + 50].
const box = (index: number) => ({ top: index * 60, bottom: index * 60 + 50 });

describe('rowsOverlapping', () => {
  it('finds the rows that overlap the band, partly covered ones included', () => {
    expect(rowsOverlapping(200, box, 100, 400)).toEqual({ from: 1, to: 6 });
    expect(rowsOverlapping(200, box, 0, 50)).toEqual({ from: 0, to: 0 });
  });

  it('stops at the ends of the list', () => {
    expect(rowsOverlapping(10, box, -1000, 100_000)).toEqual({ from: 0, to: 9 });
    expect(rowsOverlapping(10, box, 500, 100_000)).toEqual({ from: 8, to: 9 });
  });

  it('gives an empty range when the band misses every row', () => {
    const range = rowsOverlapping(10, box, 5000, 6000);
    expect(range.to).toBeLessThan(range.from);
    expect(inRange(range, 9)).toBe(false);
    expect(rowsOverlapping(0, box, 0, 100)).toEqual({ from: 0, to: -1 });
  });
});
