/** What the map draws (suggested stops too), independent of where it came from. */
import { currentLegs, hasPosition, legPairs, type DocStop, type DriveLeg, type TPoi } from '@caravan/shared';
import type { LatLng } from './geo.ts';
import type { RouteSegment } from './routeGeometry.ts';

/** A named place the map pins: a stop or a suggested stop. */
export interface MapPoint {
  id: string;
  name: string;
  /** From the stop's notes. */
  description: string | null;
  latitude: number;
  longitude: number;
  address: string | null;
}

export interface MapStop extends MapPoint {
  visited: boolean;
  isFirstStop: boolean;
  /**
   * The drive from the previous located stop while it matches the current order; null otherwise;
   * undefined when the stops came from a source that carries no legs (a share link's trip).
   */
  driveLeg?: DriveLeg | null;
}

export type MapSuggestion = MapPoint;

export type MapPlace = TPoi;

type StopSource = Pick<DocStop, 'id' | 'name' | 'notes' | 'latitude' | 'longitude' | 'address' | 'visited'> & {
  driveLeg?: DriveLeg | null;
};

/** Map stop data in trip order; the position in the array is the stop's number minus one. */
export function toMapStops(stops: ReadonlyArray<StopSource>): MapStop[] {
  const legs = currentLegs(stops);
  return stops.map((stop, index) => ({
    id: stop.id,
    name: stop.name,
    description: stop.notes,
    latitude: stop.latitude,
    longitude: stop.longitude,
    address: stop.address,
    visited: stop.visited,
    isFirstStop: index === 0,
    driveLeg: stop.driveLeg === undefined ? undefined : (legs.get(stop.id) ?? null),
  }));
}

/** The route's legs: consecutive located stops in trip order, each with its current leg if known. */
export function routeSegments(stops: ReadonlyArray<MapStop>): RouteSegment[] {
  return legPairs(stops).map(({ from, to }) => ({
    from: { latitude: from.latitude, longitude: from.longitude },
    to: { latitude: to.latitude, longitude: to.longitude },
    leg: to.driveLeg,
  }));
}

/** The positions of the stops that have one, in trip order: what the route line joins and the map fits. */
export function stopPoints(stops: ReadonlyArray<LatLng>): LatLng[] {
  return stops.filter(hasPosition).map(({ latitude, longitude }) => ({ latitude, longitude }));
}

/** Where 'search near the last stop' looks: the last stop that has a position, if any. */
export function lastStopPosition(stops: ReadonlyArray<LatLng>): LatLng | null {
  return stopPoints(stops).at(-1) ?? null;
}
