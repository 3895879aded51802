/**
 * /trips/corridor/search: the trip's stops and their legs as stored (the `stops` projection of its document), then
 * the search along the asked stretch (corridorSearch.ts), on the caller's share of the worker pool.
 */
import type { TCorridorSearchRequest, TCorridorSearchResponse, DriveLeg } from '@caravan/shared';
import type { StretchStop } from '@caravan/engine';
import type { AppDeps } from '../../types.ts';
import { corridorSearch } from './corridorSearch.ts';

export type CorridorSearchDeps = Pick<AppDeps, 'dataSource' | 'heavyWork' | 'corridorPlaces' | 'roads' | 'detourAnswers'>;

interface StopRow {
  id: string;
  latitude: number | null;
  longitude: number | null;
  drive_leg: DriveLeg | null;
}

export async function tripStretchStops(deps: Pick<AppDeps, 'dataSource'>, tripId: string): Promise<StretchStop[]> {
  const rows = (await deps.dataSource.query(`SELECT id, latitude, longitude, drive_leg FROM stops WHERE trip_id = $1 ORDER BY stop_order, pos, id`, [tripId])) as StopRow[];
  return rows.map(({ id, latitude, longitude, drive_leg }) => ({ id, latitude, longitude, driveLeg: drive_leg }));
}

export async function corridorSearchQuery(deps: CorridorSearchDeps, userId: number, request: TCorridorSearchRequest): Promise<TCorridorSearchResponse> {
  const stops = await tripStretchStops(deps, request.tripId);
  return deps.heavyWork.forUser(userId, (run) => corridorSearch(deps, run, { ...request, stops }));
}
