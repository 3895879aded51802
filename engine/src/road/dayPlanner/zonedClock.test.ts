import { describe, expect, it } from 'vitest';
import { dateOf, dayNumber, dayOf, instantAt, localAt, localOfRuntimeDate, minuteOf, runtimeLocalDate } from './zonedClock.ts';

const utcMinutes = (iso: string) => Date.parse(iso) / 60_000;
const local = (date: string, hhmm: string) => dayNumber(date) * 1440 + Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('zoned clock', () => {
  it('reads an instant on a zone’s clocks and back, either side of a clock change', () => {
    // Chicago: CST (UTC−6) until 2027-03-14 02:00, then CDT (UTC−5).
    expect(localAt(utcMinutes('2027-03-14T07:30:00Z'), 'America/Chicago')).toBe(local('2027-03-14', '01:30'));
    expect(localAt(utcMinutes('2027-03-14T08:30:00Z'), 'America/Chicago')).toBe(local('2027-03-14', '03:30'));
    expect(instantAt(local('2027-03-14', '01:30'), 'America/Chicago')).toBe(utcMinutes('2027-03-14T07:30:00Z'));
    expect(instantAt(local('2027-03-14', '09:00'), 'America/Chicago')).toBe(utcMinutes('2027-03-14T14:00:00Z'));
    // 02:30 does not exist that night: the instant after the gap.
    expect(instantAt(local('2027-03-14', '02:30'), 'America/Chicago')).toBe(utcMinutes('2027-03-14T08:30:00Z'));
    // Half-hour and quarter-hour zones.
    expect(localAt(utcMinutes('2027-06-07T00:00:00Z'), 'Asia/Kolkata')).toBe(local('2027-06-07', '05:30'));
    expect(localAt(utcMinutes('2027-06-07T00:00:00Z'), 'Asia/Kathmandu')).toBe(local('2027-06-07', '05:45'));
  });

  it('splits local times into days and minutes, and dates into day numbers and back', () => {
    const at = local('2027-06-07', '17:05');
    expect(dateOf(dayOf(at))).toBe('2027-06-07');
    expect(minuteOf(at)).toBe(17 * 60 + 5);
    expect(dateOf(dayNumber('2027-12-31') + 1)).toBe('2028-01-01');
  });

  it('builds the runtime-local Date that shows a wall clock, whatever the runtime’s zone', () => {
    const at = local('2027-06-07', '09:15');
    const date = runtimeLocalDate(at);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2027, 5, 7, 9, 15]);
    expect(localOfRuntimeDate(date)).toBe(at);
  });
});
