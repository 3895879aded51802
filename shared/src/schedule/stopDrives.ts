/**
 * Each stop's drive from the one before, as the schedule counts it: its current leg (the road's minutes and
 * distance), else the stored estimate of a stop that has no leg recorded (as withCurrentDrives reads it), else the
 * great-circle estimate between the positions; a stop with no position and no estimate drives nothing.
 */
import { hasPosition } from '../domain/position.ts';
import { legMatches, type LocatedPoint } from '../road/driveLeg.ts';
import { estimatedDriveMinutes, estimatedRoadKm } from '../road/driveEstimate.ts';
import type { ScheduleStopInput } from './types.ts';

export interface StopDrive {
  minutes: number;
  distanceKm: number | null;
}

export function stopDrives(stops: readonly ScheduleStopInput[]): StopDrive[] {
  let previousLocated: LocatedPoint | null = null;
  return stops.map((stop, index) => {
    const located = hasPosition(stop) ? (stop as LocatedPoint) : null;
    const from = previousLocated;
    if (located) previousLocated = located;
    if (index === 0) return { minutes: 0, distanceKm: null };
    if (located && from && legMatches(stop.driveLeg, from, located)) {
      return { minutes: stop.driveLeg.minutes, distanceKm: stop.driveLeg.distanceKm };
    }
    const estimatedKm = located && from ? Math.round(estimatedRoadKm(from, located) * 10) / 10 : null;
    const stored = stop.estimatedDriveMinutes;
    if (!stop.driveLeg && typeof stored === 'number' && Number.isFinite(stored) && stored >= 0) {
      return { minutes: Math.round(stored), distanceKm: estimatedKm };
    }
    if (located && from) return { minutes: Math.round(estimatedDriveMinutes(from, located)), distanceKm: estimatedKm };
    return { minutes: 0, distanceKm: null };
  });
}
