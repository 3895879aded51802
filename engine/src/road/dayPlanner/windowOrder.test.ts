import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayNumber, instantAt } from './zonedClock.ts';
import { timedStops, type DayPlanStop } from './planStops.ts';
import { planHorizon, stopWindows, type WindowOrderInput } from './windowOrder.ts';

// The opening-hours library reads the runtime's zone: run in one far from the stops' (America/Chicago).
// vitest puts the zone back after the file, unset if it was: the worker runs its next file in the same process.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const settings = { startDate: '2027-06-07', departureTime: '09:00', earliestDeparture: '08:00', latestArrival: '18:00', dailyDriveLimitMinutes: 480 };
const startDay = dayNumber('2027-06-07'); // a Monday
const startTime = instantAt(startDay * 1440 + 9 * 60, 'America/Chicago');
const kansas = (extra: Partial<DayPlanStop>): DayPlanStop => ({ id: 'S', name: 'S', latitude: 38.5, longitude: -98, visited: false, ...extra });
const windowsOf = (stop: DayPlanStop, horizonDays: number) =>
  stopWindows(timedStops([stop])[0], { settings, startDay, startTime, horizonDays } as WindowOrderInput);

/** Minutes after Monday 09:00 (the departure) of day `day` (0 = Monday) at hh:mm local. */
const at = (day: number, hhmm: string) => day * 1440 + Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)) - 9 * 60;

describe('the day planner’s time windows', () => {
  it('gives a stop each day’s driving window, day 1 from the departure time', () => {
    expect(windowsOf(kansas({}), 2)).toEqual([
      [at(0, '09:00'), at(0, '18:00')],
      [at(1, '08:00'), at(1, '18:00')],
    ]);
  });

  it('narrows it to the opening hours on the stop’s own clocks (its stay, an hour, ending by closing), and to a fixed time on a planned date', () => {
    expect(windowsOf(kansas({ openingHours: 'Tu 10:00-12:00; We 17:00-20:00' }), 3)).toEqual([
      [at(1, '10:00'), at(1, '11:00')],
      [at(2, '17:00'), at(2, '18:00')],
    ]);
    expect(windowsOf(kansas({ fixedTime: '10:30', plannedArrivalDate: '2027-06-08' }), 3)).toEqual([[at(1, '10:30'), at(1, '10:30')]]);
    expect(windowsOf(kansas({ openingHours: 'Mo-Su 06:00-07:00' }), 3)).toEqual([]);
  });

  it('covers the days the stays and driving fill, twice over plus two, and at least to the last planned date', () => {
    const stops = timedStops([kansas({ id: 'A' }), kansas({ id: 'B', stayMinutes: 600 }), kansas({ id: 'C', plannedArrivalDate: '2027-06-20' })]);
    const matrix = { minutes: [[0, 600, 600], [600, 0, 600], [600, 600, 0]], distanceKm: [[0, 1, 1], [1, 0, 1], [1, 1, 0]], source: 'great-circle' as const };
    // Stays 600 + 60 (C's default) + shortest drives in 1200 over a 600-minute window: 3.1 days → 9; C is on day 14.
    expect(planHorizon(stops, matrix, settings, startDay)).toBe(14);
    // Without C's date (the same drives): stays 600 + drives 1200 = 3 days → 8.
    expect(planHorizon(stops.slice(0, 2), matrix, settings, startDay)).toBe(8);
  });

  it('leaves out a window the night the clocks spring forward would turn round, so the solver never refuses the trip', () => {
    // Chicago skips 02:00–03:00 on Sunday 14 March 2027: from 02:30 (read as 03:30) to the 03:10 closing is no window.
    const spring = { ...settings, startDate: '2027-03-13', earliestDeparture: '02:30' };
    const day = dayNumber('2027-03-13');
    const input = { settings: spring, startDay: day, startTime: instantAt(day * 1440 + 9 * 60, 'America/Chicago'), horizonDays: 2 } as WindowOrderInput;
    const windows = stopWindows(timedStops([kansas({ openingHours: 'Su 00:00-03:10' })])[0], input);
    expect(windows).toEqual([]);
  });
});
