import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RoadMatrix } from '../routing/legRouter.ts';
import { dayPlanInstance } from '../test/dayPlanInstances.ts';
import { better, planDays, score, type DayPlanInput, type DayPlanStop, type Score } from './dayPlanner.ts';
import { simulateDays } from './dayPlanner/daySimulation.ts';
import { timedStops, type TimedStop } from './dayPlanner/planStops.ts';

// The opening-hours library reads the runtime's zone: run in one far from the stops' (America/Chicago).
// vitest puts the zone back after the file, unset if it was: the worker runs its next file in the same process.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** Stops in Kansas (America/Chicago); where exactly does not matter, the matrix gives the drives. */
const stop = (id: string, extra: Partial<DayPlanStop> = {}): DayPlanStop => ({ id, name: id, latitude: 38.5, longitude: -98 + id.length / 100, visited: false, ...extra });

/** A symmetric matrix from hours between stops, in stop order. */
function hoursMatrix(hours: number[][]): RoadMatrix {
  const minutes = hours.map((row) => row.map((h) => h * 60));
  return { minutes, distanceKm: minutes.map((row) => row.map((m) => m * 1.5)), source: 'great-circle' };
}

const settings = { startDate: '2027-06-07', departureTime: '09:00', earliestDeparture: '08:00', latestArrival: '18:00', dailyDriveLimitMinutes: 480 };
const plan = (stops: DayPlanStop[], hours: number[][], extra: Partial<DayPlanInput> = {}) =>
  planDays({ stops, matrix: hoursMatrix(hours), settings, now: Date.parse('2027-01-01T00:00:00Z'), endAtLast: false, pinnedStopIds: [], ...extra });

describe('planDays', () => {
  it('splits a 14-hour drive into two days, sleeping at the stop between', () => {
    const result = plan([stop('A'), stop('B'), stop('C')], [[0, 7, 14], [7, 0, 7], [14, 7, 0]], { endAtLast: true });

    expect(result.order).toEqual(['A', 'B', 'C']);
    expect(result.before.days).toHaveLength(1);
    expect(result.before.unmet).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'overDailyLimit', minutes: 14 * 60 - 480 })]));
    expect(result.after.days.map(({ date, stopIds, driveMinutes, sleepsAt }) => ({ date, stopIds, driveMinutes, sleepsAt }))).toEqual([
      { date: '2027-06-07', stopIds: ['A', 'B'], driveMinutes: 420, sleepsAt: 'B' },
      { date: '2027-06-08', stopIds: ['B', 'C'], driveMinutes: 420, sleepsAt: null },
    ]);
    expect(result.after.unmet).toEqual([]);
  });

  it('gives a drive longer than a whole day its own day, and reports it', () => {
    const result = plan([stop('A'), stop('B'), stop('C')], [[0, 2, 12], [2, 0, 10], [12, 10, 0]], { endAtLast: true });

    expect(result.after.days.map((day) => day.stopIds)).toEqual([['A', 'B'], ['B', 'C']]);
    expect(result.after.unmet).toContainEqual({ stopId: 'C', day: 2, kind: 'longLeg', minutes: 120 });
  });

  it("visits a museum closed on Mondays on another day when another order allows it, and reports it when none does", () => {
    // 7 June 2027 is a Monday. The museum is 2 h west of the start, the park 7 h east: the shortest order
    // reaches the museum on Monday; the park first puts the museum on Tuesday.
    const museum = stop('Museum', { openingHours: 'Tu-Su 09:00-17:00' });
    const result = plan([stop('Start'), museum, stop('Park')], [[0, 2, 7], [2, 0, 8], [7, 8, 0]], { settings: { ...settings, dailyDriveLimitMinutes: 600 } });

    expect(result.order).toEqual(['Start', 'Park', 'Museum']);
    expect(result.after.days.map((day) => [day.date, day.stopIds])).toEqual([
      ['2027-06-07', ['Start', 'Park']],
      ['2027-06-08', ['Park', 'Museum']],
    ]);
    expect(result.after.unmet).toEqual([]);
    expect(result.before.unmet).toContainEqual({ stopId: 'Museum', day: 1, kind: 'closed', minutes: null });

    const only = plan([stop('Start'), museum], [[0, 2], [2, 0]]);
    expect(only.after.unmet).toEqual([{ stopId: 'Museum', day: 1, kind: 'closed', minutes: null }]);
  });

  it('sleeps before a stop it would reach after its fixed time or closed today when tomorrow morning is in time', () => {
    // 09:00 + 1 h to B, an hour there, 1 h more: the 09:30 ferry is gone by 12:00; from B at 08:00 tomorrow it is made.
    const ferry = plan([stop('A'), stop('B'), stop('Ferry', { fixedTime: '09:30' })], [[0, 1, 2], [1, 0, 1], [2, 1, 0]], { endAtLast: true });
    expect(ferry.after.days.map((day) => [day.date, day.stopIds])).toEqual([
      ['2027-06-07', ['A', 'B']],
      ['2027-06-08', ['B', 'Ferry']],
    ]);
    expect(ferry.after.unmet).toEqual([]);
    expect(ferry.before.unmet).toEqual([{ stopId: 'Ferry', day: 1, kind: 'fixedTimeMissed', minutes: 150 }]);

    // Monday 7 June: the museum is closed; Tuesday it opens at 09:00, an hour after B's 08:00 start.
    const museum = plan([stop('A'), stop('B'), stop('Museum', { openingHours: 'Tu-Su 09:00-17:00' })], [[0, 1, 2], [1, 0, 1], [2, 1, 0]], { endAtLast: true });
    expect(museum.after.days.map((day) => day.stopIds)).toEqual([['A', 'B'], ['B', 'Museum']]);
    expect(museum.after.unmet).toEqual([]);
  });

  it('waits for a place to open and for a fixed time, and reports a fixed time it cannot make', () => {
    const result = plan(
      [stop('A'), stop('Gallery', { openingHours: 'Mo-Su 13:00-18:00', stayMinutes: 30 }), stop('Ferry', { fixedTime: '08:30' })],
      [[0, 1, 2], [1, 0, 1], [2, 1, 0]],
      { endAtLast: true },
    );
    // 09:00 + 1 h: the gallery opens at 13:00, so 13:30 + 1 h reaches the ferry at 14:30, six hours late; from the
    // gallery tomorrow at 08:00 it would still be half an hour late, so the day goes on.
    expect(result.after.days).toHaveLength(1);
    expect(result.after.unmet).toEqual([{ stopId: 'Ferry', day: 1, kind: 'fixedTimeMissed', minutes: 360 }]);
  });

  it('keeps every day within the limit when the legs allow, the first stop first and a pinned stop in place', () => {
    const count = 12;
    const hours = Array.from({ length: count }, (_, i) => Array.from({ length: count }, (_, j) => Math.abs(i - j) * 1.5 + (i === j ? 0 : ((i * 7 + j * 3) % 5) / 10)));
    for (let i = 0; i < count; i++) for (let j = 0; j < i; j++) hours[i][j] = hours[j][i];
    const stops = Array.from({ length: count }, (_, i) => stop(`S${String(i).padStart(2, '0')}`));
    const scrambled = [0, 5, 2, 9, 1, 11, 3, 7, 4, 10, 6, 8];
    const result = plan(
      scrambled.map((i) => stops[i]),
      scrambled.map((i) => scrambled.map((j) => hours[i][j])),
      { pinnedStopIds: ['S02'] },
    );

    expect(result.order[0]).toBe('S00');
    expect(result.order[2]).toBe('S02');
    expect(result.after.days.length).toBeGreaterThan(1);
    for (const day of result.after.days) expect(day.driveMinutes).toBeLessThanOrEqual(480);
    expect(result.after.unmet.filter((miss) => miss.kind === 'overDailyLimit' || miss.kind === 'longLeg')).toEqual([]);
    // Each day but the last ends where the next begins.
    result.after.days.slice(0, -1).forEach((day, k) => expect(day.sleepsAt).toBe(result.after.days[k + 1].stopIds[0]));

    const again = plan(
      scrambled.map((i) => stops[i]),
      scrambled.map((i) => scrambled.map((j) => hours[i][j])),
      { pinnedStopIds: ['S02'] },
    );
    expect({ ...again, solveMs: 0 }).toEqual({ ...result, solveMs: 0 });
  });

  it('ends a day at an overnight stop for its nights, and leaves at the check-out when later than the window opens', () => {
    const lodging = { name: 'Inn', address: null, checkIn: null, checkOut: '11:00', confirmation: null, url: null, price: null, nights: 2 };
    const result = plan([stop('A'), stop('Inn', { overnight: true, lodging }), stop('C')], [[0, 1, 2], [1, 0, 1], [2, 1, 0]], { endAtLast: true });

    expect(result.before.days.map((day) => [day.date, day.sleepsAt])).toEqual([
      ['2027-06-07', 'Inn'],
      ['2027-06-09', null],
    ]);
    expect(result.after.days).toEqual(result.before.days);
  });

  it('keeps a stop without a position (0, 0 as new stops have) in its place, reached with no drive', () => {
    const nowhere = stop('Nowhere', { latitude: 0, longitude: 0 });
    // The matrix holds the located stops only: A, B, C.
    const result = plan([stop('A'), nowhere, stop('B'), stop('C')], [[0, 7, 14], [7, 0, 7], [14, 7, 0]], { endAtLast: true });

    expect(result.order).toEqual(['A', 'Nowhere', 'B', 'C']);
    expect(result.after.days.map((day) => [day.stopIds, day.driveMinutes])).toEqual([
      [['A', 'Nowhere', 'B'], 420],
      [['B', 'C'], 420],
    ]);
  });

  it('reads a stop with unreadable plan values as one with none', () => {
    const result = plan([stop('A'), stop('B', { stayMinutes: 'long', openingHours: 'whenever', overnight: 'yes' })], [[0, 1], [1, 0]]);
    expect(result.after.unmet).toEqual([]);
    expect(result.after.days).toHaveLength(1);
  });

  it('orders by the time windows when only another order meets every opening hour (shortest order and swaps do not)', () => {
    // Each stop opens for an hour or so on the weekday a hidden order reaches it: the shortest order, mended by
    // swapping pairs, leaves some closed (1–4 of them on these seeds); the time-window order meets them all.
    for (const seed of [1, 2, 3, 4]) {
      const trip = dayPlanInstance(seed, { stops: 8, withHours: 1, everyDay: false, spreadMinutes: 90 });
      const result = planDays({ ...trip, now: 0, endAtLast: false, pinnedStopIds: [] });
      expect(result.before.unmet.filter((miss) => miss.kind === 'closed').length).toBeGreaterThan(0);
      expect(result.after.unmet).toEqual([]);
      expect(result.order[0]).toBe(trip.stops[0].id);
    }
  });

  it('equals the best of every order of a 10-stop trip with opening hours, judged by the day model', () => {
    const permutations = function* (items: TimedStop[]): Generator<TimedStop[]> {
      if (items.length <= 1) yield items;
      else for (let k = 0; k < items.length; k++) for (const rest of permutations([...items.slice(0, k), ...items.slice(k + 1)])) yield [items[k], ...rest];
    };
    for (const seed of [5, 6]) {
      const trip = dayPlanInstance(seed, { stops: 10, withHours: 0.6, everyDay: true, spreadMinutes: 150 });
      const result = planDays({ ...trip, now: 0, endAtLast: false, pinnedStopIds: [] });
      const [first, ...others] = timedStops(trip.stops);
      let best: Score | null = null;
      for (const order of permutations(others)) {
        const walked = score(simulateDays([first, ...order], trip.matrix, trip.settings, 0, true));
        if (best === null || better(walked, best)) best = walked;
      }
      expect(score(result.after)).toEqual(best);
    }
  }, 120_000);

  it('keeps pinned and visited stops in place, the first first and the last last, when ordering by the time windows', () => {
    const trip = dayPlanInstance(1, { stops: 12, withHours: 1, everyDay: false, spreadMinutes: 90 });
    const stops = trip.stops.map((one, k) => (k === 4 ? { ...one, visited: true } : one));
    const result = planDays({ ...trip, stops, now: 0, endAtLast: true, pinnedStopIds: [stops[7].id] });
    expect(result.before.unmet.some((miss) => miss.kind === 'closed')).toBe(true);
    expect(result.order).not.toEqual(stops.map((one) => one.id));
    for (const k of [0, 4, 7, 11]) expect(result.order[k]).toBe(stops[k].id);
  });

  it('plans a larger trip with opening hours the same way every time (counts bound the search, not the clock)', () => {
    const trip = dayPlanInstance(7, { stops: 60, withHours: 0.5, everyDay: false, spreadMinutes: 40, longestStay: 40 });
    const input = { ...trip, now: 0, endAtLast: false, pinnedStopIds: [] };
    const first = planDays(input);
    expect(first.after.unmet.length).toBeLessThan(first.before.unmet.length);
    expect({ ...planDays(input), solveMs: 0 }).toEqual({ ...first, solveMs: 0 });
  });

  it('mends the time-window order by swaps too: a 200-stop trip with one weekday’s opening hours on half its stops meets them all', () => {
    // The hidden order meets every opening hour; the time-window order alone leaves 2 closed, the shortest order mended 60.
    const trip = dayPlanInstance(4, { stops: 200, withHours: 0.5, everyDay: false, spreadMinutes: 40, longestStay: 40 });
    const result = planDays({ ...trip, now: 0, endAtLast: false, pinnedStopIds: [] });
    expect(result.before.unmet.filter((miss) => miss.kind === 'closed').length).toBeGreaterThan(50);
    expect(result.after.unmet).toEqual([]);
  });
});
