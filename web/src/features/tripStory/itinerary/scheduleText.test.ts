import { describe, expect, it } from 'vitest';
import { computeSchedule } from '@caravan/shared';
import { dayWarningText, localDayTime, localTime, showZone, stopWarningText } from './scheduleText.ts';

const names: Record<string, string> = { a: 'Salt Lake City', b: 'Wendover', c: 'Museum' };
const nameOf = (id: string) => names[id];

describe('the schedule in words', () => {
  it('writes local times in the stop\'s zone, naming it where zones change or differ from the viewer\'s', () => {
    expect(localTime('2026-06-08T10:40:00-07:00', 'America/Los_Angeles')).toBe('10:40 AM');
    expect(localTime('2026-06-08T10:40:00-07:00', 'America/Los_Angeles', true)).toBe('10:40 AM PDT');
    expect(localDayTime('2026-01-04T08:00:00-08:00', 'America/Los_Angeles')).toBe('Sun, Jan 4, 8:00 AM');
    const at = '2026-06-08T10:40:00-07:00';
    expect(showZone(at, 'America/Los_Angeles', 'America/Los_Angeles', 'America/Los_Angeles')).toBe(false);
    expect(showZone(at, 'America/Los_Angeles', 'America/Denver', 'America/Los_Angeles')).toBe(true);
    expect(showZone(at, 'America/Los_Angeles', null, 'Europe/Paris')).toBe(true);
    // Boise and Denver share Mountain time: no zone to name.
    expect(showZone(at, 'America/Boise', 'America/Denver', 'America/Denver')).toBe(false);
  });

  it('says every warning the schedule gives in words', () => {
    const trip = { startDate: '2026-06-01', arrivalTime: '17:00', dailyDriveLimitMinutes: 120 };
    const schedule = computeSchedule(trip, [
      { id: 'a', latitude: 39.74, longitude: -104.99 },
      { id: 'b', latitude: 39.74, longitude: -104.99, estimatedDriveMinutes: 100, plannedArrivalDate: '2026-06-01' },
      { id: 'c', latitude: 39.74, longitude: -104.99, estimatedDriveMinutes: 46, openingHours: 'Tu-Su 10:00-17:00', fixedTime: '12:00' },
      { id: 'd', latitude: 39.74, longitude: -104.99, estimatedDriveMinutes: 700 },
      { id: 'e', latitude: 39.74, longitude: -104.99, estimatedDriveMinutes: 10, plannedArrivalDate: '2026-05-30' },
      { id: 'f', latitude: 39.74, longitude: -104.99, estimatedDriveMinutes: 10, plannedArrivalDate: '2026-06-04' },
    ]);
    const texts = schedule.stops.flatMap((stop) => stop.warnings.map((w) => stopWarningText(w, { nameOf, zone: stop.timeZone })));
    expect(texts).toEqual([
      'Misses its fixed time 12:00 by 0h 26m',
      'Closed when we arrive, Mon, Jun 1, 12:26 PM',
      'The drive here runs past midnight',
      'Arrives after the latest arrival, 5:00 PM',
      'Arrives after the latest arrival, 5:00 PM',
      'Planned for Sat, May 30, reached Mon, Jun 1',
      'Dated Sat, May 30, before Wendover on Mon, Jun 1',
    ]);
    names.e = 'Motel 6';
    expect(schedule.days.flatMap((day) => day.warnings.map((w) => dayWarningText(w, day, { nameOf })))).toEqual([
      'Day 1 drives 14h 16m, over the 2h 0m limit',
      'Day 1 ends at Motel 6, which is not an overnight stop',
    ]);
  });
});
