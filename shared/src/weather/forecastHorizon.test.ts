import { describe, expect, it } from 'vitest';
import { FORECAST_DAYS, localHourOf, weatherKindOf } from './forecastHorizon.ts';
import { sunTimesOf } from './sunTimes.ts';
import { localIso } from '../schedule/localTime.ts';

// 2026-07-01 10:30 UTC: already 2 July on Kiritimati (UTC+14), still 30 June in Pago Pago (UTC-11).
const NOW = Date.parse('2026-07-01T10:30:00Z');

describe('which weather a stop-day can have', () => {
  it("counts the 16 days from the place's own today: one date is a forecast in one zone and beyond it in another", () => {
    expect(FORECAST_DAYS).toBe(16);
    expect(weatherKindOf('2026-07-17', 'Pacific/Kiritimati', NOW)).toBe('forecast');
    expect(weatherKindOf('2026-07-17', 'Pacific/Pago_Pago', NOW)).toBe('normals');
    expect(weatherKindOf('2026-07-15', 'Pacific/Pago_Pago', NOW)).toBe('forecast');
    // A day already over where the stop is has none; the same date is today further east.
    expect(weatherKindOf('2026-07-01', 'Pacific/Pago_Pago', NOW)).toBe('forecast');
    expect(weatherKindOf('2026-07-01', 'Pacific/Kiritimati', NOW)).toBeNull();
  });

  it("names the arrival's hour as the provider's hourly series does, in the place's zone", () => {
    expect(localHourOf(NOW, 'America/Los_Angeles')).toBe('2026-07-01T03:00');
    expect(localHourOf(NOW, 'Asia/Kolkata')).toBe('2026-07-01T16:00');
  });
});

describe('sunrise and sunset', () => {
  it("are the local day's, in its zone", () => {
    const seattle = sunTimesOf(47.6062, -122.3321, '2026-06-21', 'America/Los_Angeles')!;
    expect(localIso(seattle.sunriseMs, 'America/Los_Angeles').slice(0, 16)).toBe('2026-06-21T05:11');
    expect(localIso(seattle.sunsetMs, 'America/Los_Angeles').slice(0, 16)).toBe('2026-06-21T21:10');
    const sydney = sunTimesOf(-33.8688, 151.2093, '2026-06-21', 'Australia/Sydney')!;
    expect(localIso(sydney.sunriseMs, 'Australia/Sydney').slice(0, 16)).toBe('2026-06-21T06:59');
    expect(localIso(sydney.sunsetMs, 'Australia/Sydney').slice(0, 16)).toBe('2026-06-21T16:53');
  });

  it('are none where the sun does not set', () => {
    expect(sunTimesOf(78.2232, 15.6267, '2026-06-21', 'Arctic/Longyearbyen')).toBeNull();
  });
});
