/**
 * A day's drive that runs after sunset: its first stop reached by a drive that arrives after the sun has set there,
 * or before it has risen (on the stop's own date, in its zone), for the warning an owner can turn on (the road
 * setting `warnAfterSunset`).
 * A stop without a position, or a day where the sun does not set, is not judged.
 */
import type { ScheduleDay, TimedStop } from '../schedule/types.ts';
import { sunTimesOf } from './sunTimes.ts';

export interface AfterSunset {
  stopId: string;
  arrivalMs: number;
  /** 'afterSunset': arrives after that day's sunset; 'beforeSunrise': before that day's sunrise. */
  dark: 'afterSunset' | 'beforeSunrise';
  /** The sunset or sunrise passed. */
  sunMs: number;
  timeZone: string;
}

type Position = { latitude: number; longitude: number } | null;

export function driveAfterSunset(day: ScheduleDay, timed: (stopId: string) => TimedStop | undefined, positionOf: (stopId: string) => Position): AfterSunset | null {
  for (const stopId of day.stopIds) {
    const stop = timed(stopId);
    const position = positionOf(stopId);
    if (!stop || !position || stop.driveMinutes <= 0) continue;
    const sun = sunTimesOf(position.latitude, position.longitude, stop.date, stop.timeZone);
    if (!sun) continue;
    const at = { stopId, arrivalMs: stop.arrivalMs, timeZone: stop.timeZone };
    if (stop.arrivalMs > sun.sunsetMs) return { ...at, dark: 'afterSunset', sunMs: sun.sunsetMs };
    if (stop.arrivalMs < sun.sunriseMs) return { ...at, dark: 'beforeSunrise', sunMs: sun.sunriseMs };
  }
  return null;
}
