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
 * a time budget. The pieces live in ./solver/ (tourProblem.ts turns every variant into one internal
 * shape, a path with pinned ends); this module picks the exact or the heuristic search.
 */
import { EXACT_FREE_NODE_LIMIT, solvePathExactly } from './solver/exactPath.ts';
import { searchPath } from './solver/iteratedLocalSearch.ts';
import type { SolvedTour, TourOptions } from './solver/tourOptions.ts';
import { tourProblem } from './solver/tourProblem.ts';

export type { SolvedTour, TourOptions } from './solver/tourOptions.ts';

export const DEFAULT_TIME_BUDGET_MS = 150;

/** Kicks in a row without a better order after which the search stops early, per free node. */
const STALL_KICKS_PER_FREE_NODE = 60;
const MIN_STALL_KICKS = 3000;

/** @throws RangeError when the matrix is not square with finite entries or the options contradict each other. */
export function solveTour(costs: readonly (readonly number[])[], options: TourOptions = {}): SolvedTour {
  const { problem, toOrder } = tourProblem(costs, options);
  if (costs.length === 0) return { order: [], cost: 0, exact: true };
  const exact = problem.freeNodes.length <= EXACT_FREE_NODE_LIMIT;
  const sequence = exact
    ? solvePathExactly(problem)
    : searchPath(problem, {
        deadline: performance.now() + (options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS),
        maxIterations: options.maxIterations ?? Infinity,
        stallIterations: Math.max(MIN_STALL_KICKS, STALL_KICKS_PER_FREE_NODE * problem.freeNodes.length),
        seed: options.seed ?? 1,
      });
  const order = toOrder(sequence);
  return { order, cost: orderCost(costs, order, options.closed ?? false), exact };
}

/** Total cost of visiting the nodes in this order. */
export function orderCost(costs: readonly (readonly number[])[], order: readonly number[], closed: boolean): number {
  let total = 0;
  for (let k = 0; k + 1 < order.length; k++) total += costs[order[k]][order[k + 1]];
  if (closed && order.length > 1) total += costs[order[order.length - 1]][order[0]];
  return total;
}
