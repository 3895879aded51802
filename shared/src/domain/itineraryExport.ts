/**
 * The itinerary.txt the Itinerary Stats panel downloads (docs/product.md#itinerary): every planned stop with its
 * address (or N/A), planned arrival date, drive time from the previous stop and Visited/Pending; where the
 * drive's leg is known, its road distance too; given the trip's schedule (shared/src/schedule/), each stop's
 * arrival, departure and leave-by in its own zone's local time, and where the car's range runs out before it. Built
 * in the browser from the trip already loaded
 * (stops as withCurrentDrives gives them); no call is made.
 */
import { messages } from '../messages.ts';
import { rangeRunsOutText } from '../range/rangeWords.ts';
import { wallClock } from '../schedule/localTime.ts';
import type { Schedule, TimedStop } from '../schedule/types.ts';
import { zoneAbbreviation } from '../zones/index.ts';
import { plannedCalendarDate } from './schedule.ts';
import type { DistanceUnit } from '../contracts/distanceUnit.ts';
import { formatDistanceIn } from './distanceUnits.ts';
import { formatDuration } from './stats.ts';

export const ITINERARY_EXPORT_FILENAME = 'itinerary.txt';

export interface ExportStop {
  /** Matches the stop to its times in the schedule. */
  id?: string;
  name: string;
  address?: string | null;
  plannedArrivalDate?: string | Date | null;
  estimatedDriveMinutes?: number | null;
  /** The current leg to this stop, when known: its distance is listed. */
  driveLeg?: { distanceKm: number } | null;
  visited?: boolean | null;
}

const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'full' });

/** 'Saturday, June 1, 2024' for '2024-06-01', the same in every time zone. */
export function formatCalendarDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** '10:58 PDT': a wall clock in `timeZone`, 24-hour, with the zone's short name. */
function clock(ms: number, timeZone: string): string {
  const { minute } = wallClock(ms, timeZone);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')} ${zoneAbbreviation(ms, timeZone)}`;
}

/** The stop's scheduled times, each in its zone; leave-by is the previous stop's departure in that stop's zone. */
function timeLines(times: TimedStop, previous: TimedStop | undefined): string[] {
  const text = messages.itinerary.export;
  return [
    ...(times.index > 0 ? [`   ${text.arrives}: ${clock(times.arrivalMs, times.timeZone)}`] : []),
    `   ${text.departs}: ${clock(times.departureMs, times.timeZone)}`,
    ...(previous ? [`   ${text.leaveBy}: ${clock(previous.departureMs, previous.timeZone)}`] : []),
  ];
}

/**
 * The file's text, stops in the order given (the trip's stop order), with their times when `schedule` is given and
 * distances in `unit` (the reader's, as the page shows them).
 */
export function itineraryText(tripTitle: string, stops: ReadonlyArray<ExportStop>, schedule?: Schedule | null, unit: DistanceUnit = 'km'): string {
  const text = messages.itinerary.export;
  const lines = [text.heading(tripTitle), ''];
  const timesById = new Map((schedule?.stops ?? []).map((times) => [times.stopId, times]));
  // Said on the stop not reached, as every export says it.
  const runOuts = new Map((schedule?.days ?? []).flatMap((day) => day.warnings.flatMap((warning) => (warning.kind === 'rangeRunsOut' ? [[warning.stopId, warning] as const] : []))));
  const nameOf = new Map(stops.flatMap((stop) => (stop.id === undefined ? [] : [[stop.id, stop.name] as const])));
  const planned = stops.flatMap((stop) => {
    const date = plannedCalendarDate(stop.plannedArrivalDate);
    return date ? [{ stop, date }] : [];
  });
  if (planned.length === 0) lines.push(text.noPlannedStops, '');
  planned.forEach(({ stop, date }, index) => {
    const times = stop.id === undefined ? undefined : timesById.get(stop.id);
    const runOut = stop.id === undefined ? undefined : runOuts.get(stop.id);
    lines.push(
      `${index + 1}. ${stop.name}`,
      `   ${text.address}: ${stop.address?.trim() || messages.itinerary.notAvailable}`,
      `   ${text.plannedArrival}: ${formatCalendarDate(date)}`,
      ...(times ? timeLines(times, schedule!.stops[times.index - 1]) : []),
      `   ${text.driveFromPrevious}: ${formatDuration(stop.estimatedDriveMinutes)}`,
      ...(stop.driveLeg ? [`   ${text.distanceFromPrevious}: ${formatDistanceIn(stop.driveLeg.distanceKm, unit)}`] : []),
      ...(runOut ? [`   ${text.warning}: ${rangeRunsOutText(runOut.kmAfter, nameOf.get(runOut.afterStopId) ?? '', unit)}`] : []),
      `   ${text.status}: ${stop.visited ? text.visited : text.pending}`,
      '',
    );
  });
  return lines.join('\n');
}
