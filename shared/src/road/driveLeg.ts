/**
 * Legs: the drive between two consecutive located stops (docs/architecture.md#derived-road-data-legs). The server
 * derives them from the stop list and writes each onto its destination stop as `driveLeg` (and its minutes as
 * the stop's `estimatedDriveMinutes`); clients never write them. A leg names the stop and the positions it was
 * computed for, so a reader shows it only while the order and positions still match: a leg of an order that
 * has changed since reads as not known yet, never as a wrong drive.
 */
import { z } from 'zod';
import { hasPosition } from '../domain/position.ts';

/** Positions are compared at 5 decimals (about 1 m): the cache key and the leg's identity. */
export const LEG_COORDINATE_DECIMALS = 5;
/** A leg's road line as a Google encoded polyline (precision 5), simplified; ~2 KB for a day's drive. */
export const LEG_GEOMETRY_MAX_LENGTH = 100_000;

export const LEG_SOURCES = ['osrm', 'great-circle'] as const;
export type LegSource = (typeof LEG_SOURCES)[number];

const ZPoint = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);

export const ZDriveLeg = z
  .object({
    /** The located stop before this one when the leg was computed. */
    fromStopId: z.string().uuid(),
    /** [latitude, longitude] of both ends as computed, rounded to LEG_COORDINATE_DECIMALS. */
    from: ZPoint,
    to: ZPoint,
    minutes: z.number().int().min(0).max(100_000),
    /** Road distance, 0.1 km precision. */
    distanceKm: z.number().min(0).max(100_000),
    source: z.enum(LEG_SOURCES),
    /** The road's line (OSRM); null for an estimate, which maps draw as a great-circle arc. */
    geometry: z.string().max(LEG_GEOMETRY_MAX_LENGTH).nullable(),
  })
  .strict();
export type DriveLeg = z.infer<typeof ZDriveLeg>;

export interface LocatedPoint {
  id: string;
  latitude: number;
  longitude: number;
}

export const roundCoordinate = (value: number) => Number(value.toFixed(LEG_COORDINATE_DECIMALS));
export const legPoint = (stop: Pick<LocatedPoint, 'latitude' | 'longitude'>): [number, number] => [
  roundCoordinate(stop.latitude),
  roundCoordinate(stop.longitude),
];

/** The pairs of consecutive located stops, in order: what the trip's legs must be. */
export function legPairs<T extends LocatedPoint>(orderedStops: readonly T[]): { from: T; to: T }[] {
  const located = orderedStops.filter(hasPosition);
  return located.slice(1).map((to, index) => ({ from: located[index], to }));
}

/** Whether `leg` was computed for the drive from `from` to `to` as they are now. */
export function legMatches(leg: DriveLeg | null | undefined, from: LocatedPoint, to: LocatedPoint): leg is DriveLeg {
  if (!leg || leg.fromStopId !== from.id) return false;
  const [a, b] = [legPoint(from), legPoint(to)];
  return leg.from[0] === a[0] && leg.from[1] === a[1] && leg.to[0] === b[0] && leg.to[1] === b[1];
}

/**
 * Each stop's current leg by stop id (null for the first located stop, stops without a position, and legs
 * not computed yet for the current order): what badges, totals, exports and route lines read.
 */
export function currentLegs<T extends LocatedPoint & { driveLeg?: DriveLeg | null }>(
  orderedStops: readonly T[],
): Map<string, DriveLeg | null> {
  const legs = new Map<string, DriveLeg | null>(orderedStops.map((stop) => [stop.id, null]));
  for (const { from, to } of legPairs(orderedStops)) {
    if (legMatches(to.driveLeg, from, to)) legs.set(to.id, to.driveLeg);
  }
  return legs;
}
