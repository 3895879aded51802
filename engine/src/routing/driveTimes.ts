/** Points and drive-time estimates between them, shared by the routing providers (see legRouter.ts). */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface DriveTimeEstimate {
  /** Whole minutes of driving. */
  minutes: number;
  /** Road distance, 0.1 km precision. */
  distanceKm: number;
  /** Which estimator answered: the offline great-circle guess or a routing engine. */
  source: 'great-circle' | 'osrm';
}
