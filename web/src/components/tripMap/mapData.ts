/** What the map draws (suggested stops too), independent of where it came from. */
import { currentLegs, hasPosition, legPairs, type DocStop, type DriveLeg, type ScheduleDay, type TPoi } from '@caravan/shared';
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
  /** The trip's day (0-based, in order) the stop is reached on; undefined when the map is not told the days. */
  dayIndex?: number;
  /** 1-based place in the trip; undefined: its place in the list the map is given. */
  number?: number;
}

export type MapSuggestion = MapPoint;

export type MapPlace = TPoi;

type StopSource = Pick<DocStop, 'id' | 'name' | 'notes' | 'latitude' | 'longitude' | 'address' | 'visited'> & {
  driveLeg?: DriveLeg | null;
};

/**
 * Map stop data in trip order; the position in the array is the stop's number minus one. `days`: the schedule's
 * days, so each stop knows the day it is reached on.
 */
export function toMapStops(stops: ReadonlyArray<StopSource>, days?: ReadonlyArray<Pick<ScheduleDay, 'stopIds'>>): MapStop[] {
  const legs = currentLegs(stops);
  const dayOf = new Map(days?.flatMap((day, index) => day.stopIds.map((stopId) => [stopId, index] as const)));
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
    dayIndex: dayOf.get(stop.id),
    number: index + 1,
  }));
}

/** The route's legs: consecutive located stops in trip order, each with its current leg if known. */
export function routeSegments(stops: ReadonlyArray<MapStop>): RouteSegment[] {
  return legPairs(stops).map(({ from, to }) => ({
    from: { latitude: from.latitude, longitude: from.longitude },
    to: { latitude: to.latitude, longitude: to.longitude },
    leg: to.driveLeg,
    // A leg is driven on the day of the stop it arrives at.
    dayIndex: to.dayIndex,
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
