import { describe, expect, it } from 'vitest';
import { DailyDriveBudget, legMinutes } from './driveDays.ts';
import { autoSchedule, bulkSchedule } from './schedule.ts';

/** Stops 'a', 'b', … with these legs (drive minutes from the stop before). */
const withLegs = (...legs: Array<number | null>) =>
  legs.map((estimatedDriveMinutes, index) => ({ id: String.fromCharCode(97 + index), estimatedDriveMinutes }));
const arrivals = (schedule: Array<{ arrival: string }>) => schedule.map(({ arrival }) => arrival);

// 2024-06-03 is a Monday, 2024-06-07 a Friday.
describe('Bulk Schedule with "Count drive time"', () => {
  it('moves the arrival whose leg would pass the daily limit to the next day', () => {
    const stops = withLegs(null, 200, 200, 200, 200, 200);
    const options = { startDate: '2024-06-03', defaultDurationDays: 0 };
    // Off: the plain computation, drive time ignored.
    expect(arrivals(bulkSchedule(stops, options))).toEqual(Array(6).fill('2024-06-03'));
    // 8 hours a day: two 200-minute legs fit a day, a third would make 600.
    expect(arrivals(bulkSchedule(stops, { ...options, dailyDriveLimitMinutes: 480 }))).toEqual([
      '2024-06-03',
      '2024-06-03',
      '2024-06-03',
      '2024-06-04',
      '2024-06-04',
      '2024-06-05',
    ]);
    // A limit of exactly the day's driving still fits it.
    expect(arrivals(bulkSchedule(withLegs(null, 240, 240), { ...options, dailyDriveLimitMinutes: 480 }))).toEqual(Array(3).fill('2024-06-03'));
  });

  it('counts only the legs arriving that day, and starts a moved day in the morning', () => {
    // Half days: two stops a day. d's leg would make Tuesday 600 minutes, so d opens Wednesday and e joins it.
    const stops = withLegs(null, 300, 300, 300, 60);
    const options = { startDate: '2024-06-03', defaultDurationDays: 0.5 };
    expect(arrivals(bulkSchedule(stops, options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04', '2024-06-04', '2024-06-05']);
    expect(bulkSchedule(stops, { ...options, dailyDriveLimitMinutes: 480 })).toEqual([
      { stopId: 'a', arrival: '2024-06-03', departure: '2024-06-03' },
      { stopId: 'b', arrival: '2024-06-03', departure: '2024-06-04' },
      { stopId: 'c', arrival: '2024-06-04', departure: '2024-06-04' },
      { stopId: 'd', arrival: '2024-06-05', departure: '2024-06-05' },
      { stopId: 'e', arrival: '2024-06-05', departure: '2024-06-06' },
    ]);
  });

  it('lets a leg longer than the limit arrive on its day as that day\'s only drive', () => {
    const options = { startDate: '2024-06-03', defaultDurationDays: 0, dailyDriveLimitMinutes: 480 };
    expect(arrivals(bulkSchedule(withLegs(null, 600, 100), options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04']);
    expect(arrivals(bulkSchedule(withLegs(null, 100, 600, 30), options))).toEqual(['2024-06-03', '2024-06-03', '2024-06-04', '2024-06-05']);
  });

  it('keeps a moved arrival off the weekend when weekends are avoided', () => {
    const stops = withLegs(null, 300, 300);
    const options = { startDate: '2024-06-07', defaultDurationDays: 0, dailyDriveLimitMinutes: 480 };
    expect(arrivals(bulkSchedule(stops, options))).toEqual(['2024-06-07', '2024-06-07', '2024-06-08']);
    expect(arrivals(bulkSchedule(stops, { ...options, avoidWeekends: true }))).toEqual(['2024-06-07', '2024-06-07', '2024-06-10']);
  });

  it('leaves skipped stops and their legs out, and counts stops without an estimate as no driving', () => {
    const stops = withLegs(null, 300, 300, null, 100);
    const schedule = bulkSchedule(stops, {
      startDate: '2024-06-03',
      defaultDurationDays: 0,
      dailyDriveLimitMinutes: 480,
      overrides: { c: { skip: true } },
    });
    expect(schedule.map(({ stopId, arrival }) => `${stopId} ${arrival}`)).toEqual(['a 2024-06-03', 'b 2024-06-03', 'd 2024-06-03', 'e 2024-06-03']);
  });
});

describe('auto-schedule with a daily driving limit', () => {
  it('moves an arrival past the limit to the next day; off, it is the plain computation', () => {
    const stops = withLegs(null, 200, 200, 200);
    expect(arrivals(autoSchedule(stops, '2024-06-03', 0))).toEqual(Array(4).fill('2024-06-03'));
    expect(arrivals(autoSchedule(stops, '2024-06-03', 0, { dailyDriveLimitMinutes: 480 }))).toEqual([
      '2024-06-03',
      '2024-06-03',
      '2024-06-03',
      '2024-06-04',
    ]);
    // Whole-day stays put each arrival on a day of its own: nothing moves.
    expect(arrivals(autoSchedule(stops, '2024-06-03', 1, { dailyDriveLimitMinutes: 60 }))).toEqual(arrivals(autoSchedule(stops, '2024-06-03', 1)));
  });

  it('counts the leg into a stop dated by hand on its date', () => {
    const stops = [
      { id: 'a', estimatedDriveMinutes: null },
      { id: 'b', estimatedDriveMinutes: 400, plannedArrivalDate: '2024-06-03', autoScheduled: false },
      { id: 'c', estimatedDriveMinutes: 100 },
    ];
    expect(autoSchedule(stops, '2024-06-03', 0, { dailyDriveLimitMinutes: 480 })).toEqual([
      { stopId: 'a', arrival: '2024-06-03', departure: '2024-06-03' },
      { stopId: 'c', arrival: '2024-06-04', departure: '2024-06-04' },
    ]);
  });
});

describe('DailyDriveBudget', () => {
  it('refuses a limit that is no positive number of minutes', () => {
    for (const limit of [0, -60, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new DailyDriveBudget(limit)).toThrow(RangeError);
  });

  it('reads a leg as whole minutes, and anything unreadable as no driving', () => {
    expect([159.6, 0, -5, null, undefined, Number.NaN].map((estimatedDriveMinutes) => legMinutes({ estimatedDriveMinutes }))).toEqual([160, 0, 0, 0, 0, 0]);
  });
});
