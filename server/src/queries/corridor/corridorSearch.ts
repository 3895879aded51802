/**
 * Search along the route: the entry point for anything that wants places near a stretch of a trip's route (the
 * "Along the route" panel; a check of where a vehicle's range runs out, asking for fuel or charging before it).
 *
 * Give it the trip's stops in order (with their legs as stored: tripStretchStops reads them), the stretch (from one
 * located stop to a later one; the whole trip without them) and what to look for; it answers the places within
 * `widthKm` of the route line (the road where a leg's line is known, else straight), ordered by distance along the
 * stretch (`alongKm`, from its first stop), each with its leg and the detour it adds (by road for the first
 * ROAD_DETOURS when a routing engine answers, else estimated). The stretch is measured and cut into pieces, and the
 * places projected onto it, on the worker pool, so call it inside `heavyWork.forUser` and pass its `run`:
 *
 *   const stops = await tripStretchStops(deps, tripId);
 *   const { places } = await deps.heavyWork.forUser(userId, (run) =>
 *     corridorSearch(deps, run, { stops, fromStopId, toStopId, categories: ['charging'], widthKm: 5, plugs: ['ccs'] }));
 *   // Stations reachable before the range runs out `runOutKm` along that stretch, the last ones first:
 *   const reachable = places.filter((place) => place.alongKm <= runOutKm).reverse().slice(0, 3);
 *
 * The POI provider is asked once per piece (kept a day per piece and category). A stretch that is not one (an
 * unknown stop, ends in the wrong order, fewer than two located stops) or is longer than MAX_CORRIDOR_KM is refused
 * with a 400 (AppError 'validation'); a provider that does not answer is not an error: the answer says
 * `connection` and `missingKm`.
 */
import {
  corridorMessages,
  estimatedDriveMinutes,
  haversineKm,
  MAX_CORRIDOR_RESULTS,
  type ChargingPlug,
  type CorridorCategory,
  type LatLng,
  type TCorridorPlace,
  type TCorridorSearchResponse,
} from '@caravan/shared';
import { AppError, type KeptAnswers, type LegRouter, type StretchStop } from '@caravan/engine';
import type { RunHeavyTask } from '../../heavyWork/heavyWork.ts';
import type { CorridorPlaces, CorridorRawPlace } from '../../providers/pois/corridor/corridorPlaces.ts';
import { roadDetours } from './roadDetours.ts';

export interface CorridorSearchInput {
  stops: StretchStop[];
  fromStopId?: string;
  toStopId?: string;
  categories: readonly CorridorCategory[];
  widthKm: number;
  /** Charging stations only: at least one of these plugs (none: any). */
  plugs?: readonly ChargingPlug[];
  /** Charging stations only: known to deliver at least this (null: any). */
  minPowerKw?: number | null;
}

const tenths = (km: number) => Math.round(km * 10) / 10;

/** Whether a charging station meets the plug and power asked for; other places always do. */
function meetsCharging(place: CorridorRawPlace, plugs: readonly ChargingPlug[], minPowerKw: number | null): boolean {
  if (place.category !== 'charging') return true;
  if (plugs.length > 0 && !place.plugs?.some((plug) => plugs.includes(plug))) return false;
  return minPowerKw === null || (place.powerKw !== undefined && place.powerKw >= minPowerKw);
}

export async function corridorSearch(deps: { corridorPlaces: CorridorPlaces; roads: LegRouter; detourAnswers?: KeptAnswers<number> }, run: RunHeavyTask, input: CorridorSearchInput): Promise<TCorridorSearchResponse> {
  const { categories, widthKm, plugs = [], minPowerKw = null } = input;
  const measured = await run('corridorRoute', { stops: input.stops, fromStopId: input.fromStopId, toStopId: input.toStopId, widthKm });
  if ('problem' in measured) {
    throw new AppError('validation', measured.problem === 'tooLong' ? corridorMessages.tooLong(measured.routeKm) : corridorMessages[measured.problem]);
  }
  const { route, pieces, radiusMeters } = measured;
  const answer = await deps.corridorPlaces.placesAlong(pieces, categories, radiusMeters);
  const wanted = answer.places.filter((place) => categories.includes(place.category) && meetsCharging(place, plugs, minPowerKw));
  const { positions } = await run('corridorPlacement', { route, widthKm, places: wanted.map(({ latitude, longitude }) => ({ latitude, longitude })) });

  const found: Array<TCorridorPlace & { nearest: LatLng }> = [];
  wanted.forEach((place, index) => {
    const position = positions[index];
    if (!position) return;
    const leg = route.legs[position.legIndex];
    found.push({
      ...place,
      alongKm: tenths(position.alongKm),
      offRouteKm: tenths(position.offKm),
      leg: { fromStopId: leg.fromStopId, toStopId: leg.toStopId },
      // There from the nearest point of the route and back, by the estimate until the road provider says.
      detourMinutes: Math.round(2 * estimatedDriveMinutes(position.nearest, place)),
      detourSource: 'estimate',
      nearest: position.nearest,
    });
  });
  found.sort((a, b) => a.alongKm - b.alongKm || a.offRouteKm - b.offRouteKm || a.id.localeCompare(b.id));
  const shown = found.slice(0, MAX_CORRIDOR_RESULTS);
  const byRoad = await roadDetours(deps.roads, deps.detourAnswers, shown.map(({ id, nearest, latitude, longitude }) => ({ id, nearest, place: { latitude, longitude } })));
  const missingKm = answer.missingPieces.reduce((km, piece) => km + pieceKm(pieces[piece]), 0);
  return {
    places: shown.map(({ nearest: _nearest, ...place }) =>
      byRoad.has(place.id) ? { ...place, detourMinutes: byRoad.get(place.id)!, detourSource: 'osrm' as const } : place,
    ),
    routeKm: tenths(route.totalKm),
    connection: answer.connection,
    fetchedAt: answer.fetchedAt === null ? null : new Date(answer.fetchedAt).toISOString(),
    missingKm: tenths(Math.min(missingKm, route.totalKm)),
    truncated: found.length > MAX_CORRIDOR_RESULTS,
  };
}

function pieceKm(points: readonly LatLng[]): number {
  let km = 0;
  for (let index = 1; index < points.length; index += 1) km += haversineKm(points[index - 1], points[index]);
  return km;
}
