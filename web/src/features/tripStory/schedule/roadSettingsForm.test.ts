import { describe, expect, it } from 'vitest';
import { formatArrivalTime, parseRoadSettings, roadSettingsInput, roadSummary } from './roadSettingsForm.ts';

describe('road settings form', () => {
  it('shows the saved settings in hours and sends them back in minutes', () => {
    expect(roadSettingsInput({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480 })).toEqual({ arrivalTime: '17:00', limitHours: '8' });
    expect(roadSettingsInput({ arrivalTime: '09:05', dailyDriveLimitMinutes: 440 })).toEqual({ arrivalTime: '09:05', limitHours: '7.33' });
    expect(parseRoadSettings({ arrivalTime: '09:30', limitHours: '6.5' })).toEqual({ settings: { arrivalTime: '09:30', dailyDriveLimitMinutes: 390 } });
    expect(parseRoadSettings({ arrivalTime: '09:30:00', limitHours: '24' })).toEqual({ settings: { arrivalTime: '09:30', dailyDriveLimitMinutes: 1440 } });
  });

  it('refuses a missing time and a limit outside 1 to 24 hours before anything is sent', () => {
    expect(parseRoadSettings({ arrivalTime: '', limitHours: '8' })).toEqual({ error: 'Enter an arrival time, like 17:00.' });
    for (const limitHours of ['', '0.5', '24.5', 'eight']) {
      expect(parseRoadSettings({ arrivalTime: '17:00', limitHours })).toEqual({ error: 'The daily driving limit must be from 1 to 24 hours.' });
    }
  });

  it('reads the settings as a person would', () => {
    expect(formatArrivalTime('17:00')).toBe('5:00 PM');
    expect(formatArrivalTime('00:15')).toBe('12:15 AM');
    expect(roadSummary({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480 })).toBe('Arrive by 5:00 PM · Drive up to 8h 0m a day');
  });
});
