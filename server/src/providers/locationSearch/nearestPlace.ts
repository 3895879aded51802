/**
 * Reverse geocoding offline: which of the gazetteer's places lies nearest a point, when one lies within
 * NEAREST_PLACE_MAX_KM; farther out (open sea, wilderness) a town's name would say the wrong place.
 */
import { haversineKm, type LatLng } from '@caravan/shared';

export const NEAREST_PLACE_MAX_KM = 15;
const KM_PER_DEGREE = 111.2;

/** The index of the place in `places` nearest `point` within `maxKm`, or null. */
export function nearestPlaceIndex(
  places: { readonly latitudes: Float64Array; readonly longitudes: Float64Array },
  point: LatLng,
  maxKm = NEAREST_PLACE_MAX_KM,
): number | null {
  // A degree of latitude is the same length everywhere: places farther north or south than the limit are skipped cheaply.
  const latitudeSpan = maxKm / KM_PER_DEGREE;
  let best: number | null = null;
  let bestKm = maxKm;
  for (let place = 0; place < places.latitudes.length; place++) {
    const latitude = places.latitudes[place];
    if (Math.abs(latitude - point.latitude) > latitudeSpan) continue;
    const km = haversineKm(point, { latitude, longitude: places.longitudes[place] });
    if (km <= bestKm) [best, bestKm] = [place, km];
  }
  return best;
}
