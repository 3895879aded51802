import { describe, expect, it } from 'vitest';
import { roadSettingsOf } from './roadSettings.ts';

const DEFAULTS = { arrivalTime: '17:00', dailyDriveLimitMinutes: 480, startDate: null, departureTime: '09:00', earliestDeparture: '08:00', warnAfterSunset: false };

describe('roadSettingsOf', () => {
  it('reads every setting something lacks as its default', () => {
    expect(roadSettingsOf(undefined)).toEqual(DEFAULTS);
    expect(roadSettingsOf({})).toEqual(DEFAULTS);
  });

  it('keeps the settings held', () => {
    const held = { arrivalTime: '19:30', dailyDriveLimitMinutes: 300, startDate: '2031-06-01', departureTime: '06:15', earliestDeparture: '07:00', warnAfterSunset: true };
    expect(roadSettingsOf(held)).toEqual(held);
  });

  it('reads an unreadable setting as its default', () => {
    expect(
      roadSettingsOf({ arrivalTime: '7:00', dailyDriveLimitMinutes: -5, startDate: 'soon', departureTime: 900, earliestDeparture: null, warnAfterSunset: 'yes' }),
    ).toEqual(DEFAULTS);
    expect(roadSettingsOf({ dailyDriveLimitMinutes: '300', startDate: 20310601 })).toEqual(DEFAULTS);
  });
});
