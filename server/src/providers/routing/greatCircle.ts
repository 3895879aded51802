/**
 * The offline drive-time estimate, the default when no OSRM server is configured: the great-circle
 * distance stretched by a road factor (roads wind; 1.3 is a common average for intercity driving)
 * and driven at an 80 km/h average that allows for towns, fuel and traffic.
 */
import type { Coordinates, DriveTimeEstimate } from './driveTimes.ts';

const EARTH_RADIUS_KM = 6371.0088;
export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 80;

/** Great-circle distance in km (haversine), also used to rank points of interest by distance. */
export function haversineKm(from: Coordinates, to: Coordinates): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function greatCircleEstimate(from: Coordinates, to: Coordinates): DriveTimeEstimate {
  const roadKm = haversineKm(from, to) * ROAD_FACTOR;
  return {
    minutes: Math.round((roadKm / AVERAGE_SPEED_KMH) * 60),
    distanceKm: Math.round(roadKm * 10) / 10,
    source: 'great-circle',
  };
}
