/** The offline drive-time estimate (shared/src/road/driveEstimate.ts), rounded as legs store it. */
import { AVERAGE_SPEED_KMH, driveMinutesOfRoadKm, haversineKm, ROAD_FACTOR, roadKmOverGreatCircle } from '@caravan/shared';
import type { Coordinates, DriveTimeEstimate } from './driveTimes.ts';

export { AVERAGE_SPEED_KMH, ROAD_FACTOR };

/** Great-circle distance in km (haversine), also used to rank points of interest by distance. */
export { haversineKm };

export function greatCircleEstimate(from: Coordinates, to: Coordinates): DriveTimeEstimate {
  return estimateOverGreatCircle(haversineKm(from, to));
}

/** The estimate for a great-circle distance already worked out (a matrix of a thousand stops needs half a million). */
export function estimateOverGreatCircle(greatCircleKm: number): DriveTimeEstimate {
  const roadKm = roadKmOverGreatCircle(greatCircleKm);
  return { minutes: Math.round(driveMinutesOfRoadKm(roadKm)), distanceKm: Math.round(roadKm * 10) / 10, source: 'great-circle' };
}
