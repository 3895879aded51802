/**
 * /trips/stops/plan-days (docs/product.md#plan-my-days): a proposed order and where each day ends, written nowhere;
 * the client applies it to the live document as one undoable change. Reads the stops and the trip's daily window
 * from the trip document (caught up, so plan fields only the document holds count), asks the road router for the
 * drives between the located stops (network, here), leaves the estimate and the planning to the worker pool
 * (engine/src/road/dayPlanTask.ts), then asks the place provider for lodging near each day end that has none.
 */
import type { z } from 'zod';
import {
  DEFAULT_ARRIVAL_TIME,
  DEFAULT_DAILY_DRIVE_LIMIT_MINUTES,
  DEFAULT_DEPARTURE_TIME,
  DEFAULT_EARLIEST_DEPARTURE,
  dayPlanMessages,
  hasPosition,
  messages,
  orderedStops,
  PLAN_STOP_FIELD_KEYS,
  planTripFields,
  readMeta,
  type TPlanDaysRequest,
  type TPlanDaysResponse,
  ZArrivalTime,
  ZDailyDriveLimitMinutes,
} from '@caravan/shared';
import { AppError, type DayPlanSettings, type DayPlanStop, locatedStops, matrixBuffers, packMatrix, type ProposalStop, serverOrigin } from '@caravan/engine';
import type { AppDeps } from '../types.ts';
import type { RunHeavyTask } from '../heavyWork/heavyWork.ts';
import { type DayEndPoint, lodgingSuggestions } from './lodgingSuggestions.ts';

export type DayPlanDeps = Pick<AppDeps, 'tripDocs' | 'roads' | 'heavyWork' | 'poiSearch'>;

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** A setting the document lacks or holds unreadable reads as its default. */
function setting<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const read = schema.safeParse(value);
  return read.success ? read.data : fallback;
}

interface TripForPlan {
  stops: DayPlanStop[];
  settings: DayPlanSettings;
}

/** The stops as the planner reads them (only the keys it needs cross to the worker) and the trip's window. */
async function readTrip({ tripDocs }: DayPlanDeps, tripId: string, userId: number): Promise<TripForPlan> {
  return tripDocs.write(tripId, serverOrigin(userId), ({ doc }) => {
    const meta = readMeta(doc) as Record<string, unknown>;
    const stops = orderedStops(doc).map((stop) => {
      const held = stop as unknown as Record<string, unknown>;
      const plan = Object.fromEntries(PLAN_STOP_FIELD_KEYS.filter((key) => key in held).map((key) => [key, held[key]]));
      const { id, name, latitude, longitude, visited, plannedArrivalDate } = stop;
      return { id, name, latitude, longitude, visited, plannedArrivalDate, ...plan };
    });
    return {
      stops,
      settings: {
        startDate: setting(planTripFields.startDate, meta.startDate, null),
        departureTime: setting(planTripFields.departureTime, meta.departureTime, DEFAULT_DEPARTURE_TIME),
        earliestDeparture: setting(planTripFields.earliestDeparture, meta.earliestDeparture, DEFAULT_EARLIEST_DEPARTURE),
        latestArrival: setting(ZArrivalTime, meta.arrivalTime, DEFAULT_ARRIVAL_TIME),
        dailyDriveLimitMinutes: setting(ZDailyDriveLimitMinutes, meta.dailyDriveLimitMinutes, DEFAULT_DAILY_DRIVE_LIMIT_MINUTES),
      },
    };
  });
}

export function dayPlanQuery(deps: DayPlanDeps, userId: number, request: TPlanDaysRequest): Promise<TPlanDaysResponse> {
  return deps.heavyWork.forUser(userId, (run) => plannedDays(deps, run, userId, request));
}

async function plannedDays(deps: DayPlanDeps, run: RunHeavyTask, userId: number, { tripId, endAtLast, pinnedStopIds }: TPlanDaysRequest): Promise<TPlanDaysResponse> {
  const { stops, settings } = await readTrip(deps, tripId, userId);
  const stopIds = new Set(stops.map((stop) => stop.id));
  if (pinnedStopIds.some((id) => !stopIds.has(id))) throw new AppError('validation', messages.routeOptimisation.unknownPinnedStop);
  const located = locatedStops(stops as ProposalStop[]);
  if (located.length < 2) throw new AppError('validation', dayPlanMessages.tooFewLocatedStops);

  const started = performance.now();
  const asked = await deps.roads.matrix(located);
  const askedMs = performance.now() - started;
  const matrix = asked && packMatrix(asked);
  const plan = await run('planDays', { stops, matrix, settings, now: Date.now(), endAtLast, pinnedStopIds }, matrix ? matrixBuffers(matrix) : []);

  // A day that ends at an overnight stop with its lodging needs no suggestion.
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  const needsLodging: DayEndPoint[] = plan.after.days.flatMap(({ sleepsAt }) => {
    const stop = sleepsAt === null ? undefined : byId.get(sleepsAt);
    if (!stop || !hasPosition(stop) || (stop.overnight === true && stop.lodging)) return [];
    return [{ stopId: stop.id, latitude: stop.latitude!, longitude: stop.longitude! }];
  });
  const lodging = await lodgingSuggestions(deps.poiSearch, needsLodging);

  return {
    fromOrder: stops.map((stop) => stop.id),
    order: plan.order,
    before: plan.before,
    after: plan.after,
    lodging: { fetched: lodging.fetched, suggestions: [...lodging.byStop].map(([stopId, places]) => ({ stopId, places })) },
    source: plan.source,
    timings: { matrixMs: tenths(askedMs + plan.matrixMs), planMs: tenths(plan.solveMs) },
  };
}
