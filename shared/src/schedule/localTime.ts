/**
 * Wall clocks in a stop's zone and instants, both ways, by luxon (DST gaps and overlaps resolved as the zone's
 * rules say), and the question opening_hours can only answer in the runtime's own zone.
 */
import { DateTime } from 'luxon';
import type OpeningHours from 'opening_hours';

export const MINUTE_MS = 60_000;

/** The instant a wall clock names in `zone`: `date` 'YYYY-MM-DD' at `minute` after midnight (a DST gap moves it on). */
export function instantOf(date: string, minute: number, zone: string): number {
  return DateTime.fromObject(
    { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hour: Math.floor(minute / 60), minute: minute % 60 },
    { zone },
  ).toMillis();
}

export const localAt = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone });

/** 'YYYY-MM-DDTHH:MM:SS±HH:MM' in `zone`. */
export const localIso = (ms: number, zone: string) => localAt(ms, zone).toISO({ suppressMilliseconds: true }) ?? '';

export const localDate = (ms: number, zone: string) => localAt(ms, zone).toISODate() ?? '';

/** A date `days` after `date`, both 'YYYY-MM-DD' (calendar arithmetic, no zone). */
export const addDays = (date: string, days: number) => DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? date;

/** Whole days from `from` to `to`, both 'YYYY-MM-DD'. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The instant a stop with `hours` can be entered from `ms` on: `ms` itself when open, its opening later that local
 * day, or null when it does not open again that day. opening_hours reads a Date's runtime-local fields, so it is
 * handed a Date whose runtime-local wall clock equals the stop's, whatever zone the process runs in.
 */
export function openFrom(hours: OpeningHours, ms: number, zone: string): number | null {
  const local = localAt(ms, zone);
  const probe = new Date(local.year, local.month - 1, local.day, local.hour, local.minute);
  if (hours.getState(probe)) return ms;
  const endOfDay = new Date(local.year, local.month - 1, local.day + 1);
  const change = hours.getNextChange(probe, endOfDay);
  if (!change || change >= endOfDay) return null;
  const opens = DateTime.fromObject(
    { year: change.getFullYear(), month: change.getMonth() + 1, day: change.getDate(), hour: change.getHours(), minute: change.getMinutes() },
    { zone },
  ).toMillis();
  return hours.getState(change) ? opens : null;
}
