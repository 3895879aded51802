/**
 * "Tomorrow" on a trip: the calendar day after today in the trip's zone, the zone of its first stop that has a
 * position (the day model's day one, shared/src/schedule/computeSchedule.ts), read from the bundled zone data; UTC
 * for a trip with no located stop.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { dateTimeIn, timeZoneAt } from '@caravan/shared';

/** The day after `now` in `zone`, 'YYYY-MM-DD'. */
export const tomorrowIn = (now: Date, zone: string): string => dateTimeIn(now.getTime(), zone).plus({ days: 1 }).toISODate()!;

/** Each trip's zone (UTC when it has no located stop), by trip id. */
export async function tripZones(db: DataSource | EntityManager, tripIds: readonly string[]): Promise<Map<string, string>> {
  const zones = new Map(tripIds.map((id) => [id, 'UTC']));
  if (!tripIds.length) return zones;
  const rows: Array<{ trip_id: string; latitude: number; longitude: number }> = await db.query(
    `SELECT DISTINCT ON (trip_id) trip_id, latitude, longitude FROM stops
      WHERE trip_id = ANY($1::uuid[]) AND NOT (latitude = 0 AND longitude = 0)
      ORDER BY trip_id, stop_order`,
    [[...new Set(tripIds)]],
  );
  for (const row of rows) zones.set(row.trip_id, timeZoneAt(row.latitude, row.longitude) ?? 'UTC');
  return zones;
}

/**
 * The UTC calendar days that may be "tomorrow" somewhere at `now` (zones run from UTC−12 to UTC+14): the sweep
 * narrows its SQL to these, then checks each trip's own tomorrow.
 */
export function possibleTomorrows(now: Date): { from: string; to: string } {
  const day = (offsetDays: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays)).toISOString().slice(0, 10);
  return { from: day(0), to: day(2) };
}
