/**
 * What every export (docs/product.md#export) is built from: the trip's stops in order and its plan settings, read
 * from the caught-up trip document (the plan fields live there), with each drive taken from the stop's *current*
 * leg (withCurrentDrives: a leg of an order or positions that changed since is never exported), every stop's
 * times and every day from the schedule the app shows (computeSchedule), and the route's line. Builders get this
 * and nothing else, so the files agree with each other and with the app.
 */
import { daysAreDated, driveAfterSunset, hasPosition, orderedStops, plannedCalendarDate, readMeta, stopDrives, vehicleOf, walkRange, withCurrentDrives, ZLodging, computeSchedule } from '@caravan/shared';
import type { AfterSunset, DistanceUnit, DriveLeg, Lodging, ScheduleDay, ScheduleStopInput, ScheduleTrip, TimedStop, TTripWeatherResponse } from '@caravan/shared';
import type { Trip } from '@caravan/engine';
import type * as Y from 'yjs';
import type { ExportCosts } from './exportCosts.ts';
import type { LocalTime } from './localTimes.ts';
import { routeLine, type LatLng } from './routeLine.ts';
import { skyOf, type StopSky } from './stopSky.ts';

export interface ExportStop {
  id: string;
  /** 1-based place in the trip's order, counting every stop. */
  number: number;
  name: string;
  address: string | null;
  notes: string | null;
  /** Null for a stop without a position (stored at 0, 0): listed, but on no map, route or track. */
  position: { latitude: number; longitude: number } | null;
  /** Calendar date 'YYYY-MM-DD' of the planned arrival, or null. */
  plannedDate: string | null;
  /** Drive from the previous located stop: the current leg's minutes, or the stored estimate where no leg is recorded. */
  driveMinutes: number | null;
  /** The current leg, when known. */
  driveLeg: DriveLeg | null;
  /** When to leave the previous stop (its scheduled departure, in its zone); null for the first and for an untimed trip. */
  leaveBy: LocalTime | null;
  /** The stop's arrival, wait, stay, departure and warnings by the schedule; null when the trip is not timed (ExportTrip.days). */
  times: TimedStop | null;
  /** Where the group sleeps when the stop is an overnight with lodging. */
  lodging: Lodging | null;
  visited: boolean;
  /** Its day's weather and sun, in the formats that carry them (the PDF, the calendar); null elsewhere and untimed. */
  sky: StopSky | null;
  /** The trip's car runs out on the drive here, `kmAfter` road km after the stop named (shared walkRange); timed or not. */
  rangeRunsOut: { afterName: string; kmAfter: number } | null;
  /** The day's drive in the dark when it arrives here, if the owner asked to be warned (ExportTrip.darkDrives). */
  darkDrive: AfterSunset | null;
}

export interface ExportTrip {
  id: string;
  title: string;
  description: string | null;
  stops: ExportStop[];
  /**
   * The schedule's days. Empty when the trip is not timed: it has no start date and its first stop no planned date
   * (day 1 would be whatever today is, so a subscribed calendar would move every day), or no stop has a position
   * (no zone to read a time in). Such a trip's files list stops by their planned dates, as before times.
   */
  days: ScheduleDay[];
  /** The route through the located stops: the road where its leg is known, a straight segment elsewhere. */
  route: LatLng[];
  /** The unit distances are written in: the reader's (docs/product.md#account). */
  distanceUnit: DistanceUnit;
  /** Shared costs, for the PDF's costs page; absent for the other formats and for a trip with none. */
  costs?: ExportCosts | null;
  /** The weather's credit, when some stop shows the weather. */
  weatherCredit?: string | null;
  /** By day number, the drive in the dark of days that have one, when the owner asked to be warned (ExportSettings). */
  darkDrives?: Record<number, AfterSunset>;
}

/** The plan settings the schedule reads, and the owner's choice of warnings. */
export type ExportSettings = ScheduleTrip & { warnAfterSunset?: boolean };

type TripFields = Pick<Trip, 'id' | 'title' | 'description'>;

/** A stop as the trip document holds it: its fields and, once set, its plan fields (read tolerantly by the schedule). */
export type ExportDocStop = ScheduleStopInput & {
  name: string;
  address?: string | null;
  notes?: string | null;
  latitude: number;
  longitude: number;
  visited: boolean;
  driveLeg?: DriveLeg | null;
  estimatedDriveMinutes?: number | null;
};

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The trip's plan settings from its meta; a key it lacks (or cannot be read) is left to the schedule's default. */
export function scheduleSettings(meta: Record<string, unknown>): ExportSettings {
  const limit = meta.dailyDriveLimitMinutes;
  return {
    warnAfterSunset: meta.warnAfterSunset === true,
    startDate: textOrNull(meta.startDate),
    departureTime: textOrNull(meta.departureTime),
    earliestDeparture: textOrNull(meta.earliestDeparture),
    arrivalTime: textOrNull(meta.arrivalTime),
    dailyDriveLimitMinutes: typeof limit === 'number' ? limit : null,
    vehicle: meta.vehicle,
  };
}

/** The lodging of an overnight stop, when the document holds a valid one. */
function lodgingOf(stop: ExportDocStop): Lodging | null {
  if (stop.overnight !== true) return null;
  const parsed = ZLodging.safeParse(stop.lodging);
  return parsed.success ? parsed.data : null;
}

/** Whether the schedule's times mean something in a file: day 1 is a date someone set, and some stop has a zone. */
const isTimed = (settings: ScheduleTrip, stops: readonly ExportDocStop[]) => daysAreDated(settings, stops) && stops.some(hasPosition);

/** The export model of stops in trip order, for a trip and its plan settings. */
export function exportTripOf(
  trip: TripFields,
  settings: ExportSettings,
  docStops: readonly ExportDocStop[],
  distanceUnit: DistanceUnit = 'km',
  weather?: TTripWeatherResponse,
): ExportTrip {
  const stops = withCurrentDrives(docStops.map((stop) => ({ ...stop, driveLeg: stop.driveLeg ?? null })));
  // The schedule reads the stops as the app does (it checks legs itself), so its times are the ones members see.
  const schedule = isTimed(settings, docStops) ? computeSchedule(settings, docStops) : null;
  // Timed or not: the range does not depend on the clock.
  const runOuts = new Map(walkRange(vehicleOf(settings.vehicle), docStops, stopDrives(docStops)).map((runOut) => [runOut.stopId, runOut]));
  const nameOf = new Map(docStops.map((stop) => [stop.id, stop.name]));
  const runOutAt = (stopId: string) => {
    const runOut = runOuts.get(stopId);
    return runOut ? { afterName: nameOf.get(runOut.afterStopId) ?? '', kmAfter: runOut.kmAfter } : null;
  };
  const exportStops = stops.map((stop, index): ExportStop => {
    const times = schedule?.stops[index] ?? null;
    const previous = schedule?.stops[index - 1];
    return {
      id: stop.id,
      number: index + 1,
      name: stop.name,
      address: stop.address?.trim() || null,
      notes: stop.notes?.trim() || null,
      position: hasPosition(stop) ? { latitude: stop.latitude, longitude: stop.longitude } : null,
      plannedDate: plannedCalendarDate(stop.plannedArrivalDate),
      driveMinutes: stop.estimatedDriveMinutes ?? null,
      driveLeg: stop.driveLeg ?? null,
      leaveBy: previous ? { ms: previous.departureMs, zone: previous.timeZone } : null,
      times,
      lodging: lodgingOf(stop),
      visited: stop.visited === true,
      sky: weather && times && hasPosition(stop) ? skyOf(weather, stop, times) : null,
      rangeRunsOut: runOutAt(stop.id),
      darkDrive: null,
    };
  });
  const darkDrives = settings.warnAfterSunset && schedule ? darkDrivesOf(schedule.days, schedule.stops, exportStops) : undefined;
  const darkAt = new Map(Object.values(darkDrives ?? {}).map((dark) => [dark.stopId, dark]));
  for (const stop of exportStops) stop.darkDrive = darkAt.get(stop.id) ?? null;
  return {
    id: trip.id,
    title: trip.title,
    description: trip.description?.trim() || null,
    stops: exportStops,
    days: schedule?.days ?? [],
    route: routeLine(exportStops),
    distanceUnit,
    weatherCredit: exportStops.some((stop) => stop.sky?.weather) ? (weather?.attribution ?? null) : null,
    darkDrives,
  };
}

/** Each day's drive in the dark, by day number. */
function darkDrivesOf(days: readonly ScheduleDay[], timedStops: readonly TimedStop[], stops: readonly ExportStop[]): Record<number, AfterSunset> {
  const timed = new Map(timedStops.map((stop) => [stop.stopId, stop]));
  const positions = new Map(stops.map((stop) => [stop.id, stop.position]));
  const found: Record<number, AfterSunset> = {};
  for (const day of days) {
    const dark = driveAfterSunset(day, (stopId) => timed.get(stopId), (stopId) => positions.get(stopId) ?? null);
    if (dark) found[day.day] = dark;
  }
  return found;
}

/** The stops and plan settings a document holds. */
export function exportSourceOf(doc: Y.Doc): { settings: ExportSettings; stops: ExportDocStop[] } {
  return { settings: scheduleSettings(readMeta(doc) as Record<string, unknown>), stops: orderedStops(doc) as ExportDocStop[] };
}

/** Stops that have a place on the map, in order. */
export const locatedStops = (trip: ExportTrip) =>
  trip.stops.filter((stop): stop is ExportStop & { position: NonNullable<ExportStop['position']> } => stop.position !== null);

/** A stop by id. */
export const stopById = (trip: ExportTrip) => new Map(trip.stops.map((stop) => [stop.id, stop]));
