/**
 * The itinerary.txt the Itinerary Stats panel downloads (docs/product.md#itinerary): every planned stop with its
 * address (or N/A), planned arrival date, drive time from the previous stop and Visited/Pending; where the
 * drive's leg is known, its road distance too. Built in the browser from the trip already loaded
 * (stops as withCurrentDrives gives them); no call is made.
 */
import { messages } from '../messages.ts';
import { plannedCalendarDate } from './schedule.ts';
import { formatDistance, formatDuration } from './stats.ts';

export const ITINERARY_EXPORT_FILENAME = 'itinerary.txt';

export interface ExportStop {
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

/** The file's text, stops in the order given (the trip's stop order). */
export function itineraryText(tripTitle: string, stops: ReadonlyArray<ExportStop>): string {
  const text = messages.itinerary.export;
  const lines = [text.heading(tripTitle), ''];
  const planned = stops.flatMap((stop) => {
    const date = plannedCalendarDate(stop.plannedArrivalDate);
    return date ? [{ stop, date }] : [];
  });
  if (planned.length === 0) lines.push(text.noPlannedStops, '');
  planned.forEach(({ stop, date }, index) => {
    lines.push(
      `${index + 1}. ${stop.name}`,
      `   ${text.address}: ${stop.address?.trim() || messages.itinerary.notAvailable}`,
      `   ${text.plannedArrival}: ${formatCalendarDate(date)}`,
      `   ${text.driveFromPrevious}: ${formatDuration(stop.estimatedDriveMinutes)}`,
      ...(stop.driveLeg ? [`   ${text.distanceFromPrevious}: ${formatDistance(stop.driveLeg.distanceKm)}`] : []),
      `   ${text.status}: ${stop.visited ? text.visited : text.pending}`,
      '',
    );
  });
  return lines.join('\n');
}
