/**
 * The Itinerary Stats panel (docs/product.md#itinerary): trip length, driving and staying time, schedule
 * adherence, visited counts; plus the "Xh Ym" time format and the "Leave by" time of a stop card.
 */
import { messages } from '../messages.ts';
import { dayNumber, dayToDate, plannedCalendarDate } from './schedule.ts';
import { roadSettingsOf } from './roadSettings.ts';
import { minuteOfDay } from './timeOfDay.ts';

const MINUTES_PER_DAY = 1440;

export interface StatsStop {
  plannedArrivalDate?: string | Date | null;
  visited?: boolean | null;
  /** Drive time from the previous stop. */
  estimatedDriveMinutes?: number | null;
}

export interface ItineraryStats {
  /** From the first planned arrival to the day after the last; 0 when nothing is planned. */
  tripDurationDays: number;
  totalDrivingMinutes: number;
  totalStayMinutes: number;
  /** Distance stays 0 here: drive-time estimates are stored, distances are not. */
  totalDistanceKm: number;
  /** Percent of planned stops already visited, rounded; 0 when nothing is planned. */
  adherencePercent: number;
  visitedCount: number;
  plannedCount: number;
  totalStops: number;
}

const driveMinutesOf = (stop: StatsStop) =>
  typeof stop.estimatedDriveMinutes === 'number' && stop.estimatedDriveMinutes > 0 ? stop.estimatedDriveMinutes : 0;

export function itineraryStats(stops: ReadonlyArray<StatsStop>): ItineraryStats {
  const planned = stops
    .map((stop) => ({ stop, date: plannedCalendarDate(stop.plannedArrivalDate) }))
    .filter((entry): entry is { stop: StatsStop; date: string } => entry.date !== null)
    .map(({ stop, date }) => ({ stop, day: dayNumber(date) }))
    .sort((a, b) => a.day - b.day);

  let totalStayMinutes = 0;
  if (planned.length > 0) {
    for (let i = 1; i < planned.length; i++) {
      // The time between two arrivals is spent driving to the second stop or staying at the first.
      const stay = (planned[i].day - planned[i - 1].day) * MINUTES_PER_DAY - driveMinutesOf(planned[i].stop);
      if (stay > 0) totalStayMinutes += stay;
    }
    // The last stop has no next arrival to measure against; it counts as one day.
    totalStayMinutes += MINUTES_PER_DAY;
  }

  const visitedPlanned = planned.filter(({ stop }) => stop.visited).length;
  return {
    tripDurationDays: planned.length ? planned[planned.length - 1].day - planned[0].day + 1 : 0,
    totalDrivingMinutes: stops.reduce((sum, stop) => sum + driveMinutesOf(stop), 0),
    totalStayMinutes,
    totalDistanceKm: 0,
    adherencePercent: planned.length ? Math.round((visitedPlanned / planned.length) * 100) : 0,
    visitedCount: stops.filter((stop) => stop.visited).length,
    plannedCount: planned.length,
    totalStops: stops.length,
  };
}

/** '2h 5m'; 'N/A' when there is no value to show. */
export function formatDuration(minutes: number | null | undefined): string {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) return messages.itinerary.notAvailable;
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

const distanceFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '1,234.5 km' (0.1 km precision, as legs carry it); 'N/A' when there is no value to show. */
export function formatDistance(km: number | null | undefined): string {
  if (typeof km !== 'number' || !Number.isFinite(km) || km < 0) return messages.itinerary.notAvailable;
  return messages.itinerary.distance(distanceFormat.format(km));
}

/** The stop card's drive-time badge, '~2h 5m drive', or null when no estimate exists. */
export function driveTimeBadge(minutes: number | null | undefined): string | null {
  const duration = formatDuration(minutes);
  return duration === messages.itinerary.notAvailable ? null : messages.itinerary.driveTime(duration);
}

export interface LeaveBy {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM', 24-hour. */
  time: string;
}

/**
 * When to set off to arrive on time: the planned date at the trip's arrival time of day ('HH:MM', the
 * trip's `arrivalTime`) minus the drive time. A planned arrival is a calendar date, so the time of day comes
 * from the trip, never from the stored timestamp (which is midnight): a short drive to a Saturday arrival
 * leaves on Saturday. Wall-clock time throughout, so the answer does not depend on the viewer's time zone.
 * An unreadable arrival time counts as the default (roadSettingsOf). Null without a planned date or a drive-time estimate.
 */
export function leaveBy(
  plannedArrivalDate: string | Date | null | undefined,
  driveMinutes: number | null | undefined,
  arrivalTime: string | null | undefined,
): LeaveBy | null {
  const date = plannedCalendarDate(plannedArrivalDate);
  if (!date || typeof driveMinutes !== 'number' || !Number.isFinite(driveMinutes) || driveMinutes < 0) return null;
  const arrivalMinute = minuteOfDay(roadSettingsOf({ arrivalTime }).arrivalTime)!;
  const minute = dayNumber(date) * MINUTES_PER_DAY + arrivalMinute - Math.round(driveMinutes);
  const day = Math.floor(minute / MINUTES_PER_DAY);
  const rest = minute - day * MINUTES_PER_DAY;
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: dayToDate(day),
    time: `${pad(Math.floor(rest / 60))}:${pad(rest % 60)}`,
  };
}
