/**
 * The weather of today's stops for the Today panel: asked (and kept on the device) only while a day is under way, with
 * the trip's dated stop-days as the itinerary and the map ask them, so the three share one answer (one query key).
 */
import { useMemo, type ReactNode } from 'react';
import type { Schedule, ScheduleStopInput, TTripStop } from '@caravan/shared';
import { datedStopDays } from '../../../lib/weather/datedStopDays.ts';
import { useTripViewContext } from '../tripViewContext.ts';
import { useTripWeather } from '../../../lib/weather/useTripWeather.ts';
import { WeatherContext } from '../weather/weatherContext.ts';

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
