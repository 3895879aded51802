import { describe, expect, it } from 'vitest';
import { computeSchedule } from '@caravan/shared';
import { dayWarningText, localDayTime, localTime, showZone, stopTimesText, stopWarningText } from './scheduleText.ts';

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

  it('reads a stop\'s clock by the bundled tz data, not the runtime\'s: Banff in December 2026 is on UTC−6 (CST)', () => {
    // The exports print the same wall clock: a runtime with older tz data would say 8:45 AM MST.
    expect(localTime('2026-12-15T15:45:00Z', 'America/Edmonton', true)).toBe('9:45 AM CST');
    expect(localDayTime('2026-12-15T15:45:00Z', 'America/Edmonton')).toBe('Tue, Dec 15, 9:45 AM');
    expect(localTime('2025-12-15T16:45:00Z', 'America/Edmonton', true)).toBe('9:45 AM MST');
    // Vancouver joins Alberta's old clock: the same name there, and another one than Banff's.
    expect(showZone('2026-12-15T15:45:00Z', 'America/Edmonton', 'America/Vancouver', 'America/Edmonton')).toBe(true);
    expect(showZone('2026-12-15T15:45:00Z', 'America/Vancouver', null, 'America/Phoenix')).toBe(false);
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

  it("says in the day header where the car's range runs out, in the reader's unit", () => {
    const warning = { kind: 'rangeRunsOut' as const, lastFillStopId: 'sf', afterStopId: 'eureka', stopId: 'cannon', kmAfter: 64.4, fraction: 0.1 };
    const nameOf = (id: string) => ({ eureka: 'Eureka', cannon: 'Cannon Beach' })[id] ?? id;
    expect(dayWarningText(warning, { day: 2 }, { nameOf, unit: 'mi' })).toBe('Range runs out 40 mi after Eureka, before Cannon Beach: refuel or charge on the way');
    expect(dayWarningText(warning, { day: 2 }, { nameOf, unit: 'km' })).toBe('Range runs out 64 km after Eureka, before Cannon Beach: refuel or charge on the way');
  });

  it('gives an arrival after midnight its date, and a visit after a wait its own times, the wait apart', () => {
    const denver = { latitude: 39.74, longitude: -104.99 };
    const schedule = computeSchedule({ startDate: '2026-06-01', arrivalTime: '17:00' }, [
      { id: 'a', ...denver },
      // A fixed-time dinner reached at 14:24, the day ending there (the next stop is held to the next day).
      { id: 'dinner', ...denver, estimatedDriveMinutes: 324, fixedTime: '19:00', stayMinutes: 90 },
      { id: 'b', ...denver, estimatedDriveMinutes: 14 * 60, plannedArrivalDate: '2026-06-02', stayMinutes: 60 },
      { id: 'c', ...denver, estimatedDriveMinutes: 2 * 60, stayMinutes: 60 },
    ]);
    const text = (id: string) => {
      const index = schedule.stops.findIndex((stop) => stop.stopId === id);
      const dayDate = schedule.days.find((day) => day.stopIds.includes(id))!.date;
      return stopTimesText({ stop: schedule.stops[index], previous: schedule.stops[index - 1] ?? null, dayDate, viewerZone: 'America/Denver' });
    };
    expect(text('a')).toBe('Set off 9:00 AM');
    expect(text('dinner')).toBe('Arrive 2:24 PM · wait 4h 36m · visit 7:00 PM–8:30 PM · leave Tue, Jun 2, 8:00 AM');
    expect(text('b')).toBe('Arrive 10:00 PM · stay 1h 0m · leave 11:00 PM');
    // Day 2 (Jun 2) reaches c at 01:00 on Jun 3.
    expect(text('c')).toBe('Arrive Wed, Jun 3, 1:00 AM · stay 1h 0m · leave Wed, Jun 3, 2:00 AM');
  });
});
