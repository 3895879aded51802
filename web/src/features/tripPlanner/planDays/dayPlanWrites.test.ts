import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, orderedStops, type TPlanDaysResponse } from '@caravan/shared';
import { addLodgingStop, changesTrip, writeDayPlan } from './dayPlanWrites.ts';

/** A trip of stops a, b, c (in that order), b already an overnight. */
function trip() {
  const doc = new Y.Doc();
  addStop(doc, 'a', { name: 'A' });
  addStop(doc, 'b', { name: 'B', overnight: true });
  addStop(doc, 'c', { name: 'C' });
  return doc;
}

const day = (stopIds: string[], sleepsAt: string | null) => ({ day: 1, date: '2026-07-01', stopIds, driveMinutes: 60, distanceKm: 80, sleepsAt, restDays: [] });
const plan = (order: string[], sleepsAt: Array<string | null>): TPlanDaysResponse => ({
  fromOrder: ['a', 'b', 'c'],
  order,
  before: { days: [], unmet: [] },
  after: { days: sleepsAt.map((stopId) => day(order, stopId)), unmet: [] },
  lodging: { fetched: true, suggestions: [] },
  source: 'great-circle',
  timings: { matrixMs: 0, planMs: 0 },
});

const updatesOf = (doc: Y.Doc, write: () => void) => {
  let updates = 0;
  const count = () => (updates += 1);
  doc.on('update', count);
  write();
  doc.off('update', count);
  return updates;
};

describe('what Plan my days writes', () => {
  it('writes the planned order and marks each day end an overnight', () => {
    const doc = trip();
    const proposed = plan(['c', 'a', 'b'], ['a', null]);
    expect(changesTrip(doc, proposed)).toBe(true);
    expect(updatesOf(doc, () => writeDayPlan(doc, proposed))).toBe(1);
    expect(orderedStops(doc).map(({ id, overnight }) => [id, overnight])).toEqual([
      ['c', false],
      ['a', true],
      ['b', true],
    ]);
  });

  it('writes nothing for the same order ending days at overnights already', () => {
    const doc = trip();
    const proposed = plan(['a', 'b', 'c'], ['b', null]);
    expect(changesTrip(doc, proposed)).toBe(false);
    expect(updatesOf(doc, () => writeDayPlan(doc, proposed))).toBe(0);
  });

  it("adds a suggested place as an overnight stop right after the day's last stop, and nothing after a stop that is gone", () => {
    const doc = trip();
    const place = { name: 'Sturgeon Inn', address: '', category: 'motel', latitude: 40.18, longitude: -118.47, distanceKm: 0.4 };
    expect(addLodgingStop(doc, 'inn', 'a', place)).toBe(true);
    expect(orderedStops(doc).map((stop) => stop.id)).toEqual(['a', 'inn', 'b', 'c']);
    expect(orderedStops(doc)[1]).toMatchObject({ name: 'Sturgeon Inn', address: null, latitude: 40.18, longitude: -118.47, overnight: true });
    expect(updatesOf(doc, () => expect(addLodgingStop(doc, 'other', 'gone', place)).toBe(false))).toBe(0);
  });
});
