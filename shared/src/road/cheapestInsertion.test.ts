import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestInsertion } from './cheapestInsertion.ts';
import { estimatedDriveMinutes } from './driveEstimate.ts';
import { placeEach, stopPlacements } from './stopPlacement.ts';

/** The path's cost with `node` put at each slot in turn, every one tried: what cheapest insertion must match. */
function bruteForce(path: number[], node: number, cost: (from: number, to: number) => number) {
  const total = (order: number[]) => order.slice(1).reduce((sum, to, k) => sum + cost(order[k], to), 0);
  const base = total(path);
  const tries = Array.from({ length: path.length }, (_, k) => k + 1).map((slot) => ({
    slot,
    added: total([...path.slice(0, slot), node, ...path.slice(slot)]) - base,
  }));
  return Math.min(...tries.map((attempt) => attempt.added));
}

describe('cheapestInsertion', () => {
  it('finds the least added cost, as trying every slot does, on random asymmetric matrices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }).chain((size) => fc.array(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: size, maxLength: size }), { minLength: size, maxLength: size })), (matrix) => {
        const node = matrix.length - 1;
        const path = Array.from({ length: node }, (_, index) => index);
        const cost = (from: number, to: number) => matrix[from][to];
        const found = cheapestInsertion(path, node, cost);
        expect(found.slot).toBeGreaterThanOrEqual(1);
        expect(found.added).toBe(bruteForce(path, node, cost));
        // The slot it names does add that much.
        const order = [...path.slice(0, found.slot), node, ...path.slice(found.slot)];
        const total = (nodes: number[]) => nodes.slice(1).reduce((sum, to, k) => sum + cost(nodes[k], to), 0);
        expect(total(order) - total(path)).toBe(found.added);
      }),
    );
  });

  it('never puts the node before the first, and goes at the end when that is as cheap', () => {
    const cost = (from: number, to: number) => Math.abs(from - to);
    expect(cheapestInsertion([5, 10], 0, cost)).toEqual({ slot: 2, added: 10 });
    expect(cheapestInsertion([0, 10], 5, cost)).toEqual({ slot: 1, added: 0 });
    // Between 0 and 10 it adds 0, as at the end: the end is kept.
    expect(cheapestInsertion([0, 10], 10, cost)).toEqual({ slot: 2, added: 0 });
  });
});

describe('stopPlacements', () => {
  const sanFrancisco = { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194 };
  const seattle = { name: 'Seattle', latitude: 47.6062, longitude: -122.3321 };
  const portland = { name: 'Portland', latitude: 45.5152, longitude: -122.6784 };
  const eugene = { latitude: 44.0521, longitude: -123.0868 };

  it('places Eugene between Portland and San Francisco on a trip down the coast, with the minutes it adds', () => {
    const { end, best } = stopPlacements([seattle, portland, sanFrancisco], eugene);
    expect(end).toEqual({ index: 3, addedMinutes: Math.round(estimatedDriveMinutes(sanFrancisco, eugene)), after: 'San Francisco', before: null });
    const added = estimatedDriveMinutes(portland, eugene) + estimatedDriveMinutes(eugene, sanFrancisco) - estimatedDriveMinutes(portland, sanFrancisco);
    expect(best).toEqual({ index: 2, addedMinutes: Math.round(added), after: 'Portland', before: 'San Francisco' });
    expect(best.addedMinutes).toBeLessThan(end.addedMinutes);
  });

  it('skips stops without a position, and offers only the end for a place without one', () => {
    const unlocated = { name: 'Somewhere', latitude: 0, longitude: 0 };
    expect(stopPlacements([seattle, unlocated, portland, sanFrancisco], eugene).best).toMatchObject({ index: 3, after: 'Portland' });
    const nowhere = stopPlacements([seattle, portland], { latitude: 0, longitude: 0 });
    expect(nowhere.best).toBe(nowhere.end);
    expect(nowhere.end).toMatchObject({ index: 2, addedMinutes: 0 });
  });
});

describe('placeEach', () => {
  const trip = [
    { name: 'Seattle', latitude: 47.6062, longitude: -122.3321 },
    { name: 'Portland', latitude: 45.5152, longitude: -122.6784 },
    { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194 },
  ];
  const places = [
    { name: 'Eugene', latitude: 44.0521, longitude: -123.0868 },
    { name: 'Olympia', latitude: 47.0379, longitude: -122.9007 },
  ];

  it('appends in the file order at the end, or puts each where it fits best in the list the others left', () => {
    expect(placeEach(trip, places, 'end').indexes).toEqual([3, 4]);
    // Eugene between Portland and San Francisco; then Olympia between Seattle and Portland.
    const best = placeEach(trip, places, 'best');
    expect(best.indexes).toEqual([2, 1]);
    expect(best.addedMinutes).toBeLessThan(placeEach(trip, places, 'end').addedMinutes);
  });
});
