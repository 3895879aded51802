/**
 * Which weather a stop-day can have: a forecast from today to the provider's horizon (16 days, today included),
 * climate normals beyond it, none before today. "Today" is the place's own date, so a stop across a zone line
 * counts its days as its clocks do.
 */
import { addDays, instantOf, wallClock } from '../schedule/localTime.ts';

export const FORECAST_DAYS = 16;

export type WeatherKind = 'forecast' | 'normals' | null;

export const localToday = (nowMs: number, zone: string) => wallClock(nowMs, zone).date;

export function weatherKindOf(date: string, zone: string, nowMs: number): WeatherKind {
  const today = localToday(nowMs, zone);
  if (date < today) return null;
  return date <= addDays(today, FORECAST_DAYS - 1) ? 'forecast' : 'normals';
}

/** The local hour an instant falls in, as the provider's hourly series names it: 'YYYY-MM-DDTHH:00'. */
export function localHourOf(ms: number, zone: string): string {
  const clock = wallClock(ms, zone);
  return `${clock.date}T${String(Math.floor(clock.minute / 60)).padStart(2, '0')}:00`;
}

export { addDays, instantOf };
