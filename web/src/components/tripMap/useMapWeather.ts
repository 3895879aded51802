/**
 * The map's weather for a page that draws it: the same stop-days and the same ask as the itinerary's
 * (lib/weather/useTripWeather.ts, one query key, the answer kept on this device for offline), each stop's times by the
 * schedule the page shows, and each day's drive in the dark when the owner asked to be warned. Undefined for a trip
 * whose days are not dated (no weather to show).
 */
import { useMemo } from 'react';
import { driveAfterSunset, hasPosition, type Schedule, type ScheduleStopInput, type ScheduleTrip } from '@caravan/shared';
import { datedStopDays } from '../../lib/weather/datedStopDays.ts';
import { useTripWeather } from '../../lib/weather/useTripWeather.ts';
import type { MapWeather } from './mapWeather.ts';

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
  return useMemo(() => {
    if (!dated) return undefined;
    const timed = new Map(schedule.stops.map((stop) => [stop.stopId, stop]));
    const positions = new Map(stops.filter(hasPosition).map((stop) => [stop.id, { latitude: stop.latitude!, longitude: stop.longitude! }]));
    const darkDrives = new Map(
      warn
        ? schedule.days.flatMap((day, index) => {
            const dark = driveAfterSunset(day, (stopId) => timed.get(stopId), (stopId) => positions.get(stopId) ?? null);
            return dark ? [[index, dark] as const] : [];
          })
        : [],
    );
    return { byStopDay: weather.byStopDay, timed, darkDrives, attribution: weather.answer?.attribution ?? null, keptAt: weather.keptAt };
  }, [dated, schedule, stops, warn, weather.byStopDay, weather.answer, weather.keptAt]);
}
