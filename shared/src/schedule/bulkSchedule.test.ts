import { describe, expect, it } from 'vitest';
import { RESET_DATE } from '../domain/schedule.ts';
import { autoSchedule, bulkSchedule } from './bulkSchedule.ts';

const stops = (...ids: string[]) => ids.map((id) => ({ id }));
const dates = (schedule: Array<{ arrival: string; departure: string }>) =>
  schedule.map(({ arrival, departure }) => `${arrival}→${departure}`);

describe('bulkSchedule', () => {
  it('chains stops from the start date with the default stay', () => {
    const schedule = bulkSchedule(stops('chicago', 'stlouis', 'tulsa'), { startDate: '2024-06-03', defaultDurationDays: 1 });
    expect(schedule).toEqual([
      { stopId: 'chicago', arrival: '2024-06-03', departure: '2024-06-04' },
      { stopId: 'stlouis', arrival: '2024-06-04', departure: '2024-06-05' },
      { stopId: 'tulsa', arrival: '2024-06-05', departure: '2024-06-06' },
    ]);
  });

  it('uses a custom duration where given and leaves skipped stops out', () => {
    const schedule = bulkSchedule(stops('a', 'b', 'c', 'd'), {
      startDate: '2024-06-03',
      defaultDurationDays: 2,
      overrides: { a: { customDuration: 3 }, b: { skip: true }, c: { customDuration: null } },
    });
    expect(schedule.map((stop) => stop.stopId)).toEqual(['a', 'c', 'd']);
    expect(dates(schedule)).toEqual(['2024-06-03→2024-06-06', '2024-06-06→2024-06-08', '2024-06-08→2024-06-10']);
  });

  it('carries half days: two half-day stops share a date, the third arrives the next day', () => {
    const schedule = bulkSchedule(stops('a', 'b', 'c'), { startDate: '2024-06-03', defaultDurationDays: 0.5 });
    expect(dates(schedule)).toEqual(['2024-06-03→2024-06-03', '2024-06-03→2024-06-04', '2024-06-04→2024-06-04']);
    const mixed = bulkSchedule(stops('a', 'b'), {
      startDate: '2024-06-03',
      defaultDurationDays: 1,
      overrides: { a: { customDuration: 1.5 } },
    });
    expect(dates(mixed)).toEqual(['2024-06-03→2024-06-04', '2024-06-04→2024-06-05']);
  });

  it('moves arrivals off Saturday and Sunday when weekends are avoided', () => {
    // 2024-06-07 is a Friday.
    const options = { startDate: '2024-06-07', defaultDurationDays: 1 };
    expect(dates(bulkSchedule(stops('a', 'b', 'c'), options))).toEqual([
      '2024-06-07→2024-06-08',
      '2024-06-08→2024-06-09',
      '2024-06-09→2024-06-10',
    ]);
    expect(dates(bulkSchedule(stops('a', 'b', 'c'), { ...options, avoidWeekends: true }))).toEqual([
      '2024-06-07→2024-06-08',
      '2024-06-10→2024-06-11',
      '2024-06-11→2024-06-12',
    ]);
    // A start on a Sunday is itself moved to Monday.
    expect(bulkSchedule(stops('a'), { startDate: '2024-06-09', defaultDurationDays: 1, avoidWeekends: true })[0].arrival).toBe(
      '2024-06-10',
    );
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(dates(bulkSchedule(stops('a', 'b'), { startDate: '2024-02-28', defaultDurationDays: 1 }))).toEqual([
      '2024-02-28→2024-02-29',
      '2024-02-29→2024-03-01',
    ]);
    expect(bulkSchedule(stops('a', 'b'), { startDate: '2024-12-31', defaultDurationDays: 7 })[1].arrival).toBe('2025-01-07');
  });

  it('gives nothing to apply when every stop is skipped', () => {
    expect(bulkSchedule(stops('a', 'b'), { startDate: '2024-06-03', defaultDurationDays: 1, overrides: { a: { skip: true }, b: { skip: true } } })).toEqual([]);
  });

  it('refuses an unreadable start date or a negative duration', () => {
    expect(() => bulkSchedule(stops('a'), { startDate: 'tomorrow', defaultDurationDays: 1 })).toThrow(RangeError);
    expect(() => bulkSchedule(stops('a'), { startDate: '2024-06-03', defaultDurationDays: -1 })).toThrow(RangeError);
  });
});

describe('autoSchedule', () => {
  it('schedules unplanned stops in whole days from the start date, weekends included', () => {
    const schedule = autoSchedule(
      [{ id: 'a' }, { id: 'b', plannedArrivalDate: null }, { id: 'c', plannedArrivalDate: RESET_DATE, autoScheduled: false }],
      '2024-06-07',
      1,
    );
    expect(schedule).toEqual([
      { stopId: 'a', arrival: '2024-06-07', departure: '2024-06-08' },
      { stopId: 'b', arrival: '2024-06-08', departure: '2024-06-09' },
      { stopId: 'c', arrival: '2024-06-09', departure: '2024-06-10' },
    ]);
  });

  it('reschedules earlier auto-scheduled dates', () => {
    const schedule = autoSchedule([{ id: 'a', plannedArrivalDate: '2023-01-01', autoScheduled: true }], '2024-06-07', 2);
    expect(schedule).toEqual([{ stopId: 'a', arrival: '2024-06-07', departure: '2024-06-09' }]);
  });

  it('keeps a hand-set date and continues after it when it lies later', () => {
    const schedule = autoSchedule(
      [
        { id: 'a' },
        { id: 'b', plannedArrivalDate: '2024-06-20T00:00:00.000Z', autoScheduled: false },
        { id: 'c', autoScheduled: true, plannedArrivalDate: '2024-06-05' },
      ],
      '2024-06-10',
      2,
    );
    expect(schedule.map((stop) => [stop.stopId, stop.arrival])).toEqual([
      ['a', '2024-06-10'],
      ['c', '2024-06-22'],
    ]);
  });

  it('does not pull later stops back to a hand-set date in the past', () => {
    const schedule = autoSchedule([{ id: 'a', plannedArrivalDate: '2020-05-01', autoScheduled: false }, { id: 'b' }], '2024-06-10', 1);
    expect(schedule).toEqual([{ stopId: 'b', arrival: '2024-06-10', departure: '2024-06-11' }]);
  });

  it('allows a zero-day stay, putting every stop on the start date', () => {
    expect(autoSchedule([{ id: 'a' }, { id: 'b' }], '2024-06-10', 0).map((stop) => stop.arrival)).toEqual(['2024-06-10', '2024-06-10']);
  });

  it('refuses fractional stays, which only the bulk dialog offers', () => {
    expect(() => autoSchedule([{ id: 'a' }], '2024-06-10', 0.5)).toThrow(RangeError);
  });
});
