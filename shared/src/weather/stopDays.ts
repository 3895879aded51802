/**
 * The stop-days of a schedule: every located stop on the local date it is reached, and the stop a group sleeps at
 * on each rest day after. Each takes its own zone's date (the schedule's `date` is the arrival's wall clock in the
 * stop's zone), so a stop across a zone line asks the weather of its own day.
 */
import { hasPosition } from '../domain/position.ts';
import type { Schedule, ScheduleStopInput } from '../schedule/types.ts';

export interface StopDay {
  stopId: string;
  /** The stop's local date, 'YYYY-MM-DD'. */
  date: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  /** The arrival instant; null on a rest day (the group is there all day). */
  arrivalMs: number | null;
}

export const stopDayKey = (stopId: string, date: string) => `${stopId}@${date}`;

export function stopDaysOf(schedule: Schedule, stops: readonly ScheduleStopInput[]): StopDay[] {
  const located = new Map(stops.filter(hasPosition).map((stop) => [stop.id, stop]));
  const days: StopDay[] = [];
  const seen = new Set<string>();
  const add = (day: StopDay) => {
    const key = stopDayKey(day.stopId, day.date);
    if (seen.has(key)) return;
    seen.add(key);
    days.push(day);
  };
  const timed = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
  for (const stop of schedule.stops) {
    const place = located.get(stop.stopId);
    if (place) add({ stopId: stop.stopId, date: stop.date, timeZone: stop.timeZone, latitude: place.latitude!, longitude: place.longitude!, arrivalMs: stop.arrivalMs });
  }
  for (const day of schedule.days) {
    const sleep = day.sleep && located.get(day.sleep.stopId);
    const zone = day.sleep && timed.get(day.sleep.stopId)?.timeZone;
    if (!sleep || !zone) continue;
    for (const rest of day.restDays) add({ stopId: sleep.id, date: rest.date, timeZone: zone, latitude: sleep.latitude!, longitude: sleep.longitude!, arrivalMs: null });
  }
  return days;
}
