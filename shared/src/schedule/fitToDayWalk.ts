/**
 * "Count drive time" (docs/product.md#itinerary): Bulk Schedule's counted dates fitted to the itinerary's day walk
 * (computeSchedule, with the trip's plan settings, the stops' zones and legs, overnights and their nights, the stops
 * it does not date), so that once applied the page shows every stop on the day the preview said and no day's driving
 * past the daily limit that a later date would have kept under it.
 *
 * It walks the trip with the dates as they would be applied and moves the first stop that does not stand where its
 * date says: one the walk puts on a later day (a lodging's nights, a date it keeps, the trip's start date) goes to that
 * day; one whose leg would take its day's driving past the limit goes to the next day, unless it is that day's first
 * drive (a leg longer than the limit on its own is flagged on its day, as the itinerary does). Then it counts again
 * from there and walks again: the stops before it keep their days, so each round settles one more stop. The count
 * keeps the walk's rules itself (walkedDays.ts), so this is most often one walk that finds nothing to move.
 */
import { roadSettingsOf } from '../domain/roadSettings.ts';
import { dayNumber } from '../domain/schedule.ts';
import { computeSchedule } from './computeSchedule.ts';
import type { Schedule, ScheduleOptions, ScheduleStopInput, ScheduleTrip } from './types.ts';

/** The itinerary's day walk the dates must agree with: the trip's plan settings and the walk's options (its today). */
export interface DayWalkOf extends ScheduleOptions {
  trip: ScheduleTrip;
}

/** Arrivals held to a day or later (day numbers, by stop id): where the walk moved a stop. */
export type EarliestDays = ReadonlyMap<string, number>;

/** A stop the walk does not put where its date says, and the first day it may have. */
interface Misplaced {
  stopId: string;
  day: number;
}

/**
 * `count` dates the stops (arrivals 'YYYY-MM-DD') no earlier than the days it is given. Returns the dates and how many
 * times it walked the trip: one when the count already keeps the walk's rules (walkedDays.ts).
 */
export function fitToDayWalk<Dated extends { stopId: string; arrival: string }>(
  stops: readonly ScheduleStopInput[],
  count: (earliest: EarliestDays) => Dated[],
  { trip, ...walkOptions }: DayWalkOf,
): { dates: Dated[]; walks: number } {
  const limitMinutes = roadSettingsOf(trip).dailyDriveLimitMinutes;
  const earliest = new Map<string, number>();
  // A stop moves at most twice (to the walk's day, then past the limit), and the stops before it never again.
  for (let round = 0; round <= 2 * stops.length; round++) {
    const dates = count(earliest);
    const arrivals = new Map(dates.map((entry) => [entry.stopId, entry.arrival]));
    const applied = stops.map((stop) => (arrivals.has(stop.id) ? { ...stop, plannedArrivalDate: arrivals.get(stop.id) } : stop));
    const misplaced = firstMisplaced(computeSchedule(trip, applied, walkOptions), arrivals, limitMinutes);
    if (!misplaced) return { dates, walks: round + 1 };
    earliest.set(misplaced.stopId, misplaced.day);
  }
  throw new Error('The dates did not settle on the day walk');
}

function firstMisplaced({ stops, days }: Schedule, arrivals: ReadonlyMap<string, string>, limitMinutes: number): Misplaced | null {
  const driveMinutes = new Map(stops.map((stop) => [stop.stopId, stop.driveMinutes]));
  for (const day of days) {
    let driven = 0;
    for (const stopId of day.stopIds) {
      const leg = driveMinutes.get(stopId)!;
      const date = arrivals.get(stopId);
      if (date !== undefined && day.date > date) return { stopId, day: dayNumber(day.date) };
      if (date !== undefined && leg > 0 && driven > 0 && driven + leg > limitMinutes) return { stopId, day: dayNumber(date) + 1 };
      driven += leg;
    }
  }
  return null;
}
