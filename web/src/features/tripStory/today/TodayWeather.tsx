/**
 * The weather of today's stops for the Today panel: asked (and kept on the device) only while a day is under way, with
 * the trip's dated stop-days as the itinerary and the map ask them, so the three share one answer (one query key);
 * and its credit under the weather Today shows.
 */
import { useMemo, type ReactNode } from 'react';
import { stopDayKey, type Schedule, type ScheduleStopInput, type TTripStop } from '@caravan/shared';
import { datedStopDays } from '../../../lib/weather/datedStopDays.ts';
import { WeatherCredit } from '../../../lib/weather/WeatherCredit.tsx';
import { useTripViewContext } from '../tripViewContext.ts';
import { useTripWeather } from '../../../lib/weather/useTripWeather.ts';
import { useWeatherContext, WeatherContext } from '../weather/weatherContext.ts';

interface Props {
  schedule: Schedule;
  stops: readonly TTripStop[];
  stopsById: Map<string, TTripStop>;
  children: ReactNode;
}

export function TodayWeather({ schedule, stops, stopsById, children }: Props) {
  const { tripId, shareToken, roadSettings } = useTripViewContext();
  const stopDays = useMemo(() => datedStopDays(roadSettings, schedule, stops as readonly ScheduleStopInput[]), [roadSettings, schedule, stops]);
  const weather = useTripWeather(tripId, shareToken, stopDays);
  const context = useMemo(() => ({ ...weather, stopsById }), [weather, stopsById]);
  return <WeatherContext.Provider value={context}>{children}</WeatherContext.Provider>;
}

/**
 * Open-Meteo's credit, as its licence asks, under a stop-day's weather; nothing where Today shows no weather (sunrise
 * and sunset alone are computed on the device).
 */
export function TodayWeatherCredit({ stopId, date }: { stopId: string; date: string }) {
  const weather = useWeatherContext();
  if (!weather?.answer?.attribution || !weather.byStopDay.has(stopDayKey(stopId, date))) return null;
  return (
    <p className="hint">
      <WeatherCredit />
    </p>
  );
}
