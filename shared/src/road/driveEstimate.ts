/**
 * The offline drive-time estimate, used where no routing engine answers (the server's legs and "Optimise route"
 * without OSRM, the app's "where it fits best"): the great-circle distance stretched by a road factor (roads
 * wind; 1.3 is a common average for intercity driving) and driven at an 80 km/h average that allows for towns,
 * fuel and traffic.
 */
import { haversineKm, type LatLng } from '../domain/distance.ts';

export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 80;

/** Estimated road distance in km for a great-circle distance, unrounded. */
export const roadKmOverGreatCircle = (greatCircleKm: number) => greatCircleKm * ROAD_FACTOR;

/** Estimated minutes of driving this many road km, unrounded (callers that show or store it round it). */
export const driveMinutesOfRoadKm = (roadKm: number) => (roadKm / AVERAGE_SPEED_KMH) * 60;

/** Estimated road distance in km, unrounded. */
export const estimatedRoadKm = (from: LatLng, to: LatLng) => roadKmOverGreatCircle(haversineKm(from, to));

/** Estimated minutes of driving, unrounded. */
export const estimatedDriveMinutes = (from: LatLng, to: LatLng) => driveMinutesOfRoadKm(estimatedRoadKm(from, to));
