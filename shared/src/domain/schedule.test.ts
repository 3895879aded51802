import { describe, expect, it } from 'vitest';
import { plannedCalendarDate, RESET_DATE, toCalendarDate } from './schedule.ts';

describe('calendar dates', () => {
  it('reads the date as written, whatever the offset, and refuses impossible dates', () => {
    expect(toCalendarDate('2024-06-01')).toBe('2024-06-01');
    expect(toCalendarDate('2024-06-01T00:00:00.000Z')).toBe('2024-06-01');
    expect(toCalendarDate('2024-06-01T23:30:00-05:00')).toBe('2024-06-01');
    expect(toCalendarDate(new Date('2024-06-01T23:30:00-05:00'))).toBe('2024-06-02');
    expect(toCalendarDate('2024-02-29')).toBe('2024-02-29');
    expect(toCalendarDate('2023-02-29')).toBeNull();
    expect(toCalendarDate('June 1')).toBeNull();
    expect(toCalendarDate(null)).toBeNull();
  });

  it('treats the epoch as the cleared date', () => {
    expect(RESET_DATE).toBe('1970-01-01');
    expect(plannedCalendarDate('1970-01-01T00:00:00.000Z')).toBeNull();
    expect(plannedCalendarDate(new Date(0))).toBeNull();
    expect(plannedCalendarDate('1970-01-02')).toBe('1970-01-02');
    expect(plannedCalendarDate(null)).toBeNull();
    expect(plannedCalendarDate('1970-01-01')).toBeNull();
    expect(plannedCalendarDate('2024-07-04T00:00:00Z')).toBe('2024-07-04');
  });
});
