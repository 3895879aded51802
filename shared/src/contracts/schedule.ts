/**
 * Arrival dates and drive times: SPEC-2 §5, §7 /_api/trips/stops/update-planned-date, /auto-schedule and
 * /calculate-travel-time. Dates travel as calendar dates: 'YYYY-MM-DD', or an ISO timestamp whose date
 * part (as written, whatever the offset) is the day meant — see toCalendarDate.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { toCalendarDate } from '../domain/schedule.ts';
import { requestObject, stopIdInput, tripId } from './common.ts';

const m = messages.schedule;

/** A stay longer than a year is a typo; the bound also keeps computed dates far from Date's limits. */
export const MAX_STAY_DURATION_DAYS = 365;

const ISO_DATE_OR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The instant an ISO date or timestamp names, as 'YYYY-MM-DDTHH:MM:SS.sssZ': a date alone is midnight
 * UTC, a time without an offset is read as UTC. Null for anything else, or a day or time that does not exist.
 */
export function toIsoTimestamp(value: string): string | null {
  const match = ISO_DATE_OR_TIMESTAMP.exec(value);
  if (!match || toCalendarDate(value) === null) return null;
  const timestamp = !value.includes('T') ? `${value}T00:00:00Z` : match[1] ? value : `${value}Z`;
  const time = Date.parse(timestamp);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/** Is this 'YYYY-MM-DD' or an ISO timestamp naming a real calendar day? */
export const isDateInput = (value: string) => toIsoTimestamp(value) !== null;

/**
 * Planned dates run from the epoch (the reset sentinel) and stop well before year 10000, so a schedule
 * computed from them still has four-digit years.
 */
const FIRST_PLANNED_DATE = '1970-01-01';
const LAST_PLANNED_DATE = '8999-12-31';

/** A date input, answered as its calendar date 'YYYY-MM-DD'. */
export const calendarDateInput = (message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .refine(isDateInput, message)
    .transform((value) => toCalendarDate(value)!)
    .refine((date) => date >= FIRST_PLANNED_DATE && date <= LAST_PLANNED_DATE, message);

const stopId = stopIdInput;

export const ZUpdatePlannedDateRequest = requestObject({
  tripId: tripId(),
  stopId: stopId(),
  /** The epoch ('1970-01-01') with autoScheduled false is how Reset All Dates clears a date. */
  plannedArrivalDate: calendarDateInput(m.invalidPlannedArrivalDate),
  autoScheduled: z.boolean({ error: m.invalidAutoScheduled }),
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
  /** Bulk Schedule's "Count drive time" (issue 20): keep each day's driving under the trip's daily limit. Off when absent. */
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
