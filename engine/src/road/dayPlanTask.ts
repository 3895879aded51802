/**
 * "Plan my days"' CPU work, as the worker pool (server/src/heavyWork/) runs it: reading the trip's document from its
 * stored bytes, the estimate matrix when the road router had none to give, then the planner. Plain data in and out,
 * as routeProposalTask.ts; a refusal (AppError) goes back as data.
 */
import { dayPlanMessages, hasPosition, messages, type LegSource } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';
import { tripDocOf } from '../tripDocs/storedUpdates.ts';
import { estimatedMatrix } from '../routing/greatCircleLegRouter.ts';
import { planDays, type DayPlan, type DayPlanInput } from './dayPlanner.ts';
import { dayPlanTripOf } from './dayPlanTrip.ts';
import { unpackMatrix, type PackedMatrix } from './packedMatrix.ts';
import { locatedStops, type ProposalStop } from './routeProposal.ts';

export interface PlanDaysTask extends Pick<DayPlanInput, 'now' | 'endAtLast' | 'pinnedStopIds'> {
  /** The trip's document as stored (engine/src/tripDocs/storedUpdates.ts). */
  updates: Uint8Array[];
  /** The road router's matrix between the stops `matrixStopIds` names, in that order; null: the estimate. */
  matrix: PackedMatrix | null;
  matrixStopIds: string[];
}

/** A day's end the planner chose at a stop with no lodging booked: where a place to sleep is suggested. */
export interface DayEndPoint {
  stopId: string;
  latitude: number;
  longitude: number;
}

export interface PlanDaysResult extends DayPlan {
  /** Every stop id, in the order the plan started from. */
  fromOrder: string[];
  needsLodging: DayEndPoint[];
  source: LegSource;
  matrixMs: number;
}

const sameIds = (a: readonly { id: string }[], b: readonly string[]) => a.length === b.length && a.every((stop, k) => stop.id === b[k]);

export function planDaysTask({ updates, matrix, matrixStopIds, now, endAtLast, pinnedStopIds }: PlanDaysTask): PlanDaysResult {
  const { stops, settings } = dayPlanTripOf(tripDocOf(updates));
  const stopIds = new Set(stops.map((stop) => stop.id));
  if (pinnedStopIds.some((id) => !stopIds.has(id))) throw new AppError('validation', messages.routeOptimisation.unknownPinnedStop);
  const located = locatedStops(stops as ProposalStop[]);
  if (located.length < 2) throw new AppError('validation', dayPlanMessages.tooFewLocatedStops);

  const started = performance.now();
  // The router's matrix was asked for the stops as the same snapshot's rows hold them: the document agrees.
  const roadMatrix = matrix && sameIds(located, matrixStopIds) ? unpackMatrix(matrix) : estimatedMatrix(located);
  const matrixMs = performance.now() - started;
  const plan = planDays({ stops, matrix: roadMatrix, settings, now, endAtLast, pinnedStopIds });

  // A day that ends at an overnight stop with its lodging needs no suggestion.
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  const needsLodging = plan.after.days.flatMap(({ sleepsAt }) => {
    const stop = sleepsAt === null ? undefined : byId.get(sleepsAt);
    if (!stop || !hasPosition(stop) || (stop.overnight === true && stop.lodging)) return [];
    return [{ stopId: stop.id, latitude: stop.latitude!, longitude: stop.longitude! }];
  });
  return { ...plan, fromOrder: stops.map((stop) => stop.id), needsLodging, source: roadMatrix.source, matrixMs };
}
