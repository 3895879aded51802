/**
 * Wall clocks in a stop's own time zone, for the day planner, as whole numbers: a local time is minutes since
 * 1970-01-01 00:00 on that zone's clocks, a date the days since then. Offsets are the bundled tz data's
 * (zoneOffsetMinutes), the same the itinerary and the exports read, whatever tz data the runtime carries. The
 * opening_hours library reads the runtime's own zone, so `runtimeLocalDate` builds the Date whose runtime-local
 * fields show a stop's wall clock.
 */
import { zoneOffsetMinutes } from '@caravan/shared';

const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;

/** Minutes `zone` is ahead of UTC at `utcMinute` (minutes since the epoch). */
const offsetMinutes = (utcMinute: number, zone: string): number => zoneOffsetMinutes(utcMinute * MINUTE_MS, zone);

/** The local time (minutes since the local epoch) in `zone` at `instant` (UTC minutes since the epoch). */
export const localAt = (instant: number, zone: string): number => instant + offsetMinutes(instant, zone);

/** The instant at which `zone`'s clocks show `local`; in a spring-forward gap, the instant after it. */
export function instantAt(local: number, zone: string): number {
  // The offset at a first guess, then at the answer it gives (they differ only across a clock change).
  const guess = local - offsetMinutes(local, zone);
  const instant = local - offsetMinutes(guess, zone);
  if (localAt(instant, zone) === local) return instant;
  // A time the clocks skip: the two offsets give the instants either side of the gap.
  return Math.max(guess, instant);
}

export const dayOf = (local: number) => Math.floor(local / DAY_MINUTES);
export const minuteOf = (local: number) => local - dayOf(local) * DAY_MINUTES;

/** 'YYYY-MM-DD' → days since 1970-01-01. */
export const dayNumber = (date: string): number => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / (DAY_MINUTES * MINUTE_MS);
/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export const dateOf = (day: number): string => new Date(day * DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 10);

/** A Date whose runtime-local fields read as this local time, whatever zone the runtime is in. */
export function runtimeLocalDate(local: number): Date {
  const utc = new Date(local * MINUTE_MS);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes());
}

/** The local time a runtime-local Date reads as. */
export const localOfRuntimeDate = (value: Date): number =>
  Date.UTC(value.getFullYear(), value.getMonth(), value.getDate(), value.getHours(), value.getMinutes()) / MINUTE_MS;
