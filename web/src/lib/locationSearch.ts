/** /search/locations, for the address type-ahead of every form that asks for a place, and what it ranks near. */
import { calls, nearPointsOf, type LatLng } from '@caravan/shared';
import { call } from './api.ts';

/** Without `near` (no located stop, no map) the search ranks by size alone. */
export const searchLocations = (query: string, near: readonly LatLng[]) =>
  call(calls.search.locations, near.length > 0 ? { query, near: [...near] } : { query });

/**
 * The points a search favours: the trip's located stops; while it has none, where its map is looking (once a
 * stop has a position the map fits the stops, so its centre would only repeat them).
 */
export function searchBias(stops: ReadonlyArray<{ latitude: number; longitude: number }>, viewCentre: LatLng | null): LatLng[] {
  const points = nearPointsOf(stops);
  return points.length === 0 && viewCentre ? [viewCentre] : points;
}
