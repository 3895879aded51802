/**
 * The trip's schedule as the itinerary shows it: computed in the browser from the stops and the trip view's road and
 * plan settings (../useLiveMeta.ts: the live document's meta as it is now, else the details or share-page answer,
 * else the defaults), so every member sees it change with every edit, offline too, and the share page counts the
 * trip's own start date and departure times.
 */
import { createContext, useContext, useMemo } from 'react';
import { computeSchedule, localCalendarDate, type Schedule, type ScheduleStopInput, type TTripStop } from '@caravan/shared';
import { useTripViewContext } from '../tripViewContext.ts';

export function useTripSchedule(stops: readonly TTripStop[]): Schedule {
  const { roadSettings } = useTripViewContext();
  return useMemo(
    () => computeSchedule(roadSettings, stops as readonly ScheduleStopInput[], { today: localCalendarDate() }),
    [stops, roadSettings],
  );
}

/** The schedule the itinerary shows, for its stop cards; null outside the itinerary. */
export const ScheduleContext = createContext<Schedule | null>(null);

/** A stop's times, the stop before it (whose zone its 'Leave by' is in) and the date of the day it is listed under. */
export function useStopTimes(stopId: string) {
  const schedule = useContext(ScheduleContext);
  const index = schedule?.stops.findIndex((stop) => stop.stopId === stopId) ?? -1;
  if (!schedule || index < 0) return null;
  const stop = schedule.stops[index];
  const dayDate = schedule.days.find((day) => day.stopIds.includes(stopId))?.date ?? stop.date;
  return { stop, previous: schedule.stops[index - 1] ?? null, dayDate };
}
