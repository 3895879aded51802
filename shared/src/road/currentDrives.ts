/**
 * The drive to each stop as every reader shows it (docs/product.md#drives-and-legs): badges, Leave by,
 * Itinerary Stats, the export, the Edit Stop dialog and the map all read these, so they never disagree.
 *
 * A stop's drive is its current leg (currentLegs): a leg computed for an order or positions that have since
 * changed reads as not known yet. A stop with no leg recorded at all (a trip read from a source that does not
 * carry legs, such as the stops projection behind a share link, or a stop nobody has computed a leg for) keeps
 * the stored `estimatedDriveMinutes`, as before legs existed.
 */
import { DEFAULT_DAILY_DRIVE_LIMIT_MINUTES } from '../constants.ts';
import { currentLegs, type DriveLeg, type LocatedPoint } from './driveLeg.ts';

export interface DriveStop extends LocatedPoint {
  driveLeg?: DriveLeg | null;
  estimatedDriveMinutes?: number | null;
}

/**
 * `orderedStops` with each stop's `driveLeg` set to its current leg (null: none, or not known yet) and
 * `estimatedDriveMinutes` to that leg's minutes (null while not known). A stop whose values are already so is returned as it is, so
 * memoized cards of unchanged stops skip rendering.
 */
export function withCurrentDrives<T extends DriveStop>(orderedStops: readonly T[]): T[] {
  const legs = currentLegs(orderedStops);
  return orderedStops.map((stop) => {
    const leg = legs.get(stop.id) ?? null;
    const minutes = leg ? leg.minutes : stop.driveLeg ? null : (stop.estimatedDriveMinutes ?? null);
    if (leg === (stop.driveLeg ?? null) && minutes === (stop.estimatedDriveMinutes ?? null)) return stop;
    return { ...stop, driveLeg: leg, estimatedDriveMinutes: minutes };
  });
}

/** The trip's daily driving limit as its meta says, else the default (8 h). */
export function dailyDriveLimit(meta: { dailyDriveLimitMinutes?: number | null } | null | undefined): number {
  const limit = meta?.dailyDriveLimitMinutes;
  return typeof limit === 'number' && Number.isFinite(limit) && limit > 0 ? limit : DEFAULT_DAILY_DRIVE_LIMIT_MINUTES;
}

/** Whether a drive of `minutes` passes the daily limit: such legs are flagged in the itinerary and on the map. */
export function overDailyLimit(minutes: number | null | undefined, limitMinutes: number): boolean {
  return typeof minutes === 'number' && minutes > limitMinutes;
}

/** Road distance of the current legs, km to 0.1 (legs not known yet count nothing). */
export function totalLegDistanceKm(stops: ReadonlyArray<{ driveLeg?: DriveLeg | null }>): number {
  const total = stops.reduce((sum, stop) => sum + (stop.driveLeg?.distanceKm ?? 0), 0);
  return Math.round(total * 10) / 10;
}
