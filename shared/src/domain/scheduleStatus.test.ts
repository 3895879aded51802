import { describe, expect, it } from 'vitest';
import { localCalendarDate, scheduleStatus, scheduleStatusLabel } from './scheduleStatus.ts';

const today = '2024-06-10';
const badge = (stop: Parameters<typeof scheduleStatus>[0]) => scheduleStatusLabel(scheduleStatus(stop, today));

describe('scheduleStatus', () => {
  it('shows no badge for a stop without a date, including the reset epoch date', () => {
    expect(scheduleStatus({ plannedArrivalDate: null }, today)).toBe('unplanned');
    expect(scheduleStatus({}, today)).toBe('unplanned');
    expect(scheduleStatus({ plannedArrivalDate: '1970-01-01T00:00:00.000Z' }, today)).toBe('unplanned');
    expect(badge({ plannedArrivalDate: '1970-01-01', visited: true })).toBeNull();
  });

  it('shows Completed for a visited stop, even one planned in the past', () => {
    expect(badge({ plannedArrivalDate: '2024-06-01', visited: true })).toBe('Completed');
    expect(badge({ plannedArrivalDate: '2024-07-01', visited: true })).toBe('Completed');
  });

  it('shows Overdue only for a date before today, compared by date alone', () => {
    expect(badge({ plannedArrivalDate: '2024-06-09T23:59:59.000Z', visited: false })).toBe('Overdue');
    expect(badge({ plannedArrivalDate: '2024-06-10T00:00:00.000Z', visited: false })).toBe('Scheduled');
    expect(badge({ plannedArrivalDate: '2024-06-10T23:00:00-07:00' })).toBe('Scheduled');
    expect(badge({ plannedArrivalDate: new Date('2024-06-11T00:00:00Z') })).toBe('Scheduled');
  });

  it('takes today as a full timestamp too, and refuses nonsense', () => {
    expect(scheduleStatus({ plannedArrivalDate: '2024-06-09' }, '2024-06-10T08:00:00Z')).toBe('overdue');
    expect(() => scheduleStatus({ plannedArrivalDate: '2024-06-09' }, 'today')).toThrow(RangeError);
  });
});

describe('localCalendarDate', () => {
  it('gives the local calendar date with zero padding', () => {
    expect(localCalendarDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(localCalendarDate(new Date(2024, 11, 31, 0, 1))).toBe('2024-12-31');
  });
});
