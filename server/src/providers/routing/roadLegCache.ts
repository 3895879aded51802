/**
 * The `road_legs` table: each routing provider's answer for a drive, so a pair of points is asked once. Ends are
 * keyed rounded to 5 decimals (shared `roundCoordinate`), as a leg in the trip document names them; many pairs
 * are read in one query. Only answers the provider gave are kept, never the fallback estimate.
 */
import type { DataSource } from 'typeorm';
import { roundCoordinate } from '@caravan/shared';
import type { LegEnds, RoadLeg } from './legRouter.ts';

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
}

export async function readCachedLegs(dataSource: DataSource, key: CacheKey, pairs: readonly LegEnds[]): Promise<(RoadLeg | null)[]> {
  if (pairs.length === 0) return [];
  const ends = pairs.map(roundedEnds);
  const rows: CachedRow[] = await dataSource.query(
    `SELECT pair.position, leg.minutes, leg.distance_km, leg.geometry
       FROM unnest($3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
              WITH ORDINALITY AS pair (from_lat, from_lon, to_lat, to_lon, position)
       JOIN road_legs leg
         ON leg.provider = $1 AND leg.profile = $2
        AND (leg.from_lat, leg.from_lon, leg.to_lat, leg.to_lon) = (pair.from_lat, pair.from_lon, pair.to_lat, pair.to_lon)`,
    [
      key.provider,
      key.profile,
      ends.map(({ from }) => from.latitude),
      ends.map(({ from }) => from.longitude),
      ends.map(({ to }) => to.latitude),
      ends.map(({ to }) => to.longitude),
    ],
  );
  const legs: (RoadLeg | null)[] = pairs.map(() => null);
  for (const row of rows) {
    const leg: RoadLeg = { minutes: row.minutes, distanceKm: Number(row.distance_km), source: key.provider, geometry: row.geometry };
    legs[Number(row.position) - 1] = leg;
  }
  return legs;
}

/** Keeps the provider's answer for `pair`, replacing an older one. */
export async function writeCachedLeg(dataSource: DataSource, key: CacheKey, pair: LegEnds, leg: RoadLeg): Promise<void> {
  const { from, to } = roundedEnds(pair);
  await dataSource.query(
    `INSERT INTO road_legs (provider, profile, from_lat, from_lon, to_lat, to_lon, minutes, distance_km, geometry, fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (provider, profile, from_lat, from_lon, to_lat, to_lon)
     DO UPDATE SET minutes = excluded.minutes, distance_km = excluded.distance_km, geometry = excluded.geometry,
                   fetched_at = excluded.fetched_at`,
    [key.provider, key.profile, from.latitude, from.longitude, to.latitude, to.longitude, leg.minutes, leg.distanceKm, leg.geometry],
  );
}
