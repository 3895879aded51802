/**
 * The schedule's warnings and a stop's lodging in words, as every file prints them (shared/src/schedule/ gives
 * them as data): the same sentence in the PDF, the calendar events and the GPX/KML/GeoJSON descriptions.
 */
import { formatCalendarDate, formatDuration, formatMinor, messages, rangeRunsOutText } from '@caravan/shared';
import type { DayWarning, DistanceUnit, Lodging, StopWarning } from '@caravan/shared';
import { DateTime } from 'luxon';

const text = messages.tripExport.file;
const words = text.warnings;

/** '10:00 Mon' of a schedule's local ISO time, read in its own offset. */
const localClockOf = (iso: string) => DateTime.fromISO(iso, { setZone: true, locale: 'en-US' }).toFormat('ccc HH:mm');

export function stopWarningWords(warning: StopWarning): string {
  switch (warning.kind) {
    case 'closed':
      return words.closed(localClockOf(warning.at));
    case 'closesDuringStay':
      return words.closesDuringStay(localClockOf(warning.closes), formatDuration(warning.minutes));
    case 'fixedTimeMissed':
      return words.fixedTimeMissed(warning.fixedTime, formatDuration(warning.lateMinutes));
    case 'lateForPlannedDate':
      return words.lateForPlannedDate(formatCalendarDate(warning.plannedDate), formatCalendarDate(warning.scheduledDate));
    case 'dateOutOfOrder':
      return words.dateOutOfOrder(formatCalendarDate(warning.plannedDate), formatCalendarDate(warning.earlierDate));
    case 'pastWindow':
      return words.pastWindow(warning.latestArrival);
    case 'pastMidnight':
      return words.pastMidnight;
  }
}

/** `nameOf` names the stop a warning points at; distances are in `unit`, the reader's. */
export function dayWarningWords(warning: DayWarning, nameOf: (stopId: string) => string, unit: DistanceUnit): string {
  switch (warning.kind) {
    case 'overDailyLimit':
      return words.overDailyLimit(formatDuration(warning.drivingMinutes), formatDuration(warning.limitMinutes));
    case 'noOvernight':
      return words.noOvernight(nameOf(warning.stopId));
    case 'rangeRunsOut':
      return rangeRunsOutText(warning.kmAfter, nameOf(warning.afterStopId), unit);
  }
}

/** 'Label: value' lines of a lodging; a part it does not have is left out. */
export function lodgingLines(lodging: Lodging): string[] {
  const lines: Array<[string, string | null]> = [
    [text.lodging, lodging.name],
    [text.lodgingAddress, lodging.address],
    [text.checkIn, lodging.checkIn],
    [text.checkOut, lodging.checkOut],
    [text.nights, String(lodging.nights)],
    [text.confirmation, lodging.confirmation],
    [text.link, lodging.url],
    [text.price, lodging.price ? `${formatMinor(lodging.price.amountMinor, lodging.price.currency)} ${lodging.price.currency}` : null],
  ];
  return lines.flatMap(([label, value]) => (value === null || value.trim() === '' ? [] : [`${label}: ${value}`]));
}
