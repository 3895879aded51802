import { describe, expect, it } from 'vitest';
import { movedStops } from './movedStops.ts';

describe('movedStops', () => {
  it('names the one stop taken out and put back, not the ones that shift to make room', () => {
    // Hoh Rain Forest goes from 7th to 3rd: c, d, e, f each shift one place down.
    expect(movedStops(['a', 'b', 'c', 'd', 'e', 'f', 'hoh', 'g'], ['a', 'b', 'hoh', 'c', 'd', 'e', 'f', 'g'])).toEqual([
      { stopId: 'hoh', from: 7, to: 3 },
    ]);
  });

  it('lists each of several moves with its places before and after, in the new order', () => {
    expect(movedStops(['a', 'b', 'c', 'd', 'e'], ['a', 'e', 'c', 'd', 'b'])).toEqual([
      { stopId: 'e', from: 5, to: 2 },
      { stopId: 'b', from: 2, to: 5 },
    ]);
  });

  it('leaves out a stop put back at the number it had', () => {
    // b and c trade places around x: x, taken out and put back, is 3rd as before.
    expect(movedStops(['a', 'b', 'x', 'c', 'd'], ['a', 'c', 'x', 'b', 'd'])).toEqual([{ stopId: 'c', from: 4, to: 2 }]);
  });

  it('lists nothing for the same order', () => {
    expect(movedStops(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });
});
