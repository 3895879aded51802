/** What the map draws (SPEC-2 §2.2 "Map stop data", §3 suggested stops), independent of where it came from. */
import { hasPosition, type DocStop, type TPoi } from '@caravan/shared';
import type { LatLng } from './geo.ts';

export interface MapStop {
  id: string;
  name: string;
  /** From the stop's notes. */
  description: string | null;
  latitude: number;
  longitude: number;
  address: string | null;
  visited: boolean;
  isFirstStop: boolean;
}

export interface MapSuggestion {
  id: string;
  name: string;
  description: string | null;
  latitude: number;
  longitude: number;
  address: string | null;
}

export type MapPlace = TPoi;

/** Map stop data in trip order; the position in the array is the stop's number minus one. */
export function toMapStops(stops: ReadonlyArray<Pick<DocStop, 'id' | 'name' | 'notes' | 'latitude' | 'longitude' | 'address' | 'visited'>>): MapStop[] {
  return stops.map((stop, index) => ({
    id: stop.id,
    name: stop.name,
    description: stop.notes,
    latitude: stop.latitude,
    longitude: stop.longitude,
    address: stop.address,
    visited: stop.visited,
    isFirstStop: index === 0,
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
