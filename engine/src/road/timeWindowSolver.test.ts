/**
 * The time-window solver: small trips with windows come out in their best order (checked against trying
 * every order, on time or, when none is, least late), an on-time order is found where both starting orders
 * are late (the feasibility phase), a late answer is never called on time, pinned
 * stops keep their places, days open in turn are used in turn, and the standard n20w20 instance reaches its
 * proven optimum.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTsptw } from '../../../bench/tsptw.ts';
import { bruteForceTimed, randomTimeWindowInstance, timedCost } from '../test/timeWindowInstances.ts';
import { keepsPlaces, randomCostMatrix } from '../test/tourInstances.ts';
import { seededRandom } from './solver/random.ts';
import { solveTimeWindowTour, type TimeWindow, type TimeWindowOptions, type TimeWindowTour } from './timeWindowSolver.ts';
import { byClosingTime, soonestNext } from './timeWindows/startingPaths.ts';
import { timedProblem } from './timeWindows/timedProblem.ts';
import { searchTimed } from './timeWindows/timedSearch.ts';

/** Dumas et al.'s n20w20.001 (a public TSPTW instance, optimum 378), kept beside the test: a clone has no ../shared. */
const N20W20 = path.join(path.dirname(fileURLToPath(import.meta.url)), 'n20w20.tsptw.fixture.txt');

function isPermutation(order: readonly number[], n: number): boolean {
  return order.length === n && [...order].sort((a, b) => a - b).every((node, k) => node === k);
}

/** The answer agrees with the order it returns: its travel and lateness walked independently, and the missed windows listed. */
function expectConsistent(costs: number[][], options: TimeWindowOptions, solved: TimeWindowTour, label: string): void {
  expect(isPermutation(solved.order, costs.length), label).toBe(true);
  expect(keepsPlaces(solved.order, options), label).toBe(true);
  const walked = timedCost(costs, solved.order, options);
  expect(solved.travel, label).toBe(walked.travel);
  expect(solved.lateness, label).toBe(walked.late);
  expect(solved.feasible, label).toBe(walked.late === 0);
  expect(solved.violations.length > 0, label).toBe(walked.late > 0);
  expect(solved.violations.every((visit) => visit.lateness > 0)).toBe(true);
}

describe('solveTimeWindowTour', () => {
  it('gives random trips of up to 10 stops with windows their brute-force best: on time and shortest, or least late', () => {
    const random = seededRandom(31);
    let late = 0;
    for (let trial = 0; trial < 120; trial++) {
      const { costs, options, label } = randomTimeWindowInstance(random, 10);
      const solved = solveTimeWindowTour(costs, options);
      expectConsistent(costs, options, solved, label);
      const best = bruteForceTimed(costs, options);
      expect({ late: solved.lateness, travel: solved.travel }, label).toEqual(best);
      expect(solved.exact).toBe(true);
      if (best.late > 0) late++;
    }
    // Both kinds were drawn: trips that can be on time and trips that cannot.
    expect(late).toBeGreaterThan(10);
    expect(late).toBeLessThan(110);
  });

  it('finds the brute-force best with the heuristic search too (asymmetric, windows, stays)', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 40; trial++) {
      const { costs, options, label } = randomTimeWindowInstance(random, 10);
      const problem = timedProblem(costs, options);
      const { sequence } = searchTimed(problem, { work: Infinity, lateWork: Infinity, maxIterations: 300, stallIterations: 300, seed: 1 });
      const order = Array.from(sequence.subarray(0, costs.length));
      expect(keepsPlaces(order, options), label).toBe(true);
      expect(timedCost(costs, order, options), label).toEqual(bruteForceTimed(costs, options));
    }
  });

  it('reaches the proven optimum of the n20w20 TSPTW instance (378)', () => {
    const { travel, windows } = readTsptw(N20W20);
    const options = { closed: true, windows: windows.map((window) => [window]), maxIterations: 300 };
    const solved = solveTimeWindowTour(travel, options);
    expect(solved).toMatchObject({ travel: 378, feasible: true, lateness: 0, violations: [], exact: false });
    expectConsistent(travel, options, solved, 'n20w20');
    for (const visit of solved.schedule) expect(visit.start).toBeLessThanOrEqual(windows[visit.node][1]);
  });

  it('finds an on-time order where both starting orders are late (the feasibility phase), on a budget of work', () => {
    // 120 stops, windows 100–300 wide (a drive is ~700) around the times of a hidden order: on time exists, and
    // neither the closing-time order nor the soonest-next order finds it.
    const random = seededRandom(12);
    const costs = randomCostMatrix(random, 120, false);
    const hidden = [0, ...[...costs.keys()].slice(1).sort(() => random() - 0.5)];
    const windows: TimeWindow[][] = new Array(costs.length);
    let time = 0;
    hidden.forEach((node, k) => {
      if (k > 0) time += costs[hidden[k - 1]][node];
      const width = 100 + Math.floor(random() * 201);
      const earliest = Math.max(0, time - Math.floor(random() * width));
      windows[node] = k === 0 ? [] : [[earliest, earliest + width]];
    });
    const options: TimeWindowOptions = { windows, seed: 2 };
    const problem = timedProblem(costs, options);
    for (const start of [byClosingTime(problem), soonestNext(problem)]) {
      expect(timedCost(costs, Array.from(start.subarray(0, costs.length)), options).late).toBeGreaterThan(0);
    }
    const solved = solveTimeWindowTour(costs, options);
    expectConsistent(costs, options, solved, 'narrow windows');
    expect(solved).toMatchObject({ feasible: true, lateness: 0, violations: [] });
    expect(solved.travel).toBeLessThanOrEqual(timedCost(costs, hidden, options).travel);
  });

  it('says when no order is on time, and returns the least late one with its missed windows', () => {
    // 14 stops on a line 10 apart; stop 5 must be reached by 20, which nothing can do (it is 50 away).
    const costs = Array.from({ length: 14 }, (_, a) => Array.from({ length: 14 }, (_, b) => 10 * Math.abs(a - b)));
    const windows: Array<TimeWindow[] | undefined> = costs.map(() => undefined);
    windows[5] = [[0, 20]];
    windows[9] = [[0, 1000]];
    const options = { windows, maxIterations: 200 };
    const solved = solveTimeWindowTour(costs, options);
    expectConsistent(costs, options, solved, 'line');
    expect(solved.feasible).toBe(false);
    expect(solved.violations.map((visit) => visit.node)).toEqual([5]);
    // Least late: straight to stop 5 (arriving at 50), then the rest.
    expect(solved.lateness).toBe(30);
    expect(solved.order.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps the first, last and pinned stops in place on a 30-stop trip and meets every window', () => {
    const random = seededRandom(5);
    const costs = randomCostMatrix(random, 30, false);
    const reference = [...Array(30).keys()];
    // Windows 200 wide around the times of the listed order, which keeps the pins: an on-time order exists.
    const windows: TimeWindow[][] = [];
    let time = 0;
    reference.forEach((node, k) => {
      if (k > 0) time += costs[k - 1][k] + 15;
      windows[node] = [[Math.max(0, time - 100), time + 100]];
    });
    const options: TimeWindowOptions = {
      first: 0,
      last: 29,
      fixedPositions: new Map([[12, 12], [13, 13]]),
      windows,
      serviceTimes: costs.map(() => 15),
      maxIterations: 500,
    };
    const solved = solveTimeWindowTour(costs, options);
    expectConsistent(costs, options, solved, '30 stops');
    expect(solved.feasible).toBe(true);
    expect(solved.travel).toBeLessThanOrEqual(timedCost(costs, reference, options).travel);
    expect(solveTimeWindowTour(costs, options)).toEqual(solved);
  });

  it('serves a stop open on several days in the first day it is still open, waiting overnight', () => {
    const day = (d: number): TimeWindow => [d * 1440 + 540, d * 1440 + 1020];
    // A 10-hour drive from the start (leaving 08:00 on day 0) reaches stop 1 at 18:00, after it closed: it waits until 09:00 next day.
    const costs = [
      [0, 600, 700],
      [600, 0, 60],
      [700, 60, 0],
    ];
    const options: TimeWindowOptions = { startTime: 480, windows: [undefined, [day(0), day(1), day(2)], [day(2)]], serviceTimes: [0, 120, 30] };
    const solved = solveTimeWindowTour(costs, options);
    expect(solved.order).toEqual([0, 1, 2]);
    expect(solved.schedule[1]).toMatchObject({ arrival: 1080, start: 1440 + 540, departure: 1440 + 660, lateness: 0 });
    expect(solved.schedule[2]).toMatchObject({ arrival: 1440 + 720, start: 2 * 1440 + 540 });
    expect(solved.feasible).toBe(true);
  });

  it('rejects malformed windows, service times and pins', () => {
    const costs = [
      [0, 1],
      [1, 0],
    ];
    expect(() => solveTimeWindowTour(costs, { windows: [undefined, [[5, 1]]] })).toThrow(RangeError);
    expect(() => solveTimeWindowTour(costs, { windows: [undefined, [[0, 5], [4, 9]]] })).toThrow(/sorted and disjoint/);
    expect(() => solveTimeWindowTour(costs, { windows: [undefined] })).toThrow(/one entry per node/);
    expect(() => solveTimeWindowTour(costs, { serviceTimes: [0, -1] })).toThrow(/service time/);
    expect(() => solveTimeWindowTour(costs, { workBudget: 0 })).toThrow(/workBudget must be a number > 0/);
    expect(() => solveTimeWindowTour(costs, { workBudget: Number.NaN })).toThrow(RangeError);
    expect(() => solveTimeWindowTour([[0, -1], [1, 0]], {})).toThrow(/≥ 0/);
    expect(() => solveTimeWindowTour(costs, { first: 0, last: 0 })).toThrow(RangeError);
    expect(solveTimeWindowTour([], {})).toMatchObject({ order: [], feasible: true });
  });
});
