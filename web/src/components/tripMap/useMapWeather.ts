/**
 * The map's weather for a page that draws it: the same stop-days and the same ask as the itinerary's
 * (lib/weather/useTripWeather.ts, one query key, the answer kept on this device for offline), each stop's times by the
 * schedule the page shows, and each day's drive in the dark when the owner asked to be warned. Undefined for a trip
 * whose days are not dated (no weather to show).
 */
import { useMemo } from 'react';
import type { Schedule, ScheduleStopInput, ScheduleTrip } from '@caravan/shared';
import { datedStopDays } from '../../lib/weather/datedStopDays.ts';
import { useTripWeather } from '../../lib/weather/useTripWeather.ts';
import { mapWeatherOf, type MapWeather } from './mapWeather.ts';

interface Source {
  tripId: string;
  /** The share page asks by its link. */
  shareToken?: string;
  settings: ScheduleTrip & { warnAfterSunset?: boolean };
  schedule: Schedule;
  stops: readonly ScheduleStopInput[];
}

export function useMapWeather({ tripId, shareToken, settings, schedule, stops }: Source): MapWeather | undefined {
  const stopDays = useMemo(() => datedStopDays(settings, schedule, stops), [settings, schedule, stops]);
  const weather = useTripWeather(tripId, shareToken, stopDays);
  const warn = settings.warnAfterSunset === true;
  const dated = stopDays.length > 0;
  return useMemo(
    () => (dated ? mapWeatherOf(schedule, stops, { byStopDay: weather.byStopDay, attribution: weather.answer?.attribution ?? null, keptAt: weather.keptAt }, warn) : undefined),
    [dated, schedule, stops, warn, weather.byStopDay, weather.answer, weather.keptAt],
  );
}
