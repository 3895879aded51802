/**
 * "Plan my days" (docs/product.md#plan-my-days): /_api/trips/stops/plan-days proposes a stop order and where each
 * day ends, within the trip's daily window and driving limit, with places to sleep near each day's end and every
 * constraint it could not meet. It writes nothing; the client applies the plan to the live document as one
 * undoable change.
 */
import { z } from 'zod';
import { LEG_SOURCES } from '../road/driveLeg.ts';
import { ZOptimiseRouteRequest } from './routeOptimisation.ts';

export const dayPlanMessages = {
  tooFewLocatedStops: 'Plan my days needs at least two stops with a position on the map',
} as const;

/** The same choices as Optimise route: keep the last stop last, and the stops pinned in place. */
export const ZPlanDaysRequest = ZOptimiseRouteRequest;

/**
 * What the plan could not meet: a closed place, a stay running past closing, a fixed time missed, an arrival after the
 * day's window, a day over its driving limit, a single drive over it, a stop later than its planned date, the car's
 * range running out before the stop (shared/src/range/).
 */
export const UNMET_KINDS = ['closed', 'closesDuringStay', 'fixedTimeMissed', 'pastWindow', 'overDailyLimit', 'longLeg', 'lateForPlannedDate', 'rangeRunsOut'] as const;
export type UnmetKind = (typeof UNMET_KINDS)[number];

export const ZPlannedDay = z.object({
  /** 1-based, counted in dates from the trip's day 1 as the itinerary counts them (nights count as days). */
  day: z.number().int(),
  /** 'YYYY-MM-DD' */
  date: z.string(),
  /** The stop the day leaves from, then every stop reached that day. */
  stopIds: z.array(z.string()),
  driveMinutes: z.number(),
  distanceKm: z.number(),
  /** Where the group sleeps after this day; null for the last day. */
  sleepsAt: z.string().nullable(),
  /** The days spent at that lodging after this one (a 2-night stay: one), each with its own number. */
  restDays: z.array(z.object({ day: z.number().int(), date: z.string() })),
});

export const ZUnmetConstraint = z.object({
  stopId: z.string(),
  /** 1-based, as ZPlannedDay.day. */
  day: z.number().int(),
  kind: z.enum(UNMET_KINDS),
  /** By how many minutes (late, over the limit); null when it is not a matter of minutes (closed all day). */
  minutes: z.number().nullable(),
  /** rangeRunsOut: the stop the car leaves, and the road km after it where the range reaches the reserve. */
  afterStopId: z.string().optional(),
  km: z.number().optional(),
  /** rangeRunsOut: where the car last filled up, and the share (0–1) of the leg driven when it runs out. */
  lastFillStopId: z.string().optional(),
  fraction: z.number().optional(),
});

export const ZDaysOfPlan = z.object({ days: z.array(ZPlannedDay), unmet: z.array(ZUnmetConstraint) });

export const ZLodgingSuggestion = z.object({
  name: z.string(),
  address: z.string(),
  category: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** From the stop the day ends at, straight line, 0.1 km. */
  distanceKm: z.number(),
});

export const ZPlanDaysResponse = z.object({
  /** Every stop's id in the order the plan was made from: a client whose order differs has a stale plan. */
  fromOrder: z.array(z.string()),
  /** Every stop's id in the proposed order. */
  order: z.array(z.string()),
  /** The current order, days ending only at today's overnight stops. */
  before: ZDaysOfPlan,
  after: ZDaysOfPlan,
  lodging: z.object({
    /** False when the place provider could not be asked: the plan stands, without suggestions. */
    fetched: z.boolean(),
    /** For each day end of `after` that is not an overnight stop with lodging: up to three places, nearest first. */
    suggestions: z.array(z.object({ stopId: z.string(), places: z.array(ZLodgingSuggestion) })),
  }),
  source: z.enum(LEG_SOURCES),
  timings: z.object({ matrixMs: z.number(), planMs: z.number() }),
});

export type TPlanDaysRequest = z.infer<typeof ZPlanDaysRequest>;
export type TPlannedDay = z.infer<typeof ZPlannedDay>;
export type TUnmetConstraint = z.infer<typeof ZUnmetConstraint>;
export type TLodgingSuggestion = z.infer<typeof ZLodgingSuggestion>;
export type TPlanDaysResponse = z.infer<typeof ZPlanDaysResponse>;
