/**
 * The weather of today's stops for the Today panel: asked (and kept on the device) only while a day is under way, the
 * same question the itinerary asks, so the two share one answer.
 */
import { useMemo, type ReactNode } from 'react';
import { stopDaysOf, type Schedule, type ScheduleStopInput, type TTripStop } from '@caravan/shared';
import { useTripViewContext } from '../tripViewContext.ts';
import { useTripWeather } from '../../../lib/weather/useTripWeather.ts';
import { WeatherContext } from '../weather/weatherContext.ts';

interface Props {
  date: string;
  schedule: Schedule;
  stops: readonly TTripStop[];
  stopsById: Map<string, TTripStop>;
  children: ReactNode;
}

export function TodayWeather({ date, schedule, stops, stopsById, children }: Props) {
  const { tripId, shareToken } = useTripViewContext();
  const stopDays = useMemo(() => stopDaysOf(schedule, stops as readonly ScheduleStopInput[]).filter((day) => day.date === date), [schedule, stops, date]);
  const weather = useTripWeather(tripId, shareToken, stopDays);
  const context = useMemo(() => ({ ...weather, stopsById }), [weather, stopsById]);
  return <WeatherContext.Provider value={context}>{children}</WeatherContext.Provider>;
}
