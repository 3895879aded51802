/**
 * Both route solvers stop on a budget of work, never a clock: the same trip and seed give the same order on a quiet
 * machine and beside spinning processes that take every core. Each budget here is small enough to be what ends the
 * search (the answer's `work` reaches it), so a clock in its place would have cut the busy run shorter.
 */
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startCpuHog, type CpuHog } from '../test/cpuHog.ts';
import { randomCostMatrix } from '../test/tourInstances.ts';
import { seededRandom } from './solver/random.ts';
import { solveTimeWindowTour, type TimeWindow, type TimeWindowOptions } from './timeWindowSolver.ts';
import { solveTour } from './tourSolver.ts';

/** 80 stops with stays and windows 40–240 wide around the times of a random order: an on-time order exists. */
function windowedTrip(): { costs: number[][]; options: TimeWindowOptions } {
  const random = seededRandom(42);
  const costs = randomCostMatrix(random, 80, false);
  const hidden = [0, ...[...costs.keys()].slice(1).sort(() => random() - 0.5)];
  const windows: TimeWindow[][] = new Array(costs.length);
  let time = 0;
  hidden.forEach((node, k) => {
    if (k > 0) time += costs[hidden[k - 1]][node] + 10;
    const width = 40 + Math.floor(random() * 201);
    const earliest = Math.max(0, time - Math.floor(random() * width));
    windows[node] = k === 0 ? [] : [[earliest, earliest + width]];
  });
  return { costs, options: { windows, serviceTimes: costs.map((_, node) => (node === 0 ? 0 : 10)), seed: 3, workBudget: 6_000_000 } };
}

/** Runs `solve` with every core busy. */
async function besideHog<T>(solve: () => T): Promise<T> {
  hog = await startCpuHog(os.availableParallelism());
  try {
    return solve();
  } finally {
    await hog.stop();
    hog = null;
  }
}

let hog: CpuHog | null = null;
afterEach(async () => {
  await hog?.stop();
});

describe('the route solvers under load', () => {
  it('give the time-window trip the same on-time order beside a CPU hog as on a quiet machine', async () => {
    const { costs, options } = windowedTrip();
    const quiet = solveTimeWindowTour(costs, options);
    const busy = await besideHog(() => solveTimeWindowTour(costs, options));
    expect(quiet.feasible).toBe(true);
    expect(quiet.work).toBeGreaterThanOrEqual(6_000_000);
    expect(busy.order).toEqual(quiet.order);
    expect(busy).toEqual(quiet);
  });

  it('give a 150-stop trip the same shortest order beside a CPU hog as on a quiet machine', async () => {
    const costs = randomCostMatrix(seededRandom(150), 150, false);
    const options = { seed: 4, workBudget: 3_000_000 };
    const quiet = solveTour(costs, options);
    const busy = await besideHog(() => solveTour(costs, options));
    expect(quiet.work).toBeGreaterThanOrEqual(3_000_000);
    expect(busy).toEqual(quiet);
  });
});
