import { describe, expect, it } from 'vitest';
import { DEFAULT_VEHICLE } from '../contracts/vehicle.ts';
import { roadSettingsOf } from './roadSettings.ts';

const DEFAULTS = { arrivalTime: '17:00', dailyDriveLimitMinutes: 480, startDate: null, departureTime: '09:00', earliestDeparture: '08:00', warnAfterSunset: false, vehicle: DEFAULT_VEHICLE };

describe('roadSettingsOf', () => {
  it('reads every setting something lacks as its default', () => {
    expect(roadSettingsOf(undefined)).toEqual(DEFAULTS);
    expect(roadSettingsOf({})).toEqual(DEFAULTS);
  });

  it('keeps the settings held', () => {
    const vehicle = { kind: 'electric', rangeKm: 402.3, reservePercent: 15, departureFillPercent: 90 };
    const held = { arrivalTime: '19:30', dailyDriveLimitMinutes: 300, startDate: '2031-06-01', departureTime: '06:15', earliestDeparture: '07:00', warnAfterSunset: true, vehicle };
    expect(roadSettingsOf(held)).toEqual(held);
  });

  it('reads an unreadable setting as its default', () => {
    expect(
      roadSettingsOf({ arrivalTime: '7:00', dailyDriveLimitMinutes: -5, startDate: 'soon', departureTime: 900, earliestDeparture: null, warnAfterSunset: 'yes', vehicle: { kind: 'fuel' } }),
    ).toEqual(DEFAULTS);
    expect(roadSettingsOf({ dailyDriveLimitMinutes: '300', startDate: 20310601, vehicle: 'electric' })).toEqual(DEFAULTS);
    // A car that would refuel with no range given walks as none.
    expect(roadSettingsOf({ vehicle: { kind: 'fuel', rangeKm: null, reservePercent: 10, departureFillPercent: 100 } }).vehicle).toEqual(DEFAULT_VEHICLE);
  });
});
