/**
 * The day model walked over one order of stops: day 1 leaves the first stop at the departure time, each later day
 * at the earliest departure (or the lodging's check-out); arrival = departure + drive, a wait for opening hours or a
 * fixed time, departure = arrival + wait + stay; a day ends at an overnight stop and before a stop held to a later
 * planned date. Splitting (what "Plan my days" adds) also ends a day before a drive that would pass the daily
 * limit or arrive after the latest arrival. Every constraint it cannot meet is listed.
 */
import { minuteOfDay, parseOpeningHours } from '@caravan/shared';
import type { RoadMatrix } from '../../routing/legRouter.ts';
import type { DayPlanSettings, TimedStop, Unmet } from './planStops.ts';
import { addDays, daysBetween, instantAt, runtimeLocalDate, wallClockAt, wallClockOfRuntimeDate } from './zonedClock.ts';

const MINUTE_MS = 60_000;
const MIDNIGHT = 24 * 60;

export interface SimulatedDay {
  /** 'YYYY-MM-DD' in the zone of the stop the day leaves from. */
  date: string;
  /** The stop the day leaves from, then every stop reached that day. */
  stopIds: string[];
  driveMinutes: number;
  distanceKm: number;
  /** The stop the group sleeps at after this day; null for the last day. */
  sleepsAt: string | null;
}

export interface Simulation {
  days: SimulatedDay[];
  unmet: Unmet[];
}

/** Minutes to wait at `instant` for the place to open, 0 when open; null when it does not open again that day. */
function openingWait(text: string, instant: number, zone: string): number | null {
  const hours = parseOpeningHours(text);
  if (!hours) return 0;
  const clock = wallClockAt(instant, zone);
  const at = runtimeLocalDate(clock);
  if (hours.getState(at)) return 0;
  const change = hours.getNextChange(at, runtimeLocalDate({ date: clock.date, minute: MIDNIGHT - 1 }));
  if (!change || !hours.getState(change)) return null;
  const opens = wallClockOfRuntimeDate(change);
  return opens.date === clock.date ? opens.minute - clock.minute : null;
}

export function simulateDays(stops: readonly TimedStop[], matrix: RoadMatrix, settings: DayPlanSettings, now: number, splitting: boolean): Simulation {
  const unmet: Unmet[] = [];
  const days: SimulatedDay[] = [];
  if (stops.length === 0) return { days, unmet };
  const limit = settings.dailyDriveLimitMinutes;
  const latest = minuteOfDay(settings.latestArrival) ?? MIDNIGHT - 1;
  const earliest = minuteOfDay(settings.earliestDeparture) ?? 0;
  const first = stops[0];

  let date = settings.startDate ?? first.plannedDate ?? wallClockAt(now, first.zone).date;
  let time = instantAt(date, minuteOfDay(settings.departureTime) ?? earliest, first.zone);
  let day: SimulatedDay = { date, stopIds: [first.id], driveMinutes: 0, distanceKm: 0, sleepsAt: null };
  let legsToday = 0;
  let lastLocated = first.located;

  /** Minutes past the day's latest arrival an arrival at `instant` in `zone` is (a later date counts whole days). */
  const minutesPastWindow = (instant: number, zone: string) => {
    const clock = wallClockAt(instant, zone);
    return daysBetween(date, clock.date) * MIDNIGHT + clock.minute - latest;
  };

  const closeDay = () => {
    if (day.driveMinutes > limit) {
      const kind = legsToday === 1 ? 'longLeg' : 'overDailyLimit';
      unmet.push({ stopId: day.stopIds[day.stopIds.length - 1], day: days.length + 1, kind, minutes: Math.round(day.driveMinutes - limit) });
    }
    days.push(day);
  };

  const endDayAt = (stop: TimedStop, heldTo: string | null) => {
    day.sleepsAt = stop.id;
    closeDay();
    date = addDays(date, stop.nights);
    if (heldTo !== null && heldTo > date) date = heldTo;
    time = Math.max(time, instantAt(date, Math.max(earliest, stop.checkOutMinute ?? 0), stop.zone));
    day = { date, stopIds: [stop.id], driveMinutes: 0, distanceKm: 0, sleepsAt: null };
    legsToday = 0;
  };

  for (let i = 1; i < stops.length; i++) {
    const previous = stops[i - 1];
    const stop = stops[i];
    const driven = stop.located !== null && lastLocated !== null;
    const leg = driven ? Math.round(matrix.minutes[lastLocated!][stop.located!]) : 0;
    const km = driven ? matrix.distanceKm[lastLocated!][stop.located!] : 0;

    const heldLater = stop.plannedDate !== null && stop.plannedDate > date;
    const overLimit = day.driveMinutes + leg > limit || minutesPastWindow(time + leg * MINUTE_MS, stop.zone) > 0;
    if (previous.overnight || heldLater || (splitting && legsToday > 0 && leg > 0 && overLimit)) endDayAt(previous, stop.plannedDate);

    day.stopIds.push(stop.id);
    day.driveMinutes += leg;
    day.distanceKm += km;
    if (leg > 0) legsToday++;
    if (stop.located !== null) lastLocated = stop.located;
    const dayNumber = days.length + 1;
    const miss = (kind: Unmet['kind'], minutes: number | null) => unmet.push({ stopId: stop.id, day: dayNumber, kind, minutes });

    let at = time + leg * MINUTE_MS;
    const late = minutesPastWindow(at, stop.zone);
    if (late > 0) miss('pastWindow', late);
    if (stop.plannedDate !== null && stop.plannedDate < date) miss('lateForPlannedDate', daysBetween(stop.plannedDate, date) * MIDNIGHT);
    if (stop.fixedMinute !== null) {
      const fixed = instantAt(wallClockAt(at, stop.zone).date, stop.fixedMinute, stop.zone);
      if (at > fixed) miss('fixedTimeMissed', Math.round((at - fixed) / MINUTE_MS));
      at = Math.max(at, fixed);
    }
    if (stop.openingHours !== null) {
      const wait = openingWait(stop.openingHours, at, stop.zone);
      if (wait === null) miss('closed', null);
      else at += wait * MINUTE_MS;
    }
    time = at + stop.stayMinutes * MINUTE_MS;
  }
  closeDay();
  for (const each of days) each.distanceKm = Math.round(each.distanceKm * 10) / 10;
  return { days, unmet };
}
