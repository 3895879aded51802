/**
 * The corridor search's CPU work, as plain data in and out so it can run on the worker pool: the stretch measured
 * and cut into pieces (decoding and simplifying every leg's road line), and the found places projected onto it.
 * A trip of many legs with long road lines, or a corridor through a city's thousands of places, takes a while.
 */
import { MAX_CORRIDOR_KM, type LatLng } from '@caravan/shared';
import { corridorChunks } from './corridorChunks.ts';
import { measureRoute, type MeasuredRoute } from './measuredRoute.ts';
import { indexRoute, projectOntoRoute, type RoutePosition } from './routeProjection.ts';
import { routeStretch, type StretchProblem, type StretchStop } from './routeStretch.ts';

/** The simplified line strays at most this share of the corridor's width from the road. */
const TOLERANCE_SHARE = 0.1;
/** A straight (estimated) leg is cut into segments of at most this, so pieces can end anywhere along it. */
const MAX_SEGMENT_KM = 20;
/** Pieces of the corridor one Overpass request covers: its `around` costs by the line's length and points. */
export const CORRIDOR_PIECE_LIMITS = { maxKm: 250, maxPoints: 200 } as const;

export interface CorridorRouteInput {
  /** The trip's stops in order, with their legs as stored. */
  stops: StretchStop[];
  fromStopId?: string;
  toStopId?: string;
  widthKm: number;
}

export type CorridorRouteOutput =
  | { problem: StretchProblem }
  | { problem: 'tooLong'; routeKm: number }
  | { route: MeasuredRoute; pieces: LatLng[][]; radiusMeters: number };

export function corridorRouteTask({ stops, fromStopId, toStopId, widthKm }: CorridorRouteInput): CorridorRouteOutput {
  const legs = routeStretch(stops, fromStopId, toStopId);
  if (typeof legs === 'string') return { problem: legs };
  const toleranceKm = widthKm * TOLERANCE_SHARE;
  const route = measureRoute(legs, { toleranceKm, maxSegmentKm: MAX_SEGMENT_KM });
  if (route.totalKm > MAX_CORRIDOR_KM) return { problem: 'tooLong', routeKm: route.totalKm };
  const pieces = corridorChunks(route, CORRIDOR_PIECE_LIMITS).map((chunk) => chunk.points);
  // The line asked around is the simplified one: widened by its tolerance, the corridor still covers the road's.
  return { route, pieces, radiusMeters: Math.round((widthKm + toleranceKm) * 1000) };
}

export interface CorridorPlacementInput {
  route: MeasuredRoute;
  widthKm: number;
  places: LatLng[];
}

/** Each place's position along the route, null for one outside the corridor. */
export function corridorPlacementTask({ route, widthKm, places }: CorridorPlacementInput): { positions: Array<RoutePosition | null> } {
  const index = indexRoute(route, widthKm);
  return { positions: places.map((place) => projectOntoRoute(index, place)) };
}
