/**
 * Sunrise and sunset of a place on a local date, computed here (suncalc, no provider): every stop-day has them,
 * offline too. Null where the sun does not rise or set that day (polar day or night).
 */
import { getTimes } from 'suncalc';
import { instantOf } from '../schedule/localTime.ts';

export interface SunTimes {
  sunriseMs: number;
  sunsetMs: number;
}

export function sunTimesOf(latitude: number, longitude: number, date: string, zone: string): SunTimes | null {
  // Asked at local noon, suncalc answers the rise and set around that noon: the local day's.
  const noon = instantOf(date, 12 * 60, zone);
  const times = getTimes(new Date(noon), latitude, longitude);
  const sunriseMs = times.sunrise?.getTime() ?? NaN;
  const sunsetMs = times.sunset?.getTime() ?? NaN;
  return Number.isFinite(sunriseMs) && Number.isFinite(sunsetMs) ? { sunriseMs, sunsetMs } : null;
}
