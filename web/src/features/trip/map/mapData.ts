/** What the map draws (SPEC-2 §2.2 "Map stop data", §3 suggested stops), independent of where it came from. */
import type { DocStop, TPoi } from '@caravan/shared';

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
