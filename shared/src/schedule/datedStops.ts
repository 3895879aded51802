/**
 * Which stops have a date as the itinerary shows them: day 1 is a date someone set (the trip's start date, else the
 * first stop's planned date), so every stop's day carries a real date; otherwise day 1 stands in as today, and only
 * the stops with their own planned date are dated.
 */
import { plannedCalendarDate } from '../domain/schedule.ts';
import type { ScheduleStopInput, ScheduleTrip } from './types.ts';

/** Whether day 1 is a date someone set rather than today's stand-in (computeSchedule's own choice of day 1). */
export const daysAreDated = (trip: ScheduleTrip, stops: readonly ScheduleStopInput[]): boolean =>
  plannedCalendarDate(trip.startDate ?? null) !== null || plannedCalendarDate(stops[0]?.plannedArrivalDate) !== null;

/** How many stops have a date: all of them on dated days, else those with their own planned date. */
export function datedStopCount(trip: ScheduleTrip, stops: readonly ScheduleStopInput[]): number {
  if (daysAreDated(trip, stops)) return stops.length;
  return stops.filter((stop) => plannedCalendarDate(stop.plannedArrivalDate) !== null).length;
}
