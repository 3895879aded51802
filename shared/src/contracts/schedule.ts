/**
 * Arrival dates and drive times (docs/product.md#itinerary): /_api/trips/stops/update-planned-date,
 * /auto-schedule and /calculate-travel-time. Dates travel as calendar dates: 'YYYY-MM-DD', or an ISO timestamp
 * whose date part (as written, whatever the offset) is the day meant — see toCalendarDate.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, stopIdInput, tripId } from './common.ts';
import { calendarDateInput } from './dateInputs.ts';
import { stopFields } from './stopFields.ts';

const m = messages.schedule;

/** A stay longer than a year is a typo; the bound also keeps computed dates far from Date's limits. */
export const MAX_STAY_DURATION_DAYS = 365;

const stopId = stopIdInput;

export const ZUpdatePlannedDateRequest = requestObject({
  tripId: tripId(),
  stopId: stopId(),
  /** The epoch ('1970-01-01') with autoScheduled false is how Reset All Dates clears a date. */
  plannedArrivalDate: stopFields.plannedArrivalDate,
  autoScheduled: stopFields.autoScheduled,
});

/** A stop's schedule fields after a change; plannedArrivalDate as stored ('YYYY-MM-DDT00:00:00.000Z'). */
export const ZStopSchedule = z.object({
  id: z.string(),
  plannedArrivalDate: z.string().nullable(),
  autoScheduled: z.boolean(),
});

export const ZUpdatePlannedDateResponse = ZStopSchedule;

export const ZAutoScheduleRequest = requestObject({
  tripId: tripId(),
  startDate: calendarDateInput(m.invalidStartDate),
  defaultStayDurationDays: z
    .number({ error: m.invalidStayDuration(MAX_STAY_DURATION_DAYS) })
    .int(m.invalidStayDuration(MAX_STAY_DURATION_DAYS))
    .min(0, m.invalidStayDuration(MAX_STAY_DURATION_DAYS))
    .max(MAX_STAY_DURATION_DAYS, m.invalidStayDuration(MAX_STAY_DURATION_DAYS)),
  /** Bulk Schedule's "Count drive time": keep each day's driving under the trip's daily limit. Off when absent. */
  countDriveTime: z.boolean({ error: m.invalidCountDriveTime }).optional(),
});

/** The stops auto-scheduling dated, in trip order (stops with a date set by hand keep it and are not listed). */
export const ZAutoScheduleResponse = z.object({ stops: z.array(ZStopSchedule) });

export const ZCalculateTravelTimeRequest = requestObject({
  tripId: tripId(),
  fromStopId: stopId(),
  toStopId: stopId(),
}).refine((body) => body.fromStopId !== body.toStopId, { message: m.sameStops, path: ['toStopId'] });

/** All null when either stop has no position (shared `hasPosition`): there is no drive to estimate. */
export const ZCalculateTravelTimeResponse = z.object({
  /** Now also the destination stop's estimatedDriveMinutes. */
  estimatedDriveMinutes: z.number().nullable(),
  distanceKm: z.number().nullable(),
  /** Which estimator answered: the offline great-circle guess or a routing engine. */
  source: z.enum(['great-circle', 'osrm']).nullable(),
});

export type TUpdatePlannedDateRequest = z.infer<typeof ZUpdatePlannedDateRequest>;
export type TStopSchedule = z.infer<typeof ZStopSchedule>;
export type TAutoScheduleRequest = z.infer<typeof ZAutoScheduleRequest>;
export type TAutoScheduleResponse = z.infer<typeof ZAutoScheduleResponse>;
export type TCalculateTravelTimeRequest = z.infer<typeof ZCalculateTravelTimeRequest>;
export type TCalculateTravelTimeResponse = z.infer<typeof ZCalculateTravelTimeResponse>;
