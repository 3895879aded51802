/**
 * What the map shows of the weather (docs/product.md#weather): the stop-days' weather the page already asked for
 * (lib/weather/useTripWeather.ts, one ask with the itinerary's), each stop's local date and zone by the schedule, and
 * each day's drive in the dark when the owner asked to be warned; and, for the day shown alone, its stops' weather
 * and the sun where the day ends. Sunrise and sunset are computed here, offline too.
 */
import { driveAfterSunset, hasPosition, stopDayKey, sunTimesOf, type AfterSunset, type Schedule, type ScheduleStopInput, type SunTimes, type TDayWeather, type TimedStop } from '@caravan/shared';
import type { MapPoint, MapStop } from './mapData.ts';

export interface MapWeather {
  /** Each stop-day's weather by stopDayKey; a stop-day without one shows its sun alone. */
  byStopDay: ReadonlyMap<string, TDayWeather>;
  /** Each stop's times by the schedule (its local date, zone and arrival), by stop id; only on dated days. */
  timed: ReadonlyMap<string, TimedStop>;
  /** By the day's index, its drive in the dark; empty unless the owner asked to be warned (Road Settings). */
  darkDrives: ReadonlyMap<number, AfterSunset>;
  /** The weather's credit, when the answer carries weather. */
  attribution: string | null;
  /** When the shown answer was received, when it is the one kept on this device (offline); else null. */
  keptAt: number | null;
}

/**
 * The map's weather from the schedule the page shows, its stops, the weather answer (fresh or kept) and the owner's
 * choice of warning: the drive in the dark is judged as the itinerary's day header and the exports judge it.
 */
export function mapWeatherOf(
  schedule: Schedule,
  stops: readonly ScheduleStopInput[],
  answer: Pick<MapWeather, 'byStopDay' | 'attribution' | 'keptAt'>,
  warnAfterSunset: boolean,
): MapWeather {
  const timed = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
  const positions = new Map(stops.filter(hasPosition).map((stop) => [stop.id, { latitude: stop.latitude!, longitude: stop.longitude! }]));
  const darkDrives = new Map<number, AfterSunset>();
  schedule.days.forEach((day, index) => {
    const dark = warnAfterSunset && driveAfterSunset(day, (stopId) => timed.get(stopId), (stopId) => positions.get(stopId) ?? null);
    if (dark) darkDrives.set(index, dark);
  });
  return { ...answer, timed, darkDrives };
}

export interface StopSky {
  stopId: string;
  name: string;
  date: string;
  zone: string;
  /** Null for a stop reached before it is dated or out of the provider's reach: its sun alone. */
  weather: TDayWeather | null;
  sun: SunTimes | null;
}

/** A located, dated stop's weather and sun on the day it is reached. */
export function stopSkyOf(weather: MapWeather, stop: MapPoint): StopSky | null {
  const times = weather.timed.get(stop.id);
  if (!times || !hasPosition(stop)) return null;
  return {
    stopId: stop.id,
    name: stop.name,
    date: times.date,
    zone: times.timeZone,
    weather: weather.byStopDay.get(stopDayKey(stop.id, times.date)) ?? null,
    sun: sunTimesOf(stop.latitude, stop.longitude, times.date, times.timeZone),
  };
}

export interface DaySky {
  /** The stops reached that day, in trip order (the stop it leaves from is the day before's). */
  stops: StopSky[];
  /** Where the day ends: its sunrise and sunset are the day's. */
  end: StopSky | null;
  dark: AfterSunset | null;
}

export function daySkyOf(weather: MapWeather, stops: readonly MapStop[], dayIndex: number): DaySky {
  const skies = stops.filter((stop) => stop.dayIndex === dayIndex).flatMap((stop) => stopSkyOf(weather, stop) ?? []);
  return { stops: skies, end: skies.at(-1) ?? null, dark: weather.darkDrives.get(dayIndex) ?? null };
}
