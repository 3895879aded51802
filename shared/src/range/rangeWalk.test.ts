import { describe, expect, it } from 'vitest';
import type { TVehicle } from '../contracts/vehicle.ts';
import { itineraryText } from '../domain/itineraryExport.ts';
import { computeSchedule } from '../schedule/computeSchedule.ts';
import type { ScheduleStopInput } from '../schedule/types.ts';
import { rangeRunsOutText } from './rangeWords.ts';
import { walkRange, type RangeWalkStop } from './rangeWalk.ts';

const fuel = (rangeKm: number, extra: Partial<TVehicle> = {}): TVehicle => ({ kind: 'fuel', rangeKm, reservePercent: 0, departureFillPercent: 100, ...extra });
/** Stops along a line of longitude, each with a position unless said otherwise. */
const stop = (id: string, extra: Partial<RangeWalkStop> = {}): RangeWalkStop => ({ id, latitude: 40, longitude: -120 + id.charCodeAt(0) / 100, ...extra });
const legs = (...km: Array<number | null>) => [{ distanceKm: null }, ...km.map((distanceKm) => ({ distanceKm }))];

describe('walkRange', () => {
  it('says where a fuel car runs out, once until it refuels', () => {
    const stops = [stop('A'), stop('B'), stop('C'), stop('D')];
    expect(walkRange(fuel(500), stops, legs(300, 240, 300))).toEqual([{ lastFillStopId: 'A', afterStopId: 'B', stopId: 'C', kmAfter: 200, fraction: 200 / 240 }]);
  });

  it('fills up at a fuel stop by its kind, and not at one marked as not refuelling', () => {
    const stops = [stop('A'), stop('B', { kind: 'fuel' }), stop('C'), stop('D', { kind: 'fuel', refuels: false }), stop('E')];
    expect(walkRange(fuel(500), stops, legs(300, 400, 50, 100))).toEqual([{ lastFillStopId: 'B', afterStopId: 'D', stopId: 'E', kmAfter: 50, fraction: 0.5 }]);
  });

  it('fills an electric car where a stop says it charges, whatever its kind', () => {
    const ev: TVehicle = { kind: 'electric', rangeKm: 300, reservePercent: 0, departureFillPercent: 100 };
    const stops = [stop('A'), stop('B', { kind: 'sight', refuels: true }), stop('C')];
    expect(walkRange(ev, stops, legs(250, 250))).toEqual([]);
    expect(walkRange(ev, [stop('A'), stop('B', { kind: 'sight' }), stop('C')], legs(250, 250))).toEqual([{ lastFillStopId: 'A', afterStopId: 'B', stopId: 'C', kmAfter: 50, fraction: 0.2 }]);
  });

  it('keeps the reserve and starts at the fill at departure', () => {
    // 400 km × (80 % − 20 %) = 240 km usable at departure; a full tank gives 320.
    const vehicle = fuel(400, { reservePercent: 20, departureFillPercent: 80 });
    expect(walkRange(vehicle, [stop('A'), stop('B')], legs(250))).toEqual([{ lastFillStopId: 'A', afterStopId: 'A', stopId: 'B', kmAfter: 240, fraction: 240 / 250 }]);
    expect(walkRange(vehicle, [stop('A'), stop('B', { kind: 'fuel' }), stop('C')], legs(200, 320))).toEqual([]);
    expect(walkRange(vehicle, [stop('A'), stop('B', { kind: 'fuel' }), stop('C')], legs(200, 330))[0].kmAfter).toBe(320);
  });

  it('counts every leg of a route that doubles back, not the straight line from the start', () => {
    // A → B → A → B: the ends are 150 km apart, the road driven 450.
    const stops = [stop('A'), stop('B'), { ...stop('A'), id: 'A2' }, { ...stop('B'), id: 'B2' }];
    expect(walkRange(fuel(400), stops, legs(150, 150, 150))).toEqual([{ lastFillStopId: 'A', afterStopId: 'A2', stopId: 'B2', kmAfter: 100, fraction: 100 / 150 }]);
  });

  it('says nothing across a stop without a position, until a located refuel', () => {
    const lost = stop('X', { latitude: null, longitude: null });
    const stops = [stop('A'), stop('B'), lost, stop('C'), stop('D', { kind: 'fuel' }), stop('E')];
    // B → C skips X (its drive is unknown); D refuels and the walk knows again.
    expect(walkRange(fuel(300), stops, legs(100, null, 250, 900, 350))).toEqual([{ lastFillStopId: 'D', afterStopId: 'D', stopId: 'E', kmAfter: 300, fraction: 300 / 350 }]);
    // Even an unlocated fuel stop cannot be counted on: where is it?
    expect(walkRange(fuel(300), [stop('A'), { ...lost, kind: 'fuel' }, stop('C')], legs(null, 500))).toEqual([]);
  });

  it('walks nothing without a car or a range', () => {
    expect(walkRange({ kind: 'none', rangeKm: 100, reservePercent: 0, departureFillPercent: 100 }, [stop('A'), stop('B')], legs(500))).toEqual([]);
    expect(walkRange({ kind: 'either', rangeKm: null, reservePercent: 0, departureFillPercent: 100 }, [stop('A'), stop('B')], legs(500))).toEqual([]);
  });

  it('words the run-out in miles or km', () => {
    expect(rangeRunsOutText(40, 'Eureka', 'km')).toBe('Range runs out 40 km after Eureka');
    expect(rangeRunsOutText(64.4, 'Eureka', 'mi')).toBe('Range runs out 40 mi after Eureka');
  });
});

describe('computeSchedule with a car', () => {
  const point = (id: string, latitude: number, longitude: number, extra: Partial<ScheduleStopInput> = {}): ScheduleStopInput => ({ id, latitude, longitude, ...extra });
  // San Francisco → Eureka → Crescent City → Cannon Beach, drives estimated from the positions (about 470, 130, 520 km).
  const stops = [
    point('SF', 37.77, -122.42),
    point('Eureka', 40.8, -124.16, { overnight: true }),
    point('Crescent', 41.76, -124.2),
    point('Cannon', 45.89, -123.96),
  ];
  const trip = { startDate: '2027-06-07', vehicle: fuel(700, { reservePercent: 10 }) };

  it('puts the run-out in the header of the day that drives the leg, and the itinerary agrees with the walk', () => {
    const schedule = computeSchedule(trip, stops, { today: '2027-06-01' });
    const day2 = schedule.days.find((day) => day.stopIds.includes('Cannon'))!;
    const warning = day2.warnings.find((found) => found.kind === 'rangeRunsOut');
    expect(warning).toMatchObject({ kind: 'rangeRunsOut', afterStopId: 'Crescent', stopId: 'Cannon' });
    const driven = schedule.stops.slice(1, 3).reduce((sum, stop) => sum + stop.distanceKm!, 0);
    expect(warning && warning.kind === 'rangeRunsOut' && warning.kmAfter).toBeCloseTo(630 - driven, 0);
    expect(schedule.days[0].warnings.some((found) => found.kind === 'rangeRunsOut')).toBe(false);
  });

  it('is quiet when Crescent City refuels, and when the trip names no car', () => {
    const refuelled = stops.map((stop) => (stop.id === 'Crescent' ? { ...stop, kind: 'fuel' } : stop));
    const runOuts = (schedule: ReturnType<typeof computeSchedule>) => schedule.days.flatMap((day) => day.warnings).filter((found) => found.kind === 'rangeRunsOut');
    expect(runOuts(computeSchedule(trip, refuelled, { today: '2027-06-01' }))).toEqual([]);
    expect(runOuts(computeSchedule({ startDate: '2027-06-07' }, stops, { today: '2027-06-01' }))).toEqual([]);
  });

  it('says it in the downloaded itinerary.txt on the stop not reached, in the reader’s unit', () => {
    const dated = stops.map((stop, k) => ({ ...stop, name: stop.id, plannedArrivalDate: k < 2 ? '2027-06-07' : '2027-06-08' }));
    const schedule = computeSchedule(trip, dated, { today: '2027-06-01' });
    const warning = schedule.days.flatMap((day) => day.warnings).find((found) => found.kind === 'rangeRunsOut')!;
    const km = warning.kind === 'rangeRunsOut' ? warning.kmAfter : 0;
    const text = itineraryText('Coast', dated, schedule, 'mi');
    expect(text).toContain(`   Warning: Range runs out ${Math.round(km / 1.609344)} mi after Crescent\n   Status: Pending`);
    expect(text.match(/Range runs out/g)).toHaveLength(1);
  });
});
