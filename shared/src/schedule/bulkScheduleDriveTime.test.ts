import { describe, expect, it } from 'vitest';
import { legPoint, type DriveLeg } from '../road/driveLeg.ts';
import { autoSchedule, bulkSchedule, type BulkScheduleOptions } from './bulkSchedule.ts';
import { computeSchedule } from './computeSchedule.ts';
import type { ScheduleStopInput, ScheduleTrip } from './types.ts';

/** Stops 'a', 'b', … with these legs (drive minutes from the stop before), no positions. */
const withLegs = (...legs: Array<number | null>) =>
  legs.map((estimatedDriveMinutes, index) => ({ id: String.fromCharCode(97 + index), estimatedDriveMinutes }));
const arrivals = (schedule: Array<{ arrival: string }>) => schedule.map(({ arrival }) => arrival);
const walkOf = (trip: ScheduleTrip = { dailyDriveLimitMinutes: 480 }) => ({ trip, today: '2024-06-01' });
const counted = (options: Omit<BulkScheduleOptions, 'countDriveTime'>, trip?: ScheduleTrip) => ({ ...options, countDriveTime: walkOf(trip) });

// 2024-06-03 is a Monday, 2024-06-07 a Friday.
describe('Bulk Schedule with "Count drive time"', () => {
  it('moves the arrival whose leg would pass the daily limit to the next day', () => {
    const stops = withLegs(null, 200, 200, 200, 200, 200);
    const options = { startDate: '2024-06-03', defaultDurationDays: 0 };
    // Off: the plain computation, drive time ignored.
    expect(arrivals(bulkSchedule(stops, options))).toEqual(Array(6).fill('2024-06-03'));
    // 8 hours a day: two 200-minute legs fit a day, a third would make 600.
    expect(arrivals(bulkSchedule(stops, counted(options)))).toEqual(['2024-06-03', '2024-06-03', '2024-06-03', '2024-06-04', '2024-06-04', '2024-06-05']);
    // A limit of exactly the day's driving still fits it.
    expect(arrivals(bulkSchedule(withLegs(null, 240, 240), counted(options)))).toEqual(Array(3).fill('2024-06-03'));
  });

  it('reads the limit from the trip\'s plan settings, its default when the trip has none', () => {
    const stops = withLegs(null, 200, 200, 200);
    const options = { startDate: '2024-06-03', defaultDurationDays: 0 };
    expect(arrivals(bulkSchedule(stops, counted(options, {})))).toEqual(['2024-06-03', '2024-06-03', '2024-06-03', '2024-06-04']);
    expect(arrivals(bulkSchedule(stops, counted(options, { dailyDriveLimitMinutes: 300 })))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04', '2024-06-05']);
  });

  it('counts only the legs arriving that day, and starts a moved day in the morning', () => {
    // Half days: two stops a day. d's leg would make Tuesday 600 minutes, so d opens Wednesday and e joins it.
    const stops = withLegs(null, 300, 300, 300, 60);
    const options = { startDate: '2024-06-03', defaultDurationDays: 0.5 };
    expect(arrivals(bulkSchedule(stops, options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04', '2024-06-04', '2024-06-05']);
    expect(bulkSchedule(stops, counted(options))).toEqual([
      { stopId: 'a', arrival: '2024-06-03', departure: '2024-06-03' },
      { stopId: 'b', arrival: '2024-06-03', departure: '2024-06-04' },
      { stopId: 'c', arrival: '2024-06-04', departure: '2024-06-04' },
      { stopId: 'd', arrival: '2024-06-05', departure: '2024-06-05' },
      { stopId: 'e', arrival: '2024-06-05', departure: '2024-06-06' },
    ]);
  });

  it('lets a leg longer than the limit arrive on its day as that day\'s only drive', () => {
    const options = counted({ startDate: '2024-06-03', defaultDurationDays: 0 });
    expect(arrivals(bulkSchedule(withLegs(null, 600, 100), options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04']);
    expect(arrivals(bulkSchedule(withLegs(null, 100, 600, 30), options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04', '2024-06-05']);
    // A stop with no drive to it adds nothing to that day: it stays.
    expect(arrivals(bulkSchedule(withLegs(null, 600, 0), options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-03']);
  });

  it('keeps a moved arrival off the weekend when weekends are avoided', () => {
    const stops = withLegs(null, 300, 300);
    const options = { startDate: '2024-06-07', defaultDurationDays: 0 };
    expect(arrivals(bulkSchedule(stops, counted(options)))).toEqual(['2024-06-07', '2024-06-07', '2024-06-08']);
    expect(arrivals(bulkSchedule(stops, counted({ ...options, avoidWeekends: true })))).toEqual(['2024-06-07', '2024-06-07', '2024-06-10']);
  });

  it('leaves skipped stops undated, but the trip still drives to them: their legs count on the day the itinerary puts them', () => {
    const stops = withLegs(null, 300, 300, null, 100);
    const schedule = bulkSchedule(stops, counted({ startDate: '2024-06-03', defaultDurationDays: 0, overrides: { c: { skip: true } } }));
    // c (300 minutes, undated) rides on Monday with b: Monday is over the limit whatever d does (no drive), e opens Tuesday.
    expect(schedule.map(({ stopId, arrival }) => `${stopId} ${arrival}`)).toEqual(['a 2024-06-03', 'b 2024-06-03', 'd 2024-06-03', 'e 2024-06-04']);
  });

  it('follows the walk\'s days: a lodging\'s nights, a later date a skipped stop keeps, the trip\'s own start date', () => {
    const options = { startDate: '2024-06-03', defaultDurationDays: 0.5 };
    // b sleeps two nights: c is reached on Wednesday, and the half days count on from there.
    const lodged = [{ id: 'a' }, { id: 'b', overnight: true, lodging: { nights: 2 } }, { id: 'c' }, { id: 'd' }];
    expect(arrivals(bulkSchedule(lodged, options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04', '2024-06-04']);
    expect(arrivals(bulkSchedule(lodged, counted(options)))).toEqual(['2024-06-03', '2024-06-03', '2024-06-05', '2024-06-05']);
    // A skipped stop keeps its Thursday: the stops after it cannot come before it.
    const kept = [{ id: 'a' }, { id: 'b', plannedArrivalDate: '2024-06-06' }, { id: 'c' }];
    expect(arrivals(bulkSchedule(kept, counted({ ...options, overrides: { b: { skip: true } } })))).toEqual(['2024-06-03', '2024-06-06']);
    // Day 1 is the trip's start date when it is later than the one asked for.
    expect(arrivals(bulkSchedule(withLegs(null, 60), counted(options, { startDate: '2024-06-05' })))).toEqual(['2024-06-05', '2024-06-05']);
  });

  it('counts the stop\'s current leg, as the itinerary does, over the stored estimate', () => {
    const sf = { latitude: 37.7749, longitude: -122.4194 };
    const la = { latitude: 34.0522, longitude: -118.2437 };
    const leg: DriveLeg = { fromStopId: 'sf', from: legPoint(sf), to: legPoint(la), minutes: 400, distanceKm: 615, source: 'osrm', geometry: null };
    const stops: ScheduleStopInput[] = [
      { id: 'sf', ...sf },
      { id: 'la', ...la, estimatedDriveMinutes: 30, driveLeg: leg },
      { id: 'la2', ...la, estimatedDriveMinutes: 100 },
    ];
    const schedule = computeSchedule({}, stops, { today: '2024-06-03' });
    expect(schedule.stops[1].driveMinutes).toBe(400);
    expect(arrivals(bulkSchedule(stops, counted({ startDate: '2024-06-03', defaultDurationDays: 0 })))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04']);
  });
});

describe('auto-schedule with "Count drive time"', () => {
  it('moves an arrival past the limit to the next day; off, it is the plain computation', () => {
    const stops = withLegs(null, 200, 200, 200);
    expect(arrivals(autoSchedule(stops, '2024-06-03', 0))).toEqual(Array(4).fill('2024-06-03'));
    expect(arrivals(autoSchedule(stops, '2024-06-03', 0, { countDriveTime: walkOf() }))).toEqual(['2024-06-03', '2024-06-03', '2024-06-03', '2024-06-04']);
    // Whole-day stays put each arrival on a day of its own: nothing moves.
    const hourADay = { countDriveTime: walkOf({ dailyDriveLimitMinutes: 60 }) };
    expect(arrivals(autoSchedule(stops, '2024-06-03', 1, hourADay))).toEqual(arrivals(autoSchedule(stops, '2024-06-03', 1)));
  });

  it('counts the leg into a stop dated by hand on its date', () => {
    const stops = [
      { id: 'a', estimatedDriveMinutes: null },
      { id: 'b', estimatedDriveMinutes: 400, plannedArrivalDate: '2024-06-03', autoScheduled: false },
      { id: 'c', estimatedDriveMinutes: 100 },
    ];
    expect(autoSchedule(stops, '2024-06-03', 0, { countDriveTime: walkOf() })).toEqual([
      { stopId: 'a', arrival: '2024-06-03', departure: '2024-06-03' },
      { stopId: 'c', arrival: '2024-06-04', departure: '2024-06-04' },
    ]);
  });
});
