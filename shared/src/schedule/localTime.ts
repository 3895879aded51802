/**
 * Wall clocks in a stop's zone and instants, both ways. The zone rules are the bundled tz data's (zones/: the same
 * on the server and in every browser, whatever tz data the runtime carries); DST gaps are resolved by luxon's
 * DateTime.fromObject as the zone says. A schedule asks hundreds of times on every edit, so instants of wall clocks
 * are kept.
 */
import { DateTime } from 'luxon';
import type OpeningHours from 'opening_hours';
import { zoneNamed, zoneOffsetMinutes } from '../zones/index.ts';

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Entries kept per cache; a trip needs a few thousand, so this only bounds memory. */
const MAX_KEPT = 50_000;

const instants = new Map<string, number>();
/** Per parsed hours, per local wall clock: -1 open then, a minute of that day it opens, or null for not that day. */
const openings = new WeakMap<OpeningHours, Map<string, number | null>>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= MAX_KEPT) cache.clear();
  cache.set(key, value);
  return value;
}

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Minutes after local midnight. */
  minute: number;
  year: number;
  month: number;
  day: number;
  offset: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall clock `ms` shows in `zone`. */
export function wallClock(ms: number, zone: string): WallClock {
  const offset = zoneOffsetMinutes(ms, zone);
  const shifted = new Date(ms + offset * MINUTE_MS);
  const [year, month, day] = [shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate()];
  return { date: `${year}-${pad(month)}-${pad(day)}`, minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(), year, month, day, offset };
}

/** 'YYYY-MM-DDTHH:MM:SS±HH:MM' in `zone`. */
export function localIso(ms: number, zone: string): string {
  const { date, minute, offset } = wallClock(ms, zone);
  const seconds = Math.floor(((ms % MINUTE_MS) + MINUTE_MS) % MINUTE_MS / 1000);
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:${pad(seconds)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The instant a wall clock names in `zone`: `date` 'YYYY-MM-DD' at `minute` after midnight (a DST gap moves it on). */
export function instantOf(date: string, minute: number, zone: string): number {
  const key = `${zone}|${date}|${minute}`;
  return (
    instants.get(key) ??
    remember(
      instants,
      key,
      DateTime.fromObject(
        { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), hour: Math.floor(minute / 60), minute: minute % 60 },
        { zone: zoneNamed(zone) },
      ).toMillis(),
    )
  );
}

/** A date `days` after `date`, both 'YYYY-MM-DD' (calendar arithmetic, no zone). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to`, both 'YYYY-MM-DD'. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The instant a stop with `hours` can be entered from `ms` on: `ms` itself when open, its opening later that local
 * day, or null when it does not open again that day. opening_hours reads a Date's runtime-local fields, so it is
 * handed a Date whose runtime-local wall clock equals the stop's, whatever zone the process runs in.
 */
export function openFrom(hours: OpeningHours, ms: number, zone: string): number | null {
  const local = wallClock(ms, zone);
  let known = openings.get(hours);
  if (!known) openings.set(hours, (known = new Map()));
  const key = `${local.date}|${local.minute}`;
  let opens = known.get(key);
  if (opens === undefined) opens = remember(known, key, opensAt(hours, local));
  return opens === null ? null : opens < 0 ? ms : instantOf(local.date, opens, zone);
}

function opensAt(hours: OpeningHours, local: WallClock): number | null {
  const probe = new Date(local.year, local.month - 1, local.day, Math.floor(local.minute / 60), local.minute % 60);
  if (hours.getState(probe)) return -1;
  const endOfDay = new Date(local.year, local.month - 1, local.day + 1);
  const change = hours.getNextChange(probe, endOfDay);
  if (!change || change >= endOfDay || !hours.getState(change)) return null;
  return change.getHours() * 60 + change.getMinutes();
}

/**
 * The instant a place with `hours` closes between `startMs` and `endMs` (a visit begun while open), or null when it
 * stays open throughout: a stay that runs past closing is a warning. Read at the stop's wall clock, as openFrom.
 */
export function closesBefore(hours: OpeningHours, startMs: number, endMs: number, zone: string): number | null {
  if (endMs <= startMs) return null;
  const local = wallClock(startMs, zone);
  const probe = new Date(local.year, local.month - 1, local.day, Math.floor(local.minute / 60), local.minute % 60);
  const until = new Date(probe.getTime() + (endMs - startMs));
  const change = hours.getNextChange(probe, until);
  if (!change || change >= until || hours.getState(change)) return null;
  const date = `${change.getFullYear()}-${pad(change.getMonth() + 1)}-${pad(change.getDate())}`;
  return instantOf(date, change.getHours() * 60 + change.getMinutes(), zone);
}
