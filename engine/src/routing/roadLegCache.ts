/**
 * The `road_legs` table: each routing provider's answer for a drive, so a pair of points is asked once. Ends are
 * keyed rounded to 5 decimals (shared `roundCoordinate`), as a leg in the trip document names them; many pairs
 * are read in one query. Only answers the provider gave are kept, never the fallback estimate. Answers age:
 * older than ROAD_LEG_MAX_AGE_MS they come back marked `stale` (ask the provider again); rows nobody reads are
 * pruned (roadLegPrune.ts).
 */
import type { DataSource } from 'typeorm';
import { roundCoordinate } from '@caravan/shared';
import type { CachedLeg, LegEnds, RoadLeg } from './legRouter.ts';

/**
 * Roads change: closures, new roads, the OSRM server's map data updated (the public one follows OpenStreetMap
 * weekly). An answer older than this is asked again; a month keeps a trip's planning (weeks) on one answer per
 * pair while no drive time stays wrong for long.
 */
export const ROAD_LEG_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
/** A read marks its rows as read at most this often: one write per row a day, not one per read; the prune counts in months. */
const READ_MARK_EVERY_MS = 24 * 60 * 60_000;

export interface CacheKey {
  provider: RoadLeg['source'];
  profile: string;
}

/** Both ends rounded as the cache (and a leg in the trip document) keys them. */
export const roundedEnds = ({ from, to }: LegEnds): LegEnds => ({
  from: { latitude: roundCoordinate(from.latitude), longitude: roundCoordinate(from.longitude) },
  to: { latitude: roundCoordinate(to.latitude), longitude: roundCoordinate(to.longitude) },
});

interface CachedRow {
  position: string;
  minutes: number;
  distance_km: string;
  geometry: string | null;
  stale: boolean;
}

/** The cached answers for `pairs`, in order, null where none; stale ones marked. Marks the rows read (same query). */
export async function readCachedLegs(dataSource: DataSource, key: CacheKey, pairs: readonly LegEnds[]): Promise<(CachedLeg | null)[]> {
  if (pairs.length === 0) return [];
  const ends = pairs.map(roundedEnds);
  const rows: CachedRow[] = await dataSource.query(
    `WITH hit AS (
       SELECT pair.position, leg.from_lat, leg.from_lon, leg.to_lat, leg.to_lon, leg.minutes, leg.distance_km, leg.geometry,
              leg.fetched_at < now() - $7 * interval '1 millisecond' AS stale,
              leg.last_read_at < now() - $8 * interval '1 millisecond' AS unmarked
         FROM unnest($3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
                WITH ORDINALITY AS pair (from_lat, from_lon, to_lat, to_lon, position)
         JOIN road_legs leg
           ON leg.provider = $1 AND leg.profile = $2
          AND (leg.from_lat, leg.from_lon, leg.to_lat, leg.to_lon) = (pair.from_lat, pair.from_lon, pair.to_lat, pair.to_lon)
     ), marked AS (
       UPDATE road_legs leg SET last_read_at = now()
         FROM hit
        WHERE hit.unmarked AND leg.provider = $1 AND leg.profile = $2
          AND (leg.from_lat, leg.from_lon, leg.to_lat, leg.to_lon) = (hit.from_lat, hit.from_lon, hit.to_lat, hit.to_lon)
     )
     SELECT position, minutes, distance_km, geometry, stale FROM hit`,
    [
      key.provider,
      key.profile,
      ends.map(({ from }) => from.latitude),
      ends.map(({ from }) => from.longitude),
      ends.map(({ to }) => to.latitude),
      ends.map(({ to }) => to.longitude),
      ROAD_LEG_MAX_AGE_MS,
      READ_MARK_EVERY_MS,
    ],
  );
  const legs: (CachedLeg | null)[] = pairs.map(() => null);
  for (const row of rows) {
    const leg: CachedLeg = { minutes: row.minutes, distanceKm: Number(row.distance_km), source: key.provider, geometry: row.geometry };
    if (row.stale) leg.stale = true;
    legs[Number(row.position) - 1] = leg;
  }
  return legs;
}

/** Keeps the provider's answer for `pair`, replacing an older one; it counts as fetched and read now. */
export async function writeCachedLeg(dataSource: DataSource, key: CacheKey, pair: LegEnds, leg: RoadLeg): Promise<void> {
  const { from, to } = roundedEnds(pair);
  await dataSource.query(
    `INSERT INTO road_legs (provider, profile, from_lat, from_lon, to_lat, to_lon, minutes, distance_km, geometry, fetched_at, last_read_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())
     ON CONFLICT (provider, profile, from_lat, from_lon, to_lat, to_lon)
     DO UPDATE SET minutes = excluded.minutes, distance_km = excluded.distance_km, geometry = excluded.geometry,
                   fetched_at = excluded.fetched_at, last_read_at = excluded.last_read_at`,
    [key.provider, key.profile, from.latitude, from.longitude, to.latitude, to.longitude, leg.minutes, leg.distanceKm, leg.geometry],
  );
}

/** Deletes the answers nobody has read for `unreadForMs`; returns how many went. */
export async function deleteUnreadLegs(dataSource: DataSource, unreadForMs: number): Promise<number> {
  const [, deleted]: [unknown, number] = await dataSource.query(
    `DELETE FROM road_legs WHERE last_read_at < now() - $1 * interval '1 millisecond'`,
    [unreadForMs],
  );
  return deleted;
}
