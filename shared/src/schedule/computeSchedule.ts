/**
 * The schedule of a trip (docs/product.md#itinerary), derived, never stored: one pure function the app runs on
 * every change (instant, offline) and the server runs for exports. Walking the stops in order, each arrives when
 * the one before departs plus the drive, waits for its fixed time or its opening, stays, and departs; a day ends
 * at an overnight stop, or before a stop held to a later planned date. Nothing moves a stop to another day on its
 * own (that is "Plan my days"): what does not fit is a warning.
 * On the road a stop's real arrival and a delay (./stopProgress.ts) re-time the rest of the trip from there.
 */
import { DateTime } from 'luxon';
import { hasPosition } from '../domain/position.ts';
import { roadSettingsOf } from '../domain/roadSettings.ts';
import { plannedCalendarDate } from '../domain/schedule.ts';
import { minuteOfDay } from '../domain/timeOfDay.ts';
import { timeZoneAt } from '../domain/timeZone.ts';
import { zoneNamed } from '../zones/index.ts';
import { addDays, closesBefore, daysBetween, instantOf, localIso, MINUTE_MS, openFrom, wallClock } from './localTime.ts';
import type { TVehicle } from '../contracts/vehicle.ts';
import { walkRange } from '../range/rangeWalk.ts';
import { readStopPlan, type StopPlan } from './stopPlan.ts';
import { stopDrives } from './stopDrives.ts';
import { readStopProgress } from './stopProgress.ts';
import type { DayWarning, Schedule, ScheduleDay, TimedStop, ScheduleOptions, ScheduleStopInput, ScheduleTrip, StopWarning } from './types.ts';

interface Settings {
  startDate: string | null;
  departureMinute: number;
  earliestMinute: number;
  latestMinute: number;
  latestArrival: string;
  limitMinutes: number;
  vehicle: TVehicle;
}

function readSettings(trip: ScheduleTrip): Settings {
  const settings = roadSettingsOf(trip);
  return {
    startDate: settings.startDate,
    departureMinute: minuteOfDay(settings.departureTime)!,
    earliestMinute: minuteOfDay(settings.earliestDeparture)!,
    latestMinute: minuteOfDay(settings.arrivalTime)!,
    latestArrival: settings.arrivalTime,
    limitMinutes: settings.dailyDriveLimitMinutes,
    vehicle: settings.vehicle,
  };
}

/** Each stop's zone: its position's, else the previous stop's (stops before any located one take the first located one's). */
function stopZones(stops: readonly ScheduleStopInput[], fallback: string): string[] {
  const zoneOf = (stop: ScheduleStopInput) => (hasPosition(stop) ? timeZoneAt(stop.latitude!, stop.longitude!) : null);
  let zone: string = fallback;
  for (const stop of stops) {
    const found = zoneOf(stop);
    if (found) {
      zone = found;
      break;
    }
  }
  return stops.map((stop) => (zone = zoneOf(stop) ?? zone));
}

/** A stop while the walk runs: times as instants, formatted once at the end (a held day can move a departure). */
type Walked = Omit<TimedStop, 'arrival' | 'departure' | 'leaveBy' | 'visitStart' | 'visitEnd'> & { readyMs: number };
type OpenDay = Pick<ScheduleDay, 'day' | 'date' | 'fromStopId' | 'stopIds' | 'drivingMinutes' | 'distanceKm' | 'warnings'>;

export function computeSchedule(trip: ScheduleTrip, stops: readonly ScheduleStopInput[], options: ScheduleOptions = {}): Schedule {
  if (stops.length === 0) return { stops: [], days: [] };
  const settings = readSettings(trip);
  const zones = stopZones(stops, options.fallbackTimeZone ?? 'UTC');
  const drives = stopDrives(stops);
  const plans: StopPlan[] = stops.map(readStopPlan);
  const walked: Walked[] = [];
  const openDays: OpenDay[] = [];
  const firstPlanned = plannedCalendarDate(stops[0].plannedArrivalDate);
  const dayOne = settings.startDate ?? firstPlanned ?? options.today ?? DateTime.now().setZone(zoneNamed(zones[0])).toISODate()!;
  let dayDate = firstPlanned && firstPlanned > dayOne ? firstPlanned : dayOne;
  let latestPlanned: { stopId: string; date: string } | null = null;

  /** Leave the stop at `index` on `date` in the morning: the earliest departure, or its lodging's check-out if later, never before it is done. */
  const leaveOn = (index: number, date: string) => {
    const minute = Math.max(settings.earliestMinute, plans[index].checkOutMinute ?? 0);
    const stop = walked[index];
    stop.departureMs = Math.max(instantOf(date, minute, stop.timeZone), stop.readyMs);
  };
  const startDay = (date: string, fromStopId: string) =>
    openDays.push({ day: daysBetween(dayOne, date) + 1, date, fromStopId, stopIds: [], drivingMinutes: 0, distanceKm: 0, warnings: [] });

  stops.forEach((stop, index) => {
    const plan = plans[index];
    const zone = zones[index];
    const drive = drives[index];
    const planned = plannedCalendarDate(stop.plannedArrivalDate);
    const previous = walked[index - 1];
    const warnings: StopWarning[] = [];
    let arrivalMs: number;
    if (!previous) {
      // The first stop is where day 1 sets off from, at the trip's departure time.
      arrivalMs = instantOf(dayDate, settings.departureMinute, zone);
      startDay(dayDate, stop.id);
    } else {
      // The first stop is where day 1 sets off from: an overnight mark on it holds nothing.
      let nextDate = index > 1 && plans[index - 1].overnight ? addDays(dayDate, plans[index - 1].nights) : null;
      if (planned && planned > (nextDate ?? dayDate)) {
        if (nextDate === null) openDays[openDays.length - 1].warnings.push({ kind: 'noOvernight', stopId: previous.stopId });
        nextDate = planned;
        leaveOn(index - 1, nextDate);
      }
      if (nextDate !== null) {
        dayDate = nextDate;
        startDay(dayDate, previous.stopId);
      }
      // On the road: a group running late leaves the stop before later, and a real arrival is when they got here.
      const progress = readStopProgress(stop);
      previous.departureMs += progress.delayMinutes * MINUTE_MS;
      arrivalMs = progress.arrivedMs ?? previous.departureMs + drive.minutes * MINUTE_MS;
      const arrival = wallClock(arrivalMs, zone);
      if (drive.minutes > 0 && wallClock(previous.departureMs, zone).date !== arrival.date) warnings.push({ kind: 'pastMidnight' });
      if (arrival.date > dayDate || (arrival.date === dayDate && arrival.minute > settings.latestMinute)) {
        warnings.push({ kind: 'pastWindow', latestArrival: settings.latestArrival });
      }
    }
    if (planned && planned < dayDate) warnings.push({ kind: 'lateForPlannedDate', plannedDate: planned, scheduledDate: dayDate });
    if (planned) {
      if (latestPlanned && planned < latestPlanned.date) {
        warnings.push({ kind: 'dateOutOfOrder', plannedDate: planned, earlierStopId: latestPlanned.stopId, earlierDate: latestPlanned.date });
      }
      if (!latestPlanned || planned > latestPlanned.date) latestPlanned = { stopId: stop.id, date: planned };
    }

    let startMs = arrivalMs;
    if (plan.fixedMinute !== null) {
      const fixedMs = instantOf(planned ?? wallClock(arrivalMs, zone).date, plan.fixedMinute, zone);
      if (arrivalMs <= fixedMs) startMs = fixedMs;
      else warnings.push({ kind: 'fixedTimeMissed', fixedTime: plan.fixedTime!, lateMinutes: Math.round((arrivalMs - fixedMs) / MINUTE_MS) });
    }
    if (plan.openingHours) {
      const opens = openFrom(plan.openingHours, startMs, zone);
      if (opens === null) warnings.push({ kind: 'closed', at: localIso(startMs, zone) });
      else startMs = opens;
    }
    // The first stop is left at the departure time: its stay, if any, was before it.
    const stayMinutes = previous ? plan.stayMinutes : 0;
    const readyMs = startMs + stayMinutes * MINUTE_MS;
    const closes = plan.openingHours && !warnings.some((warning) => warning.kind === 'closed') ? closesBefore(plan.openingHours, startMs, readyMs, zone) : null;
    if (closes !== null) warnings.push({ kind: 'closesDuringStay', closes: localIso(closes, zone), minutes: Math.round((readyMs - closes) / MINUTE_MS) });
    const scheduled: Walked = {
      stopId: stop.id,
      index,
      timeZone: zone,
      day: daysBetween(dayOne, dayDate) + 1,
      date: wallClock(arrivalMs, zone).date,
      arrivalMs,
      departureMs: readyMs,
      readyMs,
      driveMinutes: drive.minutes,
      distanceKm: drive.distanceKm,
      waitMinutes: Math.round((startMs - arrivalMs) / MINUTE_MS),
      stayMinutes,
      visitStartMs: startMs,
      visitEndMs: readyMs,
      warnings,
    };
    walked.push(scheduled);
    if (previous && plan.overnight) leaveOn(index, addDays(dayDate, plan.nights));
    const day = openDays[openDays.length - 1];
    day.stopIds.push(stop.id);
    day.drivingMinutes += drive.minutes;
    day.distanceKm += drive.distanceKm ?? 0;
  });

  // Where the range runs out is the day's that drives that leg: the day the stop not reached is on.
  for (const runOut of walkRange(settings.vehicle, stops, drives)) {
    openDays.find((day) => day.stopIds.includes(runOut.stopId))!.warnings.push({ kind: 'rangeRunsOut', ...runOut });
  }

  const byId = new Map(walked.map((stop) => [stop.stopId, stop]));
  const scheduledStops = walked.map(({ readyMs: _ready, ...stop }, index): TimedStop => {
    const previous = walked[index - 1];
    return {
      ...stop,
      arrival: localIso(stop.arrivalMs, stop.timeZone),
      departure: localIso(stop.departureMs, stop.timeZone),
      visitStart: localIso(stop.visitStartMs, stop.timeZone),
      visitEnd: localIso(stop.visitEndMs, stop.timeZone),
      leaveBy: previous ? localIso(previous.departureMs, previous.timeZone) : null,
    };
  });
  const days = openDays.map((day): ScheduleDay => {
    const from = byId.get(day.fromStopId)!;
    const last = byId.get(day.stopIds[day.stopIds.length - 1])!;
    const lastPlan = plans[last.index];
    const sleeps = lastPlan.overnight && last.index > 0;
    const warnings: DayWarning[] = [...day.warnings];
    if (day.drivingMinutes > settings.limitMinutes) {
      warnings.unshift({ kind: 'overDailyLimit', drivingMinutes: day.drivingMinutes, limitMinutes: settings.limitMinutes });
    }
    return {
      ...day,
      distanceKm: Math.round(day.distanceKm * 10) / 10,
      toStopId: last.stopId,
      firstDepartureMs: from.departureMs,
      firstDeparture: localIso(from.departureMs, from.timeZone),
      lastArrivalMs: last.arrivalMs,
      lastArrival: localIso(last.arrivalMs, last.timeZone),
      sleep: sleeps ? { stopId: last.stopId, lodgingName: lastPlan.lodgingName, nights: lastPlan.nights } : null,
      restDays: sleeps ? Array.from({ length: lastPlan.nights - 1 }, (_, k) => ({ day: day.day + k + 1, date: addDays(day.date, k + 1) })) : [],
      warnings,
    };
  });
  return { stops: scheduledStops, days };
}
