/** The offline drive-time estimate (shared/src/road/driveEstimate.ts), rounded as legs store it. */
import { AVERAGE_SPEED_KMH, estimatedDriveMinutes, estimatedRoadKm, haversineKm, ROAD_FACTOR } from '@caravan/shared';
import type { Coordinates, DriveTimeEstimate } from './driveTimes.ts';

export { AVERAGE_SPEED_KMH, ROAD_FACTOR };

/** Great-circle distance in km (haversine), also used to rank points of interest by distance. */
export { haversineKm };

export function greatCircleEstimate(from: Coordinates, to: Coordinates): DriveTimeEstimate {
  return {
    minutes: Math.round(estimatedDriveMinutes(from, to)),
    distanceKm: Math.round(estimatedRoadKm(from, to) * 10) / 10,
    source: 'great-circle',
  };
}
