/** The points a location search is biased towards: a trip's located stops, thinned evenly to what the call takes. */
import { LOCATION_SEARCH_MAX_NEAR_POINTS } from '../constants.ts';
import type { LatLng } from './distance.ts';
import { hasPosition } from './position.ts';

export function nearPointsOf(stops: ReadonlyArray<{ latitude: number; longitude: number }>): LatLng[] {
  const located = stops.filter(hasPosition).map(({ latitude, longitude }) => ({ latitude, longitude }));
  if (located.length <= LOCATION_SEARCH_MAX_NEAR_POINTS) return located;
  // Every part of a long trip keeps a say: an even sample along its order, the last stop included.
  const step = (located.length - 1) / (LOCATION_SEARCH_MAX_NEAR_POINTS - 1);
  return Array.from({ length: LOCATION_SEARCH_MAX_NEAR_POINTS }, (_, index) => located[Math.round(index * step)]);
}
