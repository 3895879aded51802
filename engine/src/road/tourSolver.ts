/**
 * Route-order solver ("Optimise route"): given any cost matrix — drive minutes or metres,
 * symmetric or not (OSRM drive times differ by direction) — returns the visiting order with the least
 * total cost, as an open path (the default: a trip from its first stop to wherever it ends) or a closed
 * tour, keeping a required first stop, an optional required last stop and any pinned positions
 * (visited or pinned stops keep their places).
 *
 * No maintained npm package handles asymmetric costs with pinned positions and open paths, so this is
 * a small one of our own: exact (Held–Karp) up to 12 free stops, so small trips are always optimal;
 * beyond that nearest neighbour, 2-opt and Or-opt over neighbour lists, and double-bridge kicks within
 * a budget of work (never a clock, so the order does not depend on the machine's load). The pieces live in ./solver/ (tourProblem.ts turns every variant into one internal
 * shape, a path with pinned ends); this module picks the exact or the heuristic search.
 */
import { EXACT_FREE_NODE_LIMIT, solvePathExactly } from './solver/exactPath.ts';
import { searchPath } from './solver/iteratedLocalSearch.ts';
import type { SolvedTour, TourOptions } from './solver/tourOptions.ts';
import { tourProblem } from './solver/tourProblem.ts';

export type { SolvedTour, TourOptions } from './solver/tourOptions.ts';

/**
 * The heuristic's default budget in work units (moves looked at, positions rewritten: solver/localSearch.ts), not
 * milliseconds, so the same input and seed give the same order at any load. Calibrated on the bench machine
 * (bench:route prints units per ms of CPU): kroA100 reaches its optimum in a third of it; the whole is about 150 ms of CPU.
 */
export const DEFAULT_TOUR_WORK = 10_000_000;

/** Kicks in a row without a better order after which the search stops early, per free node. */
const STALL_KICKS_PER_FREE_NODE = 60;
const MIN_STALL_KICKS = 3000;

/** @throws RangeError when the matrix is not square with finite entries or the options contradict each other. */
export function solveTour(costs: readonly (readonly number[])[], options: TourOptions = {}): SolvedTour {
  const { problem, toOrder } = tourProblem(costs, options);
  if (costs.length === 0) return { order: [], cost: 0, exact: true, work: 0 };
  const work = options.workBudget ?? DEFAULT_TOUR_WORK;
  if (!(work > 0)) throw new RangeError('workBudget must be a number > 0');
  const exact = problem.freeNodes.length <= EXACT_FREE_NODE_LIMIT;
  const solved = exact
    ? { sequence: solvePathExactly(problem), work: 0 }
    : searchPath(problem, {
        work,
        maxIterations: options.maxIterations ?? Infinity,
        stallIterations: Math.max(MIN_STALL_KICKS, STALL_KICKS_PER_FREE_NODE * problem.freeNodes.length),
        seed: options.seed ?? 1,
      });
  const order = toOrder(solved.sequence);
  return { order, cost: orderCost(costs, order, options.closed ?? false), exact, work: solved.work };
}

/** Total cost of visiting the nodes in this order. */
export function orderCost(costs: readonly (readonly number[])[], order: readonly number[], closed: boolean): number {
  let total = 0;
  for (let k = 0; k + 1 < order.length; k++) total += costs[order[k]][order[k + 1]];
  if (closed && order.length > 1) total += costs[order[order.length - 1]][order[0]];
  return total;
}
