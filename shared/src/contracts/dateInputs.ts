/**
 * Dates as the calls take them: 'YYYY-MM-DD', or an ISO timestamp whose date part (as written, whatever the
 * offset) is the day meant — see toCalendarDate.
 */
import { z } from 'zod';
import { toCalendarDate } from '../domain/schedule.ts';

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
