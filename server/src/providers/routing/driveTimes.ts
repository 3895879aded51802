/** Drive-time estimates between two stops (SPEC-2 §2.8, /trips/stops/calculate-travel-time). */

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

export interface DriveTimeEstimator {
  estimate(from: Coordinates, to: Coordinates): Promise<DriveTimeEstimate>;
}
