/**
 * A stop's day as the sky goes, for the exports that carry it: the weather of its stop-day (the day of its arrival in
 * its own zone) from the weather answer, and its sunrise and sunset, computed here.
 */
import { stopDayKey, sunTimesOf, type SunTimes, type TDayWeather, type TimedStop, type TTripWeatherResponse } from '@caravan/shared';

export interface StopSky {
  weather: TDayWeather | null;
  sun: SunTimes | null;
}

export function skyOf(weather: TTripWeatherResponse, stop: { id: string; latitude: number; longitude: number }, times: TimedStop): StopSky {
  const day = weather.stopDays.find((stopDay) => stopDayKey(stopDay.stopId, stopDay.date) === stopDayKey(stop.id, times.date));
  return { weather: day?.weather ?? null, sun: sunTimesOf(stop.latitude, stop.longitude, times.date, times.timeZone) };
}
