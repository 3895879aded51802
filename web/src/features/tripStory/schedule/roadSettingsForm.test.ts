import { describe, expect, it } from 'vitest';
import { formatArrivalTime, parseRoadSettings, roadSettingsInput, roadSummary } from './roadSettingsForm.ts';

describe('road settings form', () => {
  const plan = { startDate: null, departureTime: '09:00', earliestDeparture: '08:00', warnAfterSunset: false };
  const typed = { startDate: '', departureTime: '09:00', earliestDeparture: '08:00', warnAfterSunset: false };

  it('shows the saved settings in hours and sends them back in minutes', () => {
    expect(roadSettingsInput({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480, ...plan })).toEqual({ arrivalTime: '17:00', limitHours: '8', ...typed });
    expect(roadSettingsInput({ arrivalTime: '09:05', dailyDriveLimitMinutes: 440, ...plan })).toEqual({ arrivalTime: '09:05', limitHours: '7.33', ...typed });
    expect(parseRoadSettings({ arrivalTime: '09:30', limitHours: '6.5', ...typed })).toEqual({ settings: { arrivalTime: '09:30', dailyDriveLimitMinutes: 390, ...plan } });
    expect(parseRoadSettings({ arrivalTime: '09:30:00', limitHours: '24', ...typed })).toEqual({ settings: { arrivalTime: '09:30', dailyDriveLimitMinutes: 1440, ...plan } });
  });

  it('sends the start date and both departures as typed', () => {
    const input = { arrivalTime: '18:00', limitHours: '5', startDate: '2026-06-20', departureTime: '07:30:00', earliestDeparture: '06:45', warnAfterSunset: true };
    expect(parseRoadSettings(input)).toEqual({
      settings: { arrivalTime: '18:00', dailyDriveLimitMinutes: 300, startDate: '2026-06-20', departureTime: '07:30', earliestDeparture: '06:45', warnAfterSunset: true },
    });
  });

  it('refuses a missing time, a limit outside 1 to 24 hours and a window that closes before it opens, before anything is sent', () => {
    expect(parseRoadSettings({ arrivalTime: '', limitHours: '8', ...typed })).toEqual({ error: 'Enter an arrival time, like 17:00.' });
    for (const limitHours of ['', '0.5', '24.5', 'eight']) {
      expect(parseRoadSettings({ arrivalTime: '17:00', limitHours, ...typed })).toEqual({ error: 'The daily driving limit must be from 1 to 24 hours.' });
    }
    expect(parseRoadSettings({ arrivalTime: '07:00', limitHours: '8', ...typed })).toEqual({ error: 'Earliest departure must be before the latest arrival' });
    expect(parseRoadSettings({ arrivalTime: '17:00', limitHours: '8', ...typed, departureTime: '' })).toEqual({
      error: 'Departure time must be a time of day as HH:MM, from 00:00 to 23:59',
    });
  });

  it('reads the settings as a person would', () => {
    expect(formatArrivalTime('17:00')).toBe('5:00 PM');
    expect(formatArrivalTime('00:15')).toBe('12:15 AM');
    expect(roadSummary({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480, ...plan })).toBe('Arrive by 5:00 PM · Drive up to 8h 0m a day');
  });
});
