/**
 * The offline drive-time estimate, the default when no OSRM server is configured: the great-circle
 * distance stretched by a road factor (roads wind; 1.3 is a common average for intercity driving)
 * and driven at an 80 km/h average that allows for towns, fuel and traffic.
 */
import { haversineKm } from '@caravan/shared';
import type { Coordinates, DriveTimeEstimate } from './driveTimes.ts';

export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 80;

/** Great-circle distance in km (haversine), also used to rank points of interest by distance. */
export { haversineKm };

export function greatCircleEstimate(from: Coordinates, to: Coordinates): DriveTimeEstimate {
  const roadKm = haversineKm(from, to) * ROAD_FACTOR;
  return {
    minutes: Math.round((roadKm / AVERAGE_SPEED_KMH) * 60),
    distanceKm: Math.round(roadKm * 10) / 10,
    source: 'great-circle',
  };
}
