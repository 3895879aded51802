import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from './dateInputs.ts';
import { ZUpdatePlannedDateRequest } from './schedule.ts';
import { ZCreateJournalEntryRequest } from './journal.ts';

describe('toIsoTimestamp', () => {
  it.each([
    ['2025-06-01', '2025-06-01T00:00:00.000Z'],
    ['2025-06-01T10:15', '2025-06-01T10:15:00.000Z'],
    ['2025-06-01T10:15:30.5Z', '2025-06-01T10:15:30.500Z'],
    ['2025-06-01T23:30:00-07:00', '2025-06-02T06:30:00.000Z'],
  ])('reads %s as %s', (input, expected) => {
    expect(toIsoTimestamp(input)).toBe(expected);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-06-01T24:61', '2025-06-01T10:00+0200', '06/01/2025', '2025-06-01 10:00', ''])(
    'refuses %j',
    (input) => {
      expect(toIsoTimestamp(input)).toBeNull();
    },
  );
});

describe('date fields of the calls', () => {
  const ids = { tripId: '3f0c3a43-5d3a-4c2f-9f0b-7d3f1c2b1a00', stopId: '3F0C3A43-5D3A-4C2F-9F0B-7D3F1C2B1A01' };

  it('a planned date is the calendar date written, whatever the offset; stop ids are lowercased', () => {
    const parsed = ZUpdatePlannedDateRequest.parse({ ...ids, plannedArrivalDate: '2025-06-01T23:30:00-07:00', autoScheduled: false });
    expect(parsed).toMatchObject({ plannedArrivalDate: '2025-06-01', stopId: ids.stopId.toLowerCase() });
  });

  it('planned dates lie between the epoch and year 8999', () => {
    const parse = (plannedArrivalDate: string) =>
      ZUpdatePlannedDateRequest.safeParse({ ...ids, plannedArrivalDate, autoScheduled: false }).success;
    expect([parse('1970-01-01'), parse('1969-12-31'), parse('8999-12-31'), parse('9000-01-01')]).toEqual([true, false, true, false]);
  });

  it('an entry date keeps its time', () => {
    const parsed = ZCreateJournalEntryRequest.parse({ ...ids, content: null, entryDate: '2025-06-01T23:30:00-07:00' });
    expect(parsed).toMatchObject({ entryDate: '2025-06-02T06:30:00.000Z', photos: [] });
  });
});
