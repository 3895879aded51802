import { describe, expect, it } from 'vitest';
import { computeSchedule } from './computeSchedule.ts';
import { daysAreDated } from './datedStops.ts';
import { isArrivalInstant } from '../contracts/progressFields.ts';
import { todayPlan } from './todayPlan.ts';
import type { ScheduleStopInput, ScheduleTrip } from './types.ts';

const trip: ScheduleTrip = { startDate: '2026-06-01', departureTime: '09:00', earliestDeparture: '08:00', arrivalTime: '17:00', dailyDriveLimitMinutes: 480 };
/** Points in Denver's zone (UTC-6 in June) with no leg: each drive is the stored estimate. */
const stop = (id: string, fields: Partial<ScheduleStopInput> = {}): ScheduleStopInput => ({
  id,
  latitude: 39.74,
  longitude: -104.99,
  estimatedDriveMinutes: 60,
  stayMinutes: 60,
  ...fields,
});
const denver = (local: string) => Date.parse(`${local}-06:00`);
const plan = (stops: ScheduleStopInput[], now: string, settings: ScheduleTrip = trip) =>
  todayPlan(computeSchedule(settings, stops), stops, denver(now), daysAreDated(settings, stops));

describe('the day re-timed on the road', () => {
  const day = [stop('a'), stop('b'), stop('c'), stop('d')];

  it('running late by 30 minutes moves the leave-by and every later time of the day by 30 minutes', () => {
    const onTime = computeSchedule(trip, day);
    const late = computeSchedule(trip, [day[0], stop('b', { delayMinutes: 30 }), day[2], day[3]]);
    expect(onTime.stops[1].leaveBy).toBe('2026-06-01T09:00:00-06:00');
    expect(late.stops[1].leaveBy).toBe('2026-06-01T09:30:00-06:00');
    expect(late.stops.slice(1).map((s) => s.arrivalMs - onTime.stops[s.index].arrivalMs)).toEqual([30, 30, 30].map((m) => m * 60_000));
  });

  it('a real arrival replaces the planned one and re-times the stops after it from there', () => {
    const arrived = computeSchedule(trip, [day[0], stop('b', { arrivedAt: '2026-06-01T10:45:00-06:00', visited: true }), day[2], day[3]]);
    expect(arrived.stops[1].arrival).toBe('2026-06-01T10:45:00-06:00');
    expect(arrived.stops[2].leaveBy).toBe('2026-06-01T11:45:00-06:00');
    expect(arrived.stops[2].arrival).toBe('2026-06-01T12:45:00-06:00');
  });

  it('a delay or an arrival that cannot be read schedules as none', () => {
    const odd = computeSchedule(trip, [day[0], stop('b', { delayMinutes: -5, arrivedAt: 'soon' }), stop('c', { delayMinutes: 2.5 })]);
    expect(odd.stops.map((s) => s.arrival)).toEqual(computeSchedule(trip, day.slice(0, 3)).stops.map((s) => s.arrival));
  });
});

describe("today's plan", () => {
  it('is null before and after the trip, and on a trip whose days carry no date', () => {
    expect(plan([stop('a'), stop('b')], '2026-05-31T12:00:00')).toBeNull();
    expect(plan([stop('a'), stop('b')], '2026-06-02T12:00:00')).toBeNull();
    expect(plan([stop('a'), stop('b')], '2026-06-01T12:00:00', { ...trip, startDate: null })).toBeNull();
  });

  it("is today's day in the stop's zone: near midnight UTC, Denver is still on June 1", () => {
    const today = plan([stop('a'), stop('b')], '2026-06-01T20:00:00');
    expect(today?.day.date).toBe('2026-06-01');
    expect(new Date(denver('2026-06-01T20:00:00')).toISOString().slice(0, 10)).toBe('2026-06-02');
  });

  it('heads for the first stop of the day not reached, with the rest after it, and moves on once the group is there', () => {
    const stops = [stop('a'), stop('b'), stop('c'), stop('d')];
    const start = plan(stops, '2026-06-01T08:30:00')!;
    expect([start.from.stopId, start.next?.stopId, start.later.map((s) => s.stopId)]).toEqual(['a', 'b', ['c', 'd']]);
    const there = plan([stops[0], stop('b', { arrivedAt: '2026-06-01T10:10:00-06:00' }), stops[2], stops[3]], '2026-06-01T10:15:00')!;
    expect([there.from.stopId, there.next?.stopId, there.reached.map((s) => s.stopId)]).toEqual(['b', 'c', ['b']]);
    expect(there.next?.leaveBy).toBe('2026-06-01T11:10:00-06:00');
    const done = plan(stops.map((s, i) => (i ? { ...s, visited: true } : s)), '2026-06-01T16:00:00')!;
    expect(done.next).toBeNull();
  });

  it('on a rest day of a two-night stay, is that day at the lodging with no stop to head for', () => {
    const lodging = { name: 'Inn', address: null, checkIn: null, checkOut: null, confirmation: null, url: null, price: null, nights: 2 };
    const rest = plan([stop('a'), stop('inn', { overnight: true, lodging }), stop('b')], '2026-06-02T12:00:00')!;
    expect([rest.restDay, rest.from.stopId, rest.next, rest.day.sleep?.stopId, rest.tomorrow?.date]).toEqual([
      { day: 2, date: '2026-06-02' },
      'inn',
      null,
      'inn',
      '2026-06-03',
    ]);
  });

  it('names the overnight stop the day ends at, and the day after it', () => {
    const lodging = { name: 'Inn', address: null, checkIn: '15:00', checkOut: null, confirmation: 'X1', url: null, price: null, nights: 1 };
    const today = plan([stop('a'), stop('inn', { overnight: true, lodging }), stop('b')], '2026-06-01T09:00:00')!;
    expect(today.day.sleep).toEqual({ stopId: 'inn', lodgingName: 'Inn', nights: 1 });
    expect(today.tomorrow?.date).toBe('2026-06-02');
  });
});

describe('what no longer fits once the day is late', () => {
  // c (due 12:00) closes at 15:00; d (due 13:30) must be there at 14:00; e is due at 16:00, the latest arrival is 17:00.
  const stops = (delayMinutes: number | null) => [
    stop('a'),
    stop('b', { delayMinutes }),
    stop('c', { openingHours: 'Mo-Su 09:00-15:00', stayMinutes: 30 }),
    stop('d', { fixedTime: '14:00' }),
    stop('e'),
  ];
  const misfitsAt = (delayMinutes: number | null) =>
    plan(stops(delayMinutes), '2026-06-01T08:00:00')!.misfits.map((m) => [m.stopId, m.warnings.map((w) => w.kind)]);

  it('on time, everything fits', () => {
    expect(misfitsAt(null)).toEqual([]);
  });

  it('an hour late, the fixed time is missed; two hours late the day also runs past its latest arrival', () => {
    expect(misfitsAt(60)).toEqual([['d', ['fixedTimeMissed']]]);
    expect(misfitsAt(120)).toEqual([
      ['d', ['fixedTimeMissed']],
      ['e', ['pastWindow']],
    ]);
  });

  it('three hours late, the stop that closes at 15:00 is closed at the new arrival', () => {
    expect(misfitsAt(180)[0]).toEqual(['c', ['closed']]);
  });
});

describe('an arrival time as both doors take it', () => {
  it('is an ISO instant with its offset on a real day and clock', () => {
    const good = ['2026-06-01T10:45:00-06:00', '2026-06-01T16:45Z', '2028-02-29T23:59:59.999+14:00'];
    const bad = ['2026-06-01T10:45', '2026-02-30T10:00:00Z', '2027-02-29T10:00Z', '2026-06-01T24:00Z', '2026-06-01T10:60Z', '2026-06-01T10:00+15:00', 'soon', 42, null];
    expect(good.map(isArrivalInstant)).toEqual(good.map(() => true));
    expect(bad.map(isArrivalInstant)).toEqual(bad.map(() => false));
  });
});
