/** Great-circle distance between two points, for drive estimates, POI ranking and import's duplicate check. */

const EARTH_RADIUS_KM = 6371.0088;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (haversine). */
export function haversineKm(from: LatLng, to: LatLng): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const KM_PER_MILE = 1.609344;

/** A short distance as people say it: '350 m', '4.2 km', '61 km'; '160 ft', '3.8 mi', '61 mi'. */
export function formatShortDistance(km: number, unit: 'km' | 'mi'): string {
  if (unit === 'mi') {
    const mi = km / KM_PER_MILE;
    if (mi < 0.1) return `${Math.round((mi * 5280) / 10) * 10} ft`;
    return mi < 10 ? `${mi.toFixed(1)} mi` : `${Math.round(mi).toLocaleString('en-US')} mi`;
  }
  if (km < 1) return `${Math.round(km * 100) * 10} m`;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-US')} km`;
}
