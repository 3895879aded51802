/**
 * Time-window solver (the travelling salesman with time windows): given any travel-time matrix —
 * asymmetric included — a stay (service time) and one or more windows per node, a fixed first node and
 * start time, returns the order with the least travel among those that meet every window, as an open path,
 * a closed tour back to the first node, or a path to a required last node, keeping pinned positions (as
 * ./tourSolver.ts). Waiting for a window to open is allowed and not counted. When no on-time order is found
 * it says so and returns the order with the least total lateness, with the visits that miss their windows
 * — never a late order presented as on time.
 *
 * Exact for up to 10 free nodes (dynamic programming over the nodes placed, keeping every partial path not
 * beaten on lateness, travel and time); beyond that a variable neighbourhood search (./timeWindows/) on a budget
 * of work, not time, so the same trip and seed give the same order at any load; measured against the proven
 * optima of standard TSPTW instances by `npm run bench:route`.
 */
import { EXACT_TIMED_FREE_NODE_LIMIT, solveTimedExactly } from './timeWindows/exactTimedPath.ts';
import { latenessAt, serviceStart, timedProblem, type TimedProblem } from './timeWindows/timedProblem.ts';
import { descendedStart, searchTimed } from './timeWindows/timedSearch.ts';
import type { TimedVisit, TimeWindowOptions, TimeWindowTour } from './timeWindows/timeWindowOptions.ts';
import { WorkMeter } from './timeWindows/workMeter.ts';

export type { TimedVisit, TimeWindow, TimeWindowOptions, TimeWindowTour } from './timeWindows/timeWindowOptions.ts';

/**
 * The heuristic's default budget in work units (./timeWindows/workMeter.ts: moves looked at and clock positions
 * walked), not milliseconds, so the answer depends on the trip and the seed alone. Calibrated on the bench machine
 * (bench:route prints units per ms of CPU): the largest standard instances kept beside the bench (201 nodes) stop
 * within 1 s of CPU, most trips much earlier on a long run without gain.
 */
export const DEFAULT_TIME_WINDOW_WORK = 40_000_000;

/** While no on-time order is found the search may spend this many budgets: an on-time plan is worth the wait. */
const LATE_WORK_FACTOR = 2;

/**
 * Shakes in a row without a better path after which the search stops early, per free node, and at least: with 200
 * in a row, wide-window 61-node instances (Gendreau's n60w200) stopped above their optimum on some seeds.
 */
const STALL_SHAKES_PER_FREE_NODE = 3;
const MIN_STALL_SHAKES = 600;

/** @throws RangeError when the matrix is not square with finite entries ≥ 0, a window or service time is malformed, or the pins contradict each other. */
export function solveTimeWindowTour(costs: readonly (readonly number[])[], options: TimeWindowOptions = {}): TimeWindowTour {
  if (Array.isArray(costs) && costs.length === 0) {
    return { order: [], travel: 0, feasible: true, lateness: 0, violations: [], schedule: [], exact: true, work: 0 };
  }
  const work = options.workBudget ?? DEFAULT_TIME_WINDOW_WORK;
  if (!(work > 0)) throw new RangeError('workBudget must be a number > 0');
  const problem = timedProblem(costs, options);
  const exact = problem.freeNodes.length <= EXACT_TIMED_FREE_NODE_LIMIT;
  if (exact) {
    const meter = new WorkMeter();
    return describe(problem, solveTimedExactly(problem, descendedStart(problem, undefined, meter)), exact, meter.spent);
  }
  const { sequence, work: spent } = searchTimed(problem, {
    work,
    lateWork: LATE_WORK_FACTOR * work,
    maxIterations: options.maxIterations ?? Infinity,
    maxMoves: options.maxMoves ?? Infinity,
    stallIterations: Math.max(MIN_STALL_SHAKES, STALL_SHAKES_PER_FREE_NODE * problem.freeNodes.length),
    seed: options.seed ?? 1,
  });
  return describe(problem, sequence, exact, spent);
}

/** The answer for a solved path: its order, times, travel and missed windows. */
function describe(problem: TimedProblem, sequence: Int32Array, exact: boolean, work: number): TimeWindowTour {
  const { n, travel, service, nodeCount, startTime } = problem;
  const schedule: TimedVisit[] = [{ node: sequence[0], arrival: startTime, start: startTime, departure: startTime, lateness: 0 }];
  let total = 0;
  for (let position = 1; position < sequence.length; position++) {
    const node = sequence[position];
    if (node === n) break; // the open path's sentinel
    const leg = travel[sequence[position - 1] * nodeCount + node];
    const arrival = schedule[position - 1].departure + leg;
    const start = serviceStart(problem, node, arrival);
    total += leg;
    schedule.push({ node, arrival, start, departure: start + service[node], lateness: latenessAt(problem, node, arrival) });
  }
  const violations = schedule.filter((visit) => visit.lateness > 0);
  const lateness = violations.reduce((sum, visit) => sum + visit.lateness, 0);
  return { order: Array.from(sequence.subarray(0, n)), travel: total, feasible: violations.length === 0, lateness, violations, schedule, exact, work };
}
