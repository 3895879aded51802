/**
 * Bulk Schedule's opt-in "Count drive time" (docs/product.md#itinerary): each day holds at most the trip's
 * daily driving limit. A stop's leg (its drive minutes from the stop before) counts against the day it arrives on; an
 * arrival whose leg would take that day's driving past the limit moves on to the next day. A leg longer
 * than the limit on its own still arrives on its day, as the first drive of that day: no later day could
 * hold it either, and the itinerary flags it.
 */

export interface DriveMinutesStop {
  /** Drive time from the previous stop (the stop's estimatedDriveMinutes, kept current from the stop's leg). */
  estimatedDriveMinutes?: number | null;
}

/** A stop's leg in minutes; none, or nothing readable, counts as no driving. */
export const legMinutes = (stop: DriveMinutesStop): number =>
  typeof stop.estimatedDriveMinutes === 'number' && Number.isFinite(stop.estimatedDriveMinutes) && stop.estimatedDriveMinutes > 0
    ? Math.round(stop.estimatedDriveMinutes)
    : 0;

/** The driving each day (UTC day numbers) holds so far, against one daily limit. */
export class DailyDriveBudget {
  private readonly driven = new Map<number, number>();

  constructor(private readonly limitMinutes: number) {
    if (!Number.isFinite(limitMinutes) || limitMinutes <= 0) {
      throw new RangeError(`The daily driving limit must be a number of minutes > 0, got ${limitMinutes}`);
    }
  }

  /** Would arriving on `day` after `minutes` of driving take that day past the limit? Never for a day's first drive. */
  overflows(day: number, minutes: number): boolean {
    const drivenThatDay = this.driven.get(day) ?? 0;
    return drivenThatDay > 0 && drivenThatDay + minutes > this.limitMinutes;
  }

  /** Counts a leg against the day it arrives on. */
  record(day: number, minutes: number): void {
    this.driven.set(day, (this.driven.get(day) ?? 0) + minutes);
  }
}

/**
 * The first day from `day` on where an arrival after `minutes` of driving fits, counted against it; with no
 * budget (drive time not counted) `day` itself. `allowed` skips days an arrival may not fall on (weekends).
 */
export function arrivalDayWithin(
  budget: DailyDriveBudget | null,
  day: number,
  minutes: number,
  allowed: (day: number) => boolean = () => true,
): number {
  let arrival = day;
  while (!allowed(arrival) || budget?.overflows(arrival, minutes)) arrival++;
  budget?.record(arrival, minutes);
  return arrival;
}
