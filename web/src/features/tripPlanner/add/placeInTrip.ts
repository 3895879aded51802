/**
 * Is a found place already one of the trip's stops? Same name (ignoring case and surrounding spaces) within
 * IN_TRIP_RADIUS_KM: a place added from search keeps its name and position, and a stop typed in by hand
 * at the same spot under the same name is the same place too. Two branches of a chain with the same name
 * are farther apart than that.
 */
import type { DocStop } from '@caravan/shared';
import { distanceKm } from '../../../components/tripMap/geo.ts';

export const IN_TRIP_RADIUS_KM = 0.1;

interface Place {
  name: string;
  latitude: number;
  longitude: number;
}

type StopPlace = Pick<DocStop, 'name'> & { latitude?: number | null; longitude?: number | null };

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function isPlaceInTrip(place: Place, stops: readonly StopPlace[]): boolean {
  return stops.some(
    (stop) =>
      typeof stop.latitude === 'number' &&
      typeof stop.longitude === 'number' &&
      sameName(stop.name, place.name) &&
      distanceKm(place, { latitude: stop.latitude, longitude: stop.longitude }) <= IN_TRIP_RADIUS_KM,
  );
}
