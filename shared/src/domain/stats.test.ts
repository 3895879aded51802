import { describe, expect, it } from 'vitest';
import { driveTimeBadge, formatDuration, itineraryStats, leaveBy } from './stats.ts';

describe('itineraryStats', () => {
  const trip = [
    { plannedArrivalDate: '2024-06-01T00:00:00.000Z', visited: true, estimatedDriveMinutes: null },
    { plannedArrivalDate: '2024-06-03', visited: false, estimatedDriveMinutes: 300 },
    { plannedArrivalDate: '2024-06-04', visited: false, estimatedDriveMinutes: 120 },
    { plannedArrivalDate: null, visited: false, estimatedDriveMinutes: 60 },
    { plannedArrivalDate: '1970-01-01T00:00:00.000Z', visited: true, estimatedDriveMinutes: null },
  ];

  it('fills the four cards and the time breakdown', () => {
    expect(itineraryStats(trip)).toEqual({
      // June 1 to the day after June 4.
      tripDurationDays: 4,
      totalDrivingMinutes: 480,
      // (2 days − 5h) + (1 day − 2h) + one day at the last stop.
      totalStayMinutes: 2 * 1440 - 300 + (1440 - 120) + 1440,
      totalDistanceKm: 0,
      // One of three planned stops is visited; the visited stop with a reset date is not planned.
      adherencePercent: 33,
      visitedCount: 2,
      plannedCount: 3,
      totalStops: 5,
    });
  });

  it('measures gaps between arrivals in date order, not list order, and never counts a negative stay', () => {
    const stats = itineraryStats([
      { plannedArrivalDate: '2024-06-05', estimatedDriveMinutes: 600 },
      { plannedArrivalDate: '2024-06-01' },
      { plannedArrivalDate: '2024-06-05', estimatedDriveMinutes: 90 },
    ]);
    expect(stats.tripDurationDays).toBe(5);
    // Same-day arrivals keep list order: June 1 → June 5 is 4 days less the 10 h drive; June 5 → June 5
    // is 0 days less 1.5 h, negative, so dropped; then one day at the last stop.
    expect(stats.totalStayMinutes).toBe(4 * 1440 - 600 + 1440);
  });

  it('shows zeros for a trip with nothing planned', () => {
    expect(itineraryStats([{ visited: true }, { plannedArrivalDate: null }])).toMatchObject({
      tripDurationDays: 0,
      totalStayMinutes: 0,
      adherencePercent: 0,
      visitedCount: 1,
      totalStops: 2,
    });
    expect(itineraryStats([]).totalDrivingMinutes).toBe(0);
  });

  it('rounds adherence to a whole percent', () => {
    const planned = (visited: boolean) => ({ plannedArrivalDate: '2024-06-01', visited });
    expect(itineraryStats([planned(true), planned(true), planned(false)]).adherencePercent).toBe(67);
    expect(itineraryStats([planned(true), planned(true)]).adherencePercent).toBe(100);
  });
});

describe('formatDuration', () => {
  it('writes hours and minutes, N/A for missing values', () => {
    expect(formatDuration(125)).toBe('2h 5m');
    expect(formatDuration(45)).toBe('0h 45m');
    expect(formatDuration(0)).toBe('0h 0m');
    expect(formatDuration(1500)).toBe('25h 0m');
    expect(formatDuration(59.6)).toBe('1h 0m');
    expect(formatDuration(null)).toBe('N/A');
    expect(formatDuration(undefined)).toBe('N/A');
    expect(formatDuration(Number.NaN)).toBe('N/A');
    expect(formatDuration(-5)).toBe('N/A');
  });

  it('makes the drive badge only when there is an estimate', () => {
    expect(driveTimeBadge(95)).toBe('~1h 35m drive');
    expect(driveTimeBadge(null)).toBeNull();
  });
});

describe('leaveBy', () => {
  it('counts back from the trip\'s arrival time of day on the planned date', () => {
    // 2024-06-08 is a Saturday: a 2 h 40 min drive to arrive at the default 17:00 leaves at 14:20 that day.
    expect(leaveBy('2024-06-08T00:00:00.000Z', 160, '17:00')).toEqual({ date: '2024-06-08', time: '14:20' });
    expect(leaveBy('2024-06-08', 160, '09:00')).toEqual({ date: '2024-06-08', time: '06:20' });
    expect(leaveBy(new Date('2024-06-05T00:00:00Z'), 0, '14:00')).toEqual({ date: '2024-06-05', time: '14:00' });
  });

  it('takes the time of day from the trip, not from the stored timestamp', () => {
    expect(leaveBy('2024-06-05T14:00:00.000Z', 150, '17:00')).toEqual({ date: '2024-06-05', time: '14:30' });
  });

  it('crosses midnight back into the day before only when the drive is longer than the morning', () => {
    expect(leaveBy('2024-06-05', 150, '01:00')).toEqual({ date: '2024-06-04', time: '22:30' });
    expect(leaveBy('2024-03-01', 60 * 24 + 30, '00:00')).toEqual({ date: '2024-02-28', time: '23:30' });
    expect(leaveBy('2024-03-01', 17 * 60, '17:00')).toEqual({ date: '2024-03-01', time: '00:00' });
    expect(leaveBy('2024-03-01', 17 * 60 + 1, '17:00')).toEqual({ date: '2024-02-29', time: '23:59' });
  });

  it('reads an unreadable arrival time as the default 17:00', () => {
    for (const arrivalTime of [undefined, null, '', '25:00', '5 pm']) {
      expect(leaveBy('2024-06-08', 160, arrivalTime)).toEqual({ date: '2024-06-08', time: '14:20' });
    }
  });

  it('has no answer without a planned date or a drive time', () => {
    expect(leaveBy(null, 60, '17:00')).toBeNull();
    expect(leaveBy('1970-01-01', 60, '17:00')).toBeNull();
    expect(leaveBy('2024-06-05', null, '17:00')).toBeNull();
  });
});
