/** The offline drive-time estimate (shared/src/road/driveEstimate.ts), rounded as legs store it. */
import { AVERAGE_SPEED_KMH, haversineKm, ROAD_FACTOR } from '@caravan/shared';
import type { Coordinates, DriveTimeEstimate } from './driveTimes.ts';

export { AVERAGE_SPEED_KMH, ROAD_FACTOR };

/** Great-circle distance in km (haversine), also used to rank points of interest by distance. */
export { haversineKm };

export function greatCircleEstimate(from: Coordinates, to: Coordinates): DriveTimeEstimate {
  return estimateOverGreatCircle(haversineKm(from, to));
}

/**
 * The estimate for a great-circle distance: the same arithmetic as estimatedDriveMinutes and estimatedRoadKm,
 * with the haversine done once (a matrix of a thousand stops asks it half a million times).
 */
export function estimateOverGreatCircle(greatCircleKm: number): DriveTimeEstimate {
  const roadKm = greatCircleKm * ROAD_FACTOR;
  return { minutes: Math.round((roadKm / AVERAGE_SPEED_KMH) * 60), distanceKm: Math.round(roadKm * 10) / 10, source: 'great-circle' };
}
