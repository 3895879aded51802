/**
 * The stop-days a trip's weather is asked for: none unless the days are dated (an undated trip's day 1 is whatever
 * today is). The itinerary and the trip map work them out the same way, so they share one ask (useTripWeather's key).
 */
import { daysAreDated, stopDaysOf, type Schedule, type ScheduleStopInput, type ScheduleTrip, type StopDay } from '@caravan/shared';

export const datedStopDays = (trip: ScheduleTrip, schedule: Schedule, stops: readonly ScheduleStopInput[]): StopDay[] =>
  daysAreDated(trip, stops) ? stopDaysOf(schedule, stops) : [];
