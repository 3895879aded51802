/**
 * What "Plan my days" reads of a trip's document: every stop with the plan fields it holds (only the keys the planner
 * needs), and the trip's daily window. A setting the document lacks or holds unreadable reads as its default.
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import {
  DEFAULT_ARRIVAL_TIME,
  DEFAULT_DAILY_DRIVE_LIMIT_MINUTES,
  DEFAULT_DEPARTURE_TIME,
  DEFAULT_EARLIEST_DEPARTURE,
  orderedStops,
  PLAN_STOP_FIELD_KEYS,
  planTripFields,
  readMeta,
  ZArrivalTime,
  ZDailyDriveLimitMinutes,
} from '@caravan/shared';
import type { DayPlanSettings, DayPlanStop } from './dayPlanner.ts';

export interface DayPlanTrip {
  stops: DayPlanStop[];
  settings: DayPlanSettings;
}

function setting<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const read = schema.safeParse(value);
  return read.success ? read.data : fallback;
}

export function dayPlanTripOf(doc: Y.Doc): DayPlanTrip {
  const meta = readMeta(doc) as Record<string, unknown>;
  const stops = orderedStops(doc).map((stop) => {
    const held = stop as unknown as Record<string, unknown>;
    const plan = Object.fromEntries(PLAN_STOP_FIELD_KEYS.filter((key) => key in held).map((key) => [key, held[key]]));
    const { id, name, latitude, longitude, visited, plannedArrivalDate } = stop;
    return { id, name, latitude, longitude, visited, plannedArrivalDate, ...plan } as DayPlanStop;
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
}
