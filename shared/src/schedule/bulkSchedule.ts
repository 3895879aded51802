/**
 * Dating every stop at once (docs/product.md#itinerary): the Bulk Schedule preview and the server's auto-schedule,
 * one function. It counts days: from the start date each stop arrives when the one before departs, its stay a
 * number of days (half days carry over: two half-day stops share a day). With "Count drive time" the counted dates
 * are then fitted to the itinerary's own day walk (fitToDayWalk.ts), so the page shows the days the preview said.
 */
import { dayNumber, dayToDate, plannedCalendarDate } from '../domain/schedule.ts';
import { fitToDayWalk, type DayWalkOf, type EarliestDays } from './fitToDayWalk.ts';
import type { ScheduleStopInput } from './types.ts';
import { WalkedDays, walkedTrip, type WalkedTrip } from './walkedDays.ts';

const MINUTES_PER_DAY = 1440;

export interface ScheduledStop {
  stopId: string;
  arrival: string;
  departure: string;
}

export interface ScheduleOverride {
  skip?: boolean;
  /** Days, half days allowed; absent or unreadable means the default duration. */
  customDuration?: number | null;
}

/** A stop as the trip holds it: its plan fields and legs count once drive time does. */
export interface DatableStop extends ScheduleStopInput {
  autoScheduled?: boolean | null;
}

export interface BulkScheduleOptions {
  startDate: string;
  defaultDurationDays: number;
  avoidWeekends?: boolean;
  overrides?: Readonly<Record<string, ScheduleOverride | undefined>>;
  /** Auto-schedule: a stop dated by hand (autoScheduled false) keeps its date, and the next stop comes its stay after it. */
  keepHandSetDates?: boolean;
  /** "Count drive time": fit the dates to the itinerary's day walk of this trip. Absent or null: days are only counted. */
  countDriveTime?: DayWalkOf | null;
}

/** What the count does with a stop: date it, keep the date set by hand, or leave it out (skipped). */
type Dating = { kind: 'date'; days: number } | { kind: 'keep'; day: number; days: number } | { kind: 'leave' };

function requireDuration(days: number, what: string): void {
  if (!Number.isFinite(days) || days < 0) throw new RangeError(`${what} must be a number of days >= 0, got ${days}`);
}

/** 1970-01-01 was a Thursday: day 2 is Saturday, day 3 Sunday. */
const isWeekend = (minute: number) => [2, 3].includes(((Math.floor(minute / MINUTES_PER_DAY) % 7) + 7) % 7);

function datingOf(stop: DatableStop, options: BulkScheduleOptions): Dating {
  const override = options.overrides?.[stop.id];
  if (override?.skip) return { kind: 'leave' };
  const custom = override?.customDuration;
  const days = typeof custom === 'number' && Number.isFinite(custom) && custom >= 0 ? custom : options.defaultDurationDays;
  const handSet = options.keepHandSetDates && !stop.autoScheduled ? plannedCalendarDate(stop.plannedArrivalDate) : null;
  return handSet ? { kind: 'keep', day: dayNumber(handSet), days } : { kind: 'date', days };
}

/**
 * The count, in whole minutes so half days carry over exactly: each dated stop arrives when the one before departs,
 * moved off Saturday and Sunday (to Monday at the same time of day) when weekends are avoided, and no earlier than
 * the morning of its earliest day. A stop kept at its hand-set date holds the next ones to its stay after it. With
 * `walked` (drive time counted) it keeps the day walk's rules too: a stop arrives no earlier than the morning of the
 * day the walk would put it on (walkedDays.ts).
 */
function countDays(
  stops: readonly DatableStop[],
  datings: readonly Dating[],
  options: BulkScheduleOptions,
  earliest: EarliestDays,
  walked: WalkedTrip | null,
): ScheduledStop[] {
  let minute = dayNumber(options.startDate) * MINUTES_PER_DAY;
  const days = walked && new WalkedDays(walked);
  const schedule: ScheduledStop[] = [];
  stops.forEach((stop, index) => {
    const dating = datings[index];
    if (dating.kind === 'leave') {
      const planned = plannedCalendarDate(stop.plannedArrivalDate);
      days?.arrive(index, planned === null ? null : dayNumber(planned));
      return;
    }
    if (dating.kind === 'keep') {
      days?.arrive(index, dating.day);
      minute = Math.max(minute, (dating.day + dating.days) * MINUTES_PER_DAY);
      return;
    }
    minute = Math.max(minute, (earliest.get(stop.id) ?? -Infinity) * MINUTES_PER_DAY);
    for (;;) {
      if (options.avoidWeekends && isWeekend(minute)) {
        minute += MINUTES_PER_DAY;
        continue;
      }
      const day = Math.floor(minute / MINUTES_PER_DAY);
      const walkDay = days ? days.earliest(index, day) : day;
      if (walkDay === day) break;
      minute = walkDay * MINUTES_PER_DAY;
    }
    days?.arrive(index, Math.floor(minute / MINUTES_PER_DAY));
    const departure = minute + Math.round(dating.days * MINUTES_PER_DAY);
    schedule.push({ stopId: stop.id, arrival: dayToDate(minute / MINUTES_PER_DAY), departure: dayToDate(departure / MINUTES_PER_DAY) });
    minute = departure;
  });
  return schedule;
}

/** Bulk Schedule, with how many times "Count drive time" walked the trip (what it costs: a walk is linear). */
export function bulkScheduleWalks(stops: readonly DatableStop[], options: BulkScheduleOptions): { schedule: ScheduledStop[]; walks: number } {
  requireDuration(options.defaultDurationDays, 'The default stay duration');
  const datings = stops.map((stop) => datingOf(stop, options));
  const walk = options.countDriveTime;
  if (!walk) return { schedule: countDays(stops, datings, options, new Map(), null), walks: 0 };
  const walked = walkedTrip(walk.trip, stops, walk.today);
  const fitted = fitToDayWalk(stops, (earliest) => countDays(stops, datings, options, earliest, walked), walk);
  return { schedule: fitted.dates, walks: fitted.walks };
}

/** The Bulk Schedule preview: the stops not skipped, in trip order, each with its arrival and departure date. */
export const bulkSchedule = (stops: readonly DatableStop[], options: BulkScheduleOptions): ScheduledStop[] => bulkScheduleWalks(stops, options).schedule;

/**
 * The server's /trips/stops/auto-schedule: Bulk Schedule with whole-day stays, weekends allowed, and the dates set by
 * hand kept (as the Edit Stop dialog promises); a later one holds the stops after it. Returns the stops it dates.
 */
export function autoSchedule(
  stops: readonly DatableStop[],
  startDate: string,
  defaultStayDurationDays: number,
  { countDriveTime }: Pick<BulkScheduleOptions, 'countDriveTime'> = {},
): ScheduledStop[] {
  if (!Number.isInteger(defaultStayDurationDays)) {
    throw new RangeError(`The default stay duration must be whole days, got ${defaultStayDurationDays}`);
  }
  return bulkSchedule(stops, { startDate, defaultDurationDays: defaultStayDurationDays, keepHandSetDates: true, countDriveTime });
}
