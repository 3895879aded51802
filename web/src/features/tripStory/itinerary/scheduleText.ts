/**
 * The schedule in words, as the itinerary shows it (docs/product.md#itinerary): local times with the zone's
 * abbreviation where it would otherwise mislead, durations, and every warning as a sentence.
 */
import {
  dateTimeIn,
  formatDuration,
  rangeRunsOutText,
  zoneAbbreviation as bundledAbbreviation,
  type DayWarning,
  type DistanceUnit,
  type ScheduleDay,
  type StopWarning,
  type TimedStop,
} from '@caravan/shared';

/** Calendar dates and clock times with no zone, read in UTC (which has no rules to differ). */
const formats = new Map<string, Intl.DateTimeFormat>();
function utcFormat(options: Intl.DateTimeFormatOptions, key: string): Intl.DateTimeFormat {
  let known = formats.get(key);
  if (!known) formats.set(key, (known = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })));
  return known;
}

/** An instant's wall clock in `zone` by the bundled tz data (the server's exports read the same), not the browser's. */
const inZone = (instant: string | number, zone: string) => dateTimeIn(new Date(instant).getTime(), zone);

/** 'MDT', 'PDT', 'GMT+2': the zone's short name at that instant. */
export const zoneAbbreviation = (instant: string | number, zone: string): string => bundledAbbreviation(new Date(instant).getTime(), zone);

/** '10:40 AM', with ' PDT' when `withZone`. */
export function localTime(instant: string | number, zone: string, withZone = false): string {
  const time = inZone(instant, zone).toFormat('h:mm a');
  return withZone ? `${time} ${zoneAbbreviation(instant, zone)}` : time;
}

/** 'Mon, Jun 8' of a calendar date. */
export const dayLabel = (date: string) => utcFormat({ weekday: 'short', month: 'short', day: 'numeric' }, 'day').format(new Date(`${date}T00:00:00Z`));

/** 'Sat, Jan 4, 8:00 AM', with the zone when `withZone`. */
export const localDayTime = (instant: string | number, zone: string, withZone = false) =>
  `${inZone(instant, zone).toFormat('ccc, LLL d')}, ${localTime(instant, zone, withZone)}`;

/**
 * Whether a time needs its zone named: the zone's name at that instant differs from the previous stop's, or from
 * the viewer's own (a member reading in Paris sees 'PDT' on every stop in California).
 */
export function showZone(instant: string | number, zone: string, previousZone: string | null, viewerZone: string): boolean {
  const name = zoneAbbreviation(instant, zone);
  return name !== zoneAbbreviation(instant, viewerZone) || (previousZone !== null && name !== zoneAbbreviation(instant, previousZone));
}

export interface StopTimesInput {
  stop: TimedStop;
  previous: TimedStop | null;
  /** The date of the day the stop is listed under. */
  dayDate: string;
  viewerZone: string;
}

/**
 * A stop's place in its day in words: 'Arrive 2:24 PM · wait 4h 36m · visit 7:00 PM–8:30 PM · leave Tue, Jun 2,
 * 8:00 AM'. The visit starts after the wait for its fixed time or opening, so the wait is its own part; a time on
 * another date than the stop's day (an arrival after midnight, the morning after) says its date.
 */
export function stopTimesText({ stop, previous, dayDate, viewerZone }: StopTimesInput): string {
  const withZone = showZone(stop.arrival, stop.timeZone, previous?.timeZone ?? null, viewerZone);
  const onItsDay = (instant: string, zoned: boolean) =>
    instant.slice(0, 10) === dayDate ? localTime(instant, stop.timeZone, zoned) : localDayTime(instant, stop.timeZone, zoned);
  const arrive = onItsDay(stop.arrival, withZone);
  if (!previous) return `Set off ${arrive}`;
  const visit = stop.waitMinutes > 0 ? `visit ${onItsDay(stop.visitStart, false)}–${onItsDay(stop.visitEnd, false)}` : null;
  return [
    `Arrive ${arrive}`,
    stop.waitMinutes > 0 ? `wait ${formatDuration(stop.waitMinutes)}` : null,
    visit ?? (stop.stayMinutes > 0 ? `stay ${formatDuration(stop.stayMinutes)}` : null),
    stop.departureMs !== stop.arrivalMs ? `leave ${onItsDay(stop.departure, withZone)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A rest day's line: the day spent at a lodging of a stay of more than one night. */
export const restDayText = (place: string) => `Rest day at ${place}`;

/** '17:00' as '5:00 PM', as every other time on the page reads. */
export const clockTime = (time: string) => utcFormat({ hour: 'numeric', minute: '2-digit' }, 'time').format(new Date(`2000-01-01T${time}:00Z`));

export interface WarningContext {
  /** A stop's name by id (dateOutOfOrder, noOvernight name other stops). */
  nameOf: (stopId: string) => string;
  zone: string;
  /** The reader's unit for distances (where the range runs out); km when not given. */
  unit?: DistanceUnit;
}

export function stopWarningText(warning: StopWarning, { nameOf, zone }: WarningContext): string {
  switch (warning.kind) {
    case 'closed':
      return `Closed when we arrive, ${localDayTime(warning.at, zone)}`;
    case 'closesDuringStay':
      return `Closes at ${localTime(warning.closes, zone)}, ${formatDuration(warning.minutes)} before the stay ends`;
    case 'fixedTimeMissed':
      return `Misses its fixed time ${warning.fixedTime} by ${formatDuration(warning.lateMinutes)}`;
    case 'lateForPlannedDate':
      return `Planned for ${dayLabel(warning.plannedDate)}, reached ${dayLabel(warning.scheduledDate)}`;
    case 'dateOutOfOrder':
      return `Dated ${dayLabel(warning.plannedDate)}, before ${nameOf(warning.earlierStopId)} on ${dayLabel(warning.earlierDate)}`;
    case 'pastWindow':
      return `Arrives after the latest arrival, ${clockTime(warning.latestArrival)}`;
    case 'pastMidnight':
      return 'The drive here runs past midnight';
  }
}

export function dayWarningText(warning: DayWarning, day: Pick<ScheduleDay, 'day'>, { nameOf, unit = 'km' }: Pick<WarningContext, 'nameOf' | 'unit'>): string {
  switch (warning.kind) {
    case 'overDailyLimit':
      return `Day ${day.day} drives ${formatDuration(warning.drivingMinutes)}, over the ${formatDuration(warning.limitMinutes)} limit`;
    case 'noOvernight':
      return `Day ${day.day} ends at ${nameOf(warning.stopId)}, which is not an overnight stop`;
    case 'rangeRunsOut':
      return `${rangeRunsOutText(warning.kmAfter, nameOf(warning.afterStopId), unit)}, before ${nameOf(warning.stopId)}: refuel or charge on the way`;
  }
}
