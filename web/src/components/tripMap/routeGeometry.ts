/**
 * The route line's shape (docs/product.md#map): each leg between consecutive located stops drawn as its
 * road (the leg's encoded polyline, decoded with @mapbox/polyline), as a great-circle arc for an estimate
 * (@turf/great-circle), or as a straight segment while the leg is not known yet (or where the stops come
 * from a source that carries no legs). Each piece says which it is
 * and whether it passes the trip's daily driving limit, for the line's style and the legend.
 */
import polyline from '@mapbox/polyline';
import greatCircle from '@turf/great-circle';
import type { Feature, FeatureCollection, LineString, MultiLineString, Position } from 'geojson';
import { overDailyLimit, type DriveLeg } from '@caravan/shared';
import type { LatLng } from './geo.ts';

/** 'plain': the stops came from a source without legs (a share link), drawn as a straight line. */
export type RouteLegKind = 'road' | 'estimate' | 'pending' | 'plain';

export interface RouteSegment {
  from: LatLng;
  to: LatLng;
  /** The current leg from `from` to `to`; null while not known; undefined when the source carries no legs. */
  leg: DriveLeg | null | undefined;
  /** The day (0-based) the leg is driven on, when known. */
  dayIndex?: number;
}

export interface RouteLegProperties {
  kind: RouteLegKind;
  overLimit: boolean;
  /** -1 when the day is not known. */
  dayIndex: number;
}

export type RouteFeatures = FeatureCollection<LineString | MultiLineString, RouteLegProperties>;

/** Points of an arc: smooth at map scale, cheap for 200 legs. */
const ARC_POINTS = 32;
/** Decoded lines and arcs are kept by their text, so a redraw after a reorder decodes only the new legs. */
const CACHE_LIMIT = 2000;
const shapes = new Map<string, LineString | MultiLineString>();

function cached(key: string, make: () => LineString | MultiLineString): LineString | MultiLineString {
  let shape = shapes.get(key);
  if (!shape) {
    if (shapes.size >= CACHE_LIMIT) shapes.clear();
    shape = make();
    shapes.set(key, shape);
  }
  return shape;
}

const position = (point: LatLng): Position => [point.longitude, point.latitude];
const straight = (from: LatLng, to: LatLng): LineString => ({ type: 'LineString', coordinates: [position(from), position(to)] });

function road(geometry: string): LineString {
  return cached(geometry, () => ({
    type: 'LineString',
    // polyline gives [latitude, longitude]; GeoJSON wants [longitude, latitude].
    coordinates: polyline.decode(geometry, 5).map(([latitude, longitude]) => [longitude, latitude]),
  })) as LineString;
}

function arc(from: LatLng, to: LatLng): LineString | MultiLineString {
  if (from.latitude === to.latitude && from.longitude === to.longitude) return straight(from, to);
  const key = `${from.latitude},${from.longitude};${to.latitude},${to.longitude}`;
  // An arc across the date line comes back as two lines, one each side.
  return cached(key, () => greatCircle(position(from), position(to), { npoints: ARC_POINTS }).geometry);
}

/** The line one leg is drawn as: its road, its estimate's arc, or a straight segment. */
export function segmentLine({ from, to, leg }: RouteSegment): LineString | MultiLineString {
  const kind = legKind(leg);
  return kind === 'road' ? road(leg!.geometry!) : kind === 'estimate' ? arc(from, to) : straight(from, to);
}

/** What one leg looks like on the map. */
export function legKind(leg: DriveLeg | null | undefined): RouteLegKind {
  if (leg === undefined) return 'plain';
  if (leg === null) return 'pending';
  return leg.geometry ? 'road' : 'estimate';
}

/** A number per leg object: a leg read again from the document is the same object, so it keeps its number. */
const legNumbers = new WeakMap<DriveLeg, number>();
let lastLegNumber = 0;
function legNumber(leg: DriveLeg | null | undefined): number {
  if (!leg) return 0;
  let number = legNumbers.get(leg);
  if (number === undefined) legNumbers.set(leg, (number = ++lastLegNumber));
  return number;
}

/**
 * The route's pieces in trip order, one per leg. Each has an id that changes whenever what it draws does
 * (its ends, its leg, its flag), so the map can be sent only the pieces that changed (routeDiff).
 */
export function routeFeatures(segments: readonly RouteSegment[], dailyLimitMinutes: number): RouteFeatures {
  const seen = new Map<string, number>();
  const features = segments.map(({ from, to, leg, dayIndex = -1 }): Feature<LineString | MultiLineString, RouteLegProperties> => {
    const kind = legKind(leg);
    const overLimit = overDailyLimit(leg?.minutes, dailyLimitMinutes);
    const geometry = segmentLine({ from, to, leg });
    const key = `${kind}${overLimit ? '!' : ''}@${dayIndex}:${from.latitude},${from.longitude};${to.latitude},${to.longitude}:${legNumber(leg)}`;
    // The same drive twice in one trip (there and back again) draws twice.
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    return { type: 'Feature', id: repeat ? `${key}#${repeat}` : key, properties: { kind, overLimit, dayIndex }, geometry };
  });
  return { type: 'FeatureCollection', features };
}

/** The pieces to take away and to add to go from drawing `from` to drawing `to`. */
export function routeDiff(from: RouteFeatures, to: RouteFeatures): { remove: string[]; add: RouteFeatures['features'] } {
  const before = new Set(from.features.map((feature) => feature.id as string));
  const after = new Set(to.features.map((feature) => feature.id as string));
  return {
    remove: [...before].filter((id) => !after.has(id)),
    add: to.features.filter((feature) => !before.has(feature.id as string)),
  };
}

const sameSegment = (a: RouteSegment, b: RouteSegment) =>
  a.leg === b.leg &&
  a.dayIndex === b.dayIndex &&
  a.from.latitude === b.from.latitude &&
  a.from.longitude === b.from.longitude &&
  a.to.latitude === b.to.latitude &&
  a.to.longitude === b.to.longitude;

/** Whether two routes draw the same: a stop edit that touches no position or leg leaves the line alone. */
export const sameRoute = (a: readonly RouteSegment[], b: readonly RouteSegment[]) =>
  a.length === b.length && a.every((segment, index) => sameSegment(segment, b[index]));
