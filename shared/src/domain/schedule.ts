/**
 * Arrival-date planning (docs/product.md#itinerary): the Bulk Schedule preview, the server's auto-schedule, and
 * the epoch sentinel that means "no date". Dates are calendar dates ('YYYY-MM-DD') counted as UTC day
 * numbers, so a browser in Honolulu and the server in UTC compute the same schedule.
 */

import { arrivalDayWithin, DailyDriveBudget, legMinutes, type DriveMinutesStop } from './driveDays.ts';

const DAY_MS = 86_400_000;
const MINUTES_PER_DAY = 1440;

/** Reset All Dates writes the epoch; readers treat it exactly like a missing date. */
export const RESET_DATE = '1970-01-01';

/** How a calendar date is kept on a stop, whichever door writes it: midnight UTC, the form rows seeded from SQL have too. */
export const storedPlannedDate = (calendarDate: string) => `${calendarDate}T00:00:00.000Z`;

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;

/**
 * The calendar date a stored value names. For strings it is the date as written
 * ('2024-06-01T00:00:00.000Z' and '2024-06-01' are both June 1), so an offset never moves a day;
 * a Date object gives its UTC date. Anything unreadable is null.
 */
export function toCalendarDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const match = DATE_PART.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = `${year}-${month}-${day}`;
  // Date.UTC rolls 2024-02-30 over to March; a date that does not survive the round trip is not one.
  return dayToDate(Date.UTC(Number(year), Number(month) - 1, Number(day)) / DAY_MS) === date ? date : null;
}

/** The planned arrival as a calendar date, or null when the stop has none (missing, unreadable or reset). */
export function plannedCalendarDate(value: string | Date | null | undefined): string | null {
  const date = toCalendarDate(value);
  return date === RESET_DATE ? null : date;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(date: string): number {
  const calendarDate = toCalendarDate(date);
  if (!calendarDate) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.parse(`${calendarDate}T00:00:00Z`) / DAY_MS;
}

export function dayToDate(day: number): string {
  return new Date(Math.floor(day) * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday. */
function weekday(day: number): number {
  return (((Math.floor(day) + 4) % 7) + 7) % 7;
}

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

export interface BulkScheduleOptions {
  startDate: string;
  defaultDurationDays: number;
  avoidWeekends?: boolean;
  overrides?: Readonly<Record<string, ScheduleOverride | undefined>>;
  /**
   * "Count drive time": no day's driving passes this many minutes (shared/src/domain/driveDays.ts).
   * Absent or null: drive time is not counted, the plain computation (stays and weekends only).
   */
  dailyDriveLimitMinutes?: number | null;
}

const budgetFor = (limit: number | null | undefined) => (limit === null || limit === undefined ? null : new DailyDriveBudget(limit));
const isWeekday = (day: number) => ![0, 6].includes(weekday(day));

function requireDuration(days: number, what: string): void {
  if (!Number.isFinite(days) || days < 0) throw new RangeError(`${what} must be a number of days >= 0, got ${days}`);
}

/**
 * The Bulk Schedule preview: non-skipped stops in order, each arriving when the previous one departs.
 * Time runs in whole minutes so half days carry over exactly: two half-day stops starting Monday
 * both arrive Monday and the third arrives Tuesday. Avoiding weekends moves an arrival that falls on
 * Saturday or Sunday to Monday at the same time of day. Counting drive time moves an arrival whose leg
 * would pass the day's driving limit to the start of the next day (still off weekends when they are avoided).
 */
export function bulkSchedule(
  stops: ReadonlyArray<{ id: string } & DriveMinutesStop>,
  options: BulkScheduleOptions,
): ScheduledStop[] {
  requireDuration(options.defaultDurationDays, 'The default stay duration');
  const budget = budgetFor(options.dailyDriveLimitMinutes);
  let minute = dayNumber(options.startDate) * MINUTES_PER_DAY;
  const schedule: ScheduledStop[] = [];
  for (const stop of stops) {
    const override = options.overrides?.[stop.id];
    if (override?.skip) continue;
    if (options.avoidWeekends) {
      while ([0, 6].includes(weekday(minute / MINUTES_PER_DAY))) minute += MINUTES_PER_DAY;
    }
    if (budget) {
      const day = Math.floor(minute / MINUTES_PER_DAY);
      const arrivalDay = arrivalDayWithin(budget, day, legMinutes(stop), options.avoidWeekends ? isWeekday : undefined);
      // The next day's drive starts in the morning.
      if (arrivalDay !== day) minute = arrivalDay * MINUTES_PER_DAY;
    }
    const custom = override?.customDuration;
    const days = typeof custom === 'number' && Number.isFinite(custom) && custom >= 0 ? custom : options.defaultDurationDays;
    const departure = minute + Math.round(days * MINUTES_PER_DAY);
    schedule.push({
      stopId: stop.id,
      arrival: dayToDate(minute / MINUTES_PER_DAY),
      departure: dayToDate(departure / MINUTES_PER_DAY),
    });
    minute = departure;
  }
  return schedule;
}

export interface AutoScheduleStop extends DriveMinutesStop {
  id: string;
  plannedArrivalDate?: string | Date | null;
  autoScheduled?: boolean | null;
}

/**
 * The server's /trips/stops/auto-schedule: whole-day stays from the start date, weekends allowed.
 * A stop whose date the owner set by hand (autoScheduled false, a real date) keeps it, as the Edit
 * Stop dialog promises, and anchors the stops after it when it lies later than the running date.
 * Returns the stops whose dates auto-scheduling sets; the caller stores each arrival with
 * autoScheduled true. With a daily driving limit ("Count drive time") an arrival whose leg would
 * pass the limit on its day moves to the next day; legs into stops dated by hand count on their dates.
 */
export function autoSchedule(
  stops: ReadonlyArray<AutoScheduleStop>,
  startDate: string,
  defaultStayDurationDays: number,
  { dailyDriveLimitMinutes }: Pick<BulkScheduleOptions, 'dailyDriveLimitMinutes'> = {},
): ScheduledStop[] {
  if (!Number.isInteger(defaultStayDurationDays)) {
    throw new RangeError(`The default stay duration must be whole days, got ${defaultStayDurationDays}`);
  }
  requireDuration(defaultStayDurationDays, 'The default stay duration');
  const budget = budgetFor(dailyDriveLimitMinutes);
  let day = dayNumber(startDate);
  const schedule: ScheduledStop[] = [];
  for (const stop of stops) {
    const manualDate = stop.autoScheduled ? null : plannedCalendarDate(stop.plannedArrivalDate);
    if (manualDate) {
      budget?.record(dayNumber(manualDate), legMinutes(stop));
      day = Math.max(day, dayNumber(manualDate) + defaultStayDurationDays);
      continue;
    }
    day = arrivalDayWithin(budget, day, legMinutes(stop));
    schedule.push({ stopId: stop.id, arrival: dayToDate(day), departure: dayToDate(day + defaultStayDurationDays) });
    day += defaultStayDurationDays;
  }
  return schedule;
}
