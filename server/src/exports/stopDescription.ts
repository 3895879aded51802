/**
 * A stop's plan as lines of text, the same in every export that carries a description (GPX, KML, GeoJSON,
 * the calendar events): arrival, wait, stay, departure and leave-by by the schedule (each in its stop's own zone),
 * drive time and distance from the previous stop, the day's weather and sun where the format carries them (./stopSky.ts),
 * warnings (where the car's range runs out and a drive in the dark among them), the lodging of an overnight, address, notes.
 * Durations and distances use the app's own formats (shared/src/domain/stats.ts, distances in the reader's unit),
 * dates the itinerary file's.
 */
import { arrivalWeatherText, dayWeatherText, formatCalendarDate, formatDistanceIn, formatDuration, messages, rangeRunsOutText, type DistanceUnit } from '@caravan/shared';
import type { ExportStop, ExportTrip } from './exportTrip.ts';
import { darkDriveWarning } from './darkDriveWords.ts';
import { formatClock, formatLocalDateTime, localDateTime, type LocalTime } from './localTimes.ts';
import { lodgingLines, stopWarningWords } from './scheduleWords.ts';

const text = messages.tripExport.file;

const minutesOrNull = (minutes: number) => (minutes > 0 ? formatDuration(minutes) : null);

type TimeFormat = (time: LocalTime) => string;

/** The stop's arrival and departure, each in its zone; an untimed trip's stop says only its planned date. */
function timeLines(stop: ExportStop, format: TimeFormat): Array<[string, string | null]> {
  const { times } = stop;
  if (!times) return [[text.arrival, stop.plannedDate ? formatCalendarDate(stop.plannedDate) : null]];
  const at = (ms: number): LocalTime => ({ ms, zone: times.timeZone });
  // A time on another date than the arrival (the morning after an overnight, a drive past midnight) says its date.
  const formatNear = (time: LocalTime) => (localDateTime(time).toISODate() === times.date ? format(time) : formatLocalDateTime(time));
  return [
    // The first stop is where the trip sets off: its one time is the departure.
    [text.arrival, times.index === 0 ? null : format(at(times.arrivalMs))],
    [text.wait, minutesOrNull(times.waitMinutes)],
    [text.stay, minutesOrNull(times.stayMinutes)],
    [text.departure, times.index > 0 && times.departureMs === times.arrivalMs ? null : formatNear(at(times.departureMs))],
    [text.leaveBy, stop.leaveBy ? formatNear(stop.leaveBy) : null],
  ];
}

/** The weather of the stop's day with its arrival hour's, and its sunrise and sunset in its zone. */
export function skyLines(stop: ExportStop, unit: DistanceUnit): string[] {
  const { sky, times } = stop;
  if (!sky || !times) return [];
  const weather = sky.weather && [dayWeatherText(sky.weather, unit), sky.weather.arrival && arrivalWeatherText(sky.weather.arrival, unit)].filter(Boolean).join('; ');
  const clock = (ms: number) => formatClock({ ms, zone: times.timeZone });
  return [...(weather ? [`${text.weather}: ${weather}`] : []), ...(sky.sun ? [text.sun(clock(sky.sun.sunriseMs), clock(sky.sun.sunsetMs))] : [])];
}

/**
 * 'Label: value' lines; a value the stop does not have is left out. Times print with their date unless `formatTime`
 * says otherwise (the PDF lists a stop under its day, so the clock is enough there).
 */
export function stopDescriptionLines(stop: ExportStop, unit: DistanceUnit, formatTime: TimeFormat = formatLocalDateTime): string[] {
  const labelled = (lines: Array<[string, string | null]>) => lines.flatMap(([label, value]) => (value === null ? [] : [`${label}: ${value}`]));
  return [
    ...labelled([
      ...timeLines(stop, formatTime),
      [text.driveFromPrevious, stop.driveMinutes === null ? null : formatDuration(stop.driveMinutes)],
      [text.distanceFromPrevious, stop.driveLeg ? formatDistanceIn(stop.driveLeg.distanceKm, unit) : null],
    ]),
    ...skyLines(stop, unit),
    ...(stop.times?.warnings ?? []).map((warning) => `${text.warning}: ${stopWarningWords(warning)}`),
    ...(stop.rangeRunsOut ? [`${text.warning}: ${rangeRunsOutText(stop.rangeRunsOut.kmAfter, stop.rangeRunsOut.afterName, unit)}`] : []),
    ...(stop.darkDrive ? [darkDriveWarning(stop.darkDrive, stop.name)] : []),
    ...(stop.lodging ? lodgingLines(stop.lodging) : []),
    // Address and notes last: the stop's own words after the plan.
    ...labelled([
      [text.address, stop.address],
      [text.notes, stop.notes],
    ]),
  ];
}

/**
 * The lines as one text, distances in the reader's unit, and under a stop that carries weather its credit (the PDF's
 * words): a calendar app or a map shows a stop's description, seldom the file's own, so the credit goes where the weather shows.
 */
export function stopDescription(stop: ExportStop, trip: Pick<ExportTrip, 'distanceUnit' | 'weatherCredit'>): string {
  const credit = stop.sky?.weather && trip.weatherCredit;
  return [...stopDescriptionLines(stop, trip.distanceUnit), ...(credit ? [credit] : [])].join('\n');
}
