/**
 * The weather of the itinerary's stop-days: asked of the server (by trip for members, by link on the share page)
 * whenever the stop-days change, kept on this device, and the kept answer shown while offline or while the server
 * cannot answer, with when it was received; the itinerary and the trip map share one ask (one query key). Sunrise
 * and sunset need none of this.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { calls, stopDayKey, type StopDay, type TDayWeather, type TTripWeatherResponse } from '@caravan/shared';
import { call } from '../api.ts';
import { keepWeather, keptWeather, type KeptWeather } from './weatherKeep.ts';

export interface TripWeatherState {
  /** Each stop-day's weather by stopDayKey. */
  byStopDay: Map<string, TDayWeather>;
  /** The server's answer, fresh or kept; null before any. */
  answer: TTripWeatherResponse | null;
  /** When the shown answer was received, when it is a kept one (offline). */
  keptAt: number | null;
  /** The last ask of the server failed (offline, or the server down). */
  failed: boolean;
}

const FIFTEEN_MINUTES = 15 * 60_000;

export function useTripWeather(tripId: string, shareToken: string | undefined, stopDays: readonly StopDay[]): TripWeatherState {
  const keepKey = shareToken ? `share:${shareToken}` : tripId;
  // The server walks the same schedule: ask again when the days or the places change.
  const daysKey = stopDays.map((day) => `${stopDayKey(day.stopId, day.date)}:${day.latitude.toFixed(2)},${day.longitude.toFixed(2)}`).join('|');
  const [kept, setKept] = useState<KeptWeather | null>(null);
  useEffect(() => {
    let current = true;
    void keptWeather(keepKey).then((found) => current && setKept(found ?? null));
    return () => {
      current = false;
    };
  }, [keepKey]);

  const fresh = useQuery({
    queryKey: ['weather', keepKey, daysKey],
    queryFn: async () => {
      const answer = shareToken ? await call(calls.weather.shared, { shareToken }) : await call(calls.weather.trip, { tripId });
      void keepWeather(keepKey, { answer, receivedAt: Date.now() });
      return answer;
    },
    enabled: stopDays.length > 0,
    staleTime: FIFTEEN_MINUTES,
    retry: false,
  });

  const answer = fresh.data ?? kept?.answer ?? null;
  const keptAt = !fresh.data && kept ? kept.receivedAt : null;
  const byStopDay = useMemo(
    () => new Map((answer?.stopDays ?? []).flatMap((day) => (day.weather ? [[stopDayKey(day.stopId, day.date), day.weather] as const] : []))),
    [answer],
  );
  return { byStopDay, answer, keptAt, failed: fresh.isError };
}
