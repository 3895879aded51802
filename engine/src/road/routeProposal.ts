/**
 * "Optimise route" as a pure step: from a trip's stops in order and a drive matrix between its
 * located ones, the order with the least total drive time under the feature's rules. The first stop stays
 * first, the last stays last when asked, and visited, pinned and unlocated stops keep their places; the
 * other located stops are shuffled among the places left. Unlocated stops are not in the matrix: they keep
 * their indexes in the whole list, so the located stops' slots, and a located fixed stop's index among
 * them, are the same in every order.
 */
import { hasPosition, type TRouteTotals } from '@caravan/shared';
import type { RoadMatrix } from '../routing/legRouter.ts';
import { DEFAULT_TOUR_WORK, orderCost, solveTour } from './tourSolver.ts';

export interface ProposalStop {
  id: string;
  latitude: number;
  longitude: number;
  visited: boolean;
}

export interface ProposalRules {
  endAtLast: boolean;
  pinnedStopIds: ReadonlySet<string>;
  /** The solver's work budget and iteration cap; default solveWork of the free stops and no cap. */
  limits?: { workBudget: number; maxIterations: number };
}

export interface RouteProposal {
  /** Every stop id, in the proposed order. */
  order: string[];
  before: TRouteTotals;
  after: TRouteTotals;
  solveMs: number;
}

/**
 * The heuristic's work for a trip this large (units of ./tourSolver.ts, about 75 per µs of CPU on the bench machine):
 * enough for 200 free stops to settle, well within the 1 s target, and the same plan at any load.
 */
export const solveWork = (freeStops: number) => Math.min(45_000_000, Math.max(DEFAULT_TOUR_WORK, 225_000 * freeStops));

/** Minutes rule; km break ties between orders of equal whole minutes. Both are exact in a double. */
const MINUTE_WEIGHT = 1_000_000;

/** Whether a stop keeps its place in the list, whatever the matrix says. */
export function keepsPlace(stop: ProposalStop, index: number, count: number, rules: ProposalRules): boolean {
  return (
    index === 0 || (rules.endAtLast && index === count - 1) || stop.visited || rules.pinnedStopIds.has(stop.id) || !hasPosition(stop)
  );
}

/** The located stops, in the list's order: the matrix's points. */
export const locatedStops = <T extends ProposalStop>(stops: readonly T[]): T[] => stops.filter(hasPosition);

/** Drive totals along located stops visited in `order` (indexes into the matrix). */
export function routeTotals(matrix: RoadMatrix, order: readonly number[]): TRouteTotals {
  let minutes = 0;
  let distanceKm = 0;
  for (let k = 0; k + 1 < order.length; k++) {
    minutes += matrix.minutes[order[k]][order[k + 1]];
    distanceKm += matrix.distanceKm[order[k]][order[k + 1]];
  }
  return { minutes: Math.round(minutes), distanceKm: Math.round(distanceKm * 10) / 10 };
}

/**
 * The proposal for `stops` (in trip order) given the matrix between `locatedStops(stops)`. An order no
 * shorter than the current one is not proposed: the current one stands.
 */
export function proposeRoute(stops: readonly ProposalStop[], matrix: RoadMatrix, rules: ProposalRules): RouteProposal {
  const located = locatedStops(stops);
  const identity = located.map((_, index) => index);
  const before = routeTotals(matrix, identity);
  const unchanged = { order: stops.map((stop) => stop.id), before, after: before, solveMs: 0 };

  const kept = new Set(stops.filter((stop, index) => keepsPlace(stop, index, stops.length, rules)));
  const fixedPositions = new Map<number, number>();
  located.forEach((stop, index) => {
    if (kept.has(stop)) fixedPositions.set(index, index);
  });
  const freeCount = located.length - fixedPositions.size;
  if (freeCount < 2) return unchanged;

  const costs = matrix.minutes.map((row, from) =>
    row.map((minutes, to) => minutes * MINUTE_WEIGHT + Math.round(matrix.distanceKm[from][to] * 10)),
  );
  const started = performance.now();
  const solved = solveTour(costs, { first: null, fixedPositions, workBudget: solveWork(freeCount), ...rules.limits });
  const solveMs = performance.now() - started;
  if (solved.cost >= orderCost(costs, identity, false)) return { ...unchanged, solveMs };

  // Located slots take the solved order; unlocated stops stay where they are.
  const reordered = solved.order.map((index) => located[index]);
  let next = 0;
  const order = stops.map((stop) => (hasPosition(stop) ? reordered[next++].id : stop.id));
  return { order, before, after: routeTotals(matrix, solved.order), solveMs };
}
