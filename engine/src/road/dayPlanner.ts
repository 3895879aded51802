/**
 * "Plan my days" as a pure step: from a trip's stops in order (with their plan fields), the drive matrix between
 * the located ones and the trip's daily window and limit, a proposed order and where each day ends. The order is
 * Optimise route's (the first stop first, visited, pinned and unlocated stops in place, the last last when asked);
 * then stops the order brings to a closed door or past a fixed time are swapped with other movable stops while that
 * meets more constraints. When any stop has a fixed time, opening hours or a planned date, the time-window solver's
 * order (dayPlanner/windowOrder.ts), mended by the same swaps, competes with that one and the one meeting more
 * constraints, then driving less, wins, so the clock can only make the plan better. Every order is split into days by walking the day model
 * (dayPlanner/daySimulation.ts). The current order with its current overnights is walked too, for the "before".
 */
import type { RoadMatrix } from '../routing/legRouter.ts';
import { simulateDays, tripStart, type Simulation } from './dayPlanner/daySimulation.ts';
import { clockBackstopMs } from './dayPlanner/clockBackstop.ts';
import { hasTimeConstraint, planHorizon, windowOrder } from './dayPlanner/windowOrder.ts';
import type { UnmetKind } from '@caravan/shared';
import { timedStops, type DayPlanSettings, type DayPlanStop, type TimedStop } from './dayPlanner/planStops.ts';
import { keepsPlace, proposeRoute, type ProposalRules, type ProposalStop } from './routeProposal.ts';

export type { SimulatedDay, Simulation } from './dayPlanner/daySimulation.ts';
export type { DayPlanSettings, DayPlanStop, Unmet } from './dayPlanner/planStops.ts';

export interface DayPlanInput {
  /** Every stop, in trip order. */
  stops: DayPlanStop[];
  /** Drives between the located stops, in trip order. */
  matrix: RoadMatrix;
  settings: DayPlanSettings;
  /** Now (ms): day 1 is today when neither the trip nor its first stop names a date. */
  now: number;
  endAtLast: boolean;
  pinnedStopIds: readonly string[];
  /** false: the shortest order and swaps alone, as before the clock-aware order (for bench:route's comparison). Default true. */
  byTimeWindows?: boolean;
}

export interface DayPlan {
  /** Every stop id, in the proposed order. */
  order: string[];
  /** The current order, with days ending only at today's overnight stops. */
  before: Simulation;
  /** The proposed order, split into days. */
  after: Simulation;
  solveMs: number;
}

/**
 * Constraints at a stop that another order may meet: they weigh more than any count of the others. A car running
 * out before a stop is one: an order that reaches a fuel or charging stop first meets it.
 */
const ORDER_FIXABLE: ReadonlySet<UnmetKind> = new Set(['closed', 'closesDuringStay', 'fixedTimeMissed', 'lateForPlannedDate', 'rangeRunsOut']);
/** Rounds of swaps: each tries every movable partner of every stop still missing a constraint. */
const SWAP_ROUNDS = 3;
/** Stops tried per round. */
const SWAP_STOPS_PER_ROUND = 12;
/**
 * Stops walked over by all swaps together (each swap walks the whole order): about a second for any trip, and a
 * count rather than a clock so the same trip always gets the same plan.
 */
const SWAP_STOP_VISITS = 1_000_000;
/** The clock backstop of each mend (./dayPlanner/clockBackstop.ts): past it the plan keeps the swaps found so far. */
const MEND_BUDGET_MS = 2000;

/**
 * The shortest order's solve when it is the fallback beside the time-window order: capped by counts so the plan
 * repeats (about 0.1 s for 200 stops); past a few hundred stops the work cap (about 0.6 s of CPU) ends it.
 */
const FALLBACK_SOLVE = { maxIterations: 3000, workBudget: 45_000_000 };

interface Walked {
  order: TimedStop[];
  best: Simulation;
}

export type Score = [fixable: number, unmet: number, driveMinutes: number, days: number];

/** How a plan is judged: constraints another order may meet, then every unmet constraint, then driving, then days. */
export function score({ days, unmet }: Simulation): Score {
  const fixable = unmet.filter((miss) => ORDER_FIXABLE.has(miss.kind)).length;
  return [fixable, unmet.length, days.reduce((sum, day) => sum + day.driveMinutes, 0), days.length];
}

export const better = (a: Score, b: Score) => {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k];
  return false;
};

export function planDays({ stops, matrix, settings, now, endAtLast, pinnedStopIds, byTimeWindows = true }: DayPlanInput): DayPlan {
  const timed = timedStops(stops);
  const byId = new Map(timed.map((stop) => [stop.id, stop]));
  const walk = (order: readonly TimedStop[], splitting: boolean) => simulateDays(order, matrix, settings, now, splitting);
  const before = walk(timed, false);
  if (stops.length < 2) return { order: stops.map((stop) => stop.id), before, after: walk(timed, true), solveMs: 0 };

  const clockAware = byTimeWindows && hasTimeConstraint(timed);
  // When the time-window order competes, the shortest order is the fallback and gets a shorter solve.
  const rules: ProposalRules = { endAtLast, pinnedStopIds: new Set(pinnedStopIds), limits: clockAware ? FALLBACK_SOLVE : undefined };
  // Optimise route's rules read a stop without a position as one that keeps its place, as here.
  const asProposal = stops as ProposalStop[];
  const proposal = proposeRoute(asProposal, matrix, rules);
  const started = performance.now();

  // The shortest order, or the current one when it meets more.
  let shortest = proposal.order.map((id) => byId.get(id)!);
  let shortestWalked = walk(shortest, true);
  const current = walk(timed, true);
  if (better(score(current), score(shortestWalked))) [shortest, shortestWalked] = [[...timed], current];

  const keeps = asProposal.map((stop, index) => keepsPlace(stop, index, stops.length, rules));
  const movable = new Set(stops.filter((_, index) => !keeps[index]).map((stop) => stop.id));
  /** Swaps stops an order brings to a closed door or past a fixed time with other movable stops while that meets more. */
  const mend = (plan: Walked): Walked => {
    let walksLeft = Math.floor(SWAP_STOP_VISITS / stops.length);
    const until = performance.now() + clockBackstopMs(stops.length, MEND_BUDGET_MS);
    for (let round = 0; round < SWAP_ROUNDS && walksLeft > 0; round++) {
      const missing = [...new Set(plan.best.unmet.filter((miss) => ORDER_FIXABLE.has(miss.kind) && movable.has(miss.stopId)).map((miss) => miss.stopId))];
      let improved = false;
      for (const stopId of missing.slice(0, SWAP_STOPS_PER_ROUND)) {
        const from = plan.order.findIndex((stop) => stop.id === stopId);
        for (let to = 0; to < plan.order.length && walksLeft > 0; to++) {
          if (to === from || !movable.has(plan.order[to].id)) continue;
          if (performance.now() > until) walksLeft = 0;
          if (walksLeft-- <= 0) break;
          const swapped = [...plan.order];
          [swapped[from], swapped[to]] = [swapped[to], swapped[from]];
          const walked = walk(swapped, true);
          if (better(score(walked), score(plan.best))) {
            [plan, improved] = [{ order: swapped, best: walked }, true];
            break;
          }
        }
      }
      if (!improved) break;
    }
    return plan;
  };
  let { order, best } = mend({ order: shortest, best: shortestWalked });
  // The time-window solver's order when the clock matters, mended the same way, kept when it meets more (then drives less).
  if (clockAware) {
    const { day, time } = tripStart(timed[0], settings, now);
    const horizonDays = planHorizon(timed, matrix, settings, day);
    const windowed = windowOrder({ stops: timed, keeps, matrix, settings, startDay: day, startTime: time, horizonDays });
    const mended = mend({ order: windowed, best: walk(windowed, true) });
    if (better(score(mended.best), score(best))) ({ order, best } = mended);
  }
  return { order: order.map((stop) => stop.id), before, after: best, solveMs: proposal.solveMs + performance.now() - started };
}
