import { describe, expect, it } from 'vitest';
import { bulkPreview, defaultBulkOptions, type BulkOptions } from './bulkOptions.ts';

const stops = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
const options = (patch: Partial<BulkOptions> = {}): BulkOptions => ({
  startDate: '2031-01-03',
  defaultDuration: 1,
  avoidWeekends: false,
  overrides: {},
  ...patch,
});

describe('bulkPreview', () => {
  it('previews arrivals from the start date, skipping weekends when asked', () => {
    expect(bulkPreview(stops, options()).schedule.map((entry) => entry.arrival)).toEqual(['2031-01-03', '2031-01-04', '2031-01-05']);
    // 2031-01-03 is a Friday: the next arrivals move to Monday and Tuesday.
    expect(bulkPreview(stops, options({ avoidWeekends: true })).schedule.map((entry) => entry.arrival)).toEqual([
      '2031-01-03',
      '2031-01-06',
      '2031-01-07',
    ]);
  });

  it('leaves skipped stops out and uses a custom stay where one is typed', () => {
    const preview = bulkPreview(stops, options({ overrides: { a: { skip: false, customDuration: '2.5' }, b: { skip: true, customDuration: '' } } }));
    expect(preview.schedule.map((entry) => [entry.stopId, entry.arrival, entry.departure])).toEqual([
      ['a', '2031-01-03', '2031-01-05'],
      ['c', '2031-01-05', '2031-01-06'],
    ]);
  });

  it('refuses a missing start date and stays under half a day', () => {
    expect(bulkPreview(stops, options({ startDate: '' })).error).toBe('A start date is required.');
    expect(bulkPreview(stops, options({ defaultDuration: 0 })).error).toBe('Duration must be at least a half day.');
    expect(bulkPreview(stops, options({ overrides: { a: { skip: false, customDuration: '0.25' } } })).error).toBe(
      'Duration must be at least a half day.',
    );
  });

  it('counts drive time against the trip\'s daily limit only when asked', () => {
    const legs = [{ id: 'a' }, { id: 'b', estimatedDriveMinutes: 300 }, { id: 'c', estimatedDriveMinutes: 300 }];
    const halfDays = options({ defaultDuration: 0.5 });
    const arrivals = (preview: ReturnType<typeof bulkPreview>) => preview.schedule.map((entry) => entry.arrival);
    expect(defaultBulkOptions().countDriveTime).toBe(false);
    expect(arrivals(bulkPreview(legs, halfDays, { dailyDriveLimitMinutes: 480 }))).toEqual(['2031-01-03', '2031-01-03', '2031-01-04']);
    // b and c would share Sunday with 600 minutes of driving: c moves to Monday.
    const counted = { ...halfDays, startDate: '2031-01-04', countDriveTime: true };
    expect(arrivals(bulkPreview([{ id: 'x' }, ...legs], counted, { dailyDriveLimitMinutes: 480 }))).toEqual(['2031-01-04', '2031-01-04', '2031-01-05', '2031-01-06']);
    expect(arrivals(bulkPreview([{ id: 'x' }, ...legs], counted, { dailyDriveLimitMinutes: 600 }))).toEqual(['2031-01-04', '2031-01-04', '2031-01-05', '2031-01-05']);
  });
});
