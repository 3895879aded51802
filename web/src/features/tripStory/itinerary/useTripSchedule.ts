/**
 * The trip's schedule as the itinerary shows it: computed in the browser from the stops and the trip's meta as the
 * live document holds them now, so every member sees it change with every edit, offline too. Plan settings a
 * document from before them lacks read as their defaults.
 */
import { createContext, useContext, useMemo } from 'react';
import { computeSchedule, localCalendarDate, metaMap, readMeta, type DocMeta, type Schedule, type ScheduleStopInput, type TTripStop } from '@caravan/shared';
import { useDocValue } from '../../../lib/collab/useDocValue.ts';
import { useTripViewContext } from '../tripViewContext.ts';

const EMPTY: Partial<DocMeta> = {};

export function useTripSchedule(stops: readonly TTripStop[]): Schedule {
  const { doc, roadSettings } = useTripViewContext();
  const { value: meta } = useDocValue(doc, metaMap, readMeta, EMPTY);
  const { startDate, departureTime, earliestDeparture } = meta;
  return useMemo(
    () =>
      computeSchedule({ ...roadSettings, startDate, departureTime, earliestDeparture }, stops as readonly ScheduleStopInput[], {
        today: localCalendarDate(),
      }),
    [stops, roadSettings, startDate, departureTime, earliestDeparture],
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
