/**
 * A stop's plan as lines of text, the same in every export that carries a description (GPX, KML, GeoJSON,
 * the calendar events): arrival, leave-by, drive time and distance from the previous stop, address, notes.
 * Durations and distances use the app's own formats (shared/src/domain/stats.ts), dates the itinerary file's.
 */
import { formatCalendarDate, formatDistance, formatDuration, messages } from '@caravan/shared';
import type { ExportStop } from './exportTrip.ts';

const text = messages.tripExport.file;

/** 'Saturday, June 1, 2024 at 14:55' */
export const formatDateTime = (date: string, time: string) => `${formatCalendarDate(date)} at ${time}`;

/** 'Label: value' lines; a value the stop does not have is left out. */
export function stopDescriptionLines(stop: ExportStop, arrivalTime: string): string[] {
  const lines: Array<[string, string | null]> = [
    [text.arrival, stop.plannedDate ? formatDateTime(stop.plannedDate, arrivalTime) : null],
    [text.leaveBy, stop.leaveBy ? formatDateTime(stop.leaveBy.date, stop.leaveBy.time) : null],
    [text.driveFromPrevious, stop.driveMinutes === null ? null : formatDuration(stop.driveMinutes)],
    [text.distanceFromPrevious, stop.driveLeg ? formatDistance(stop.driveLeg.distanceKm) : null],
    [text.address, stop.address],
    [text.notes, stop.notes],
  ];
  return lines.flatMap(([label, value]) => (value === null ? [] : [`${label}: ${value}`]));
}

export const stopDescription = (stop: ExportStop, arrivalTime: string) => stopDescriptionLines(stop, arrivalTime).join('\n');
