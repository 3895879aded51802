import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, orderedStops, type TCorridorPlace } from '@caravan/shared';
import { addCorridorStop } from './corridorWrites.ts';
import { nextLocatedStop } from './useCorridorSearch.ts';

/** A trip of stops a, b (no position), c, d: the legs are a → c and c → d. */
function trip() {
  const doc = new Y.Doc();
  addStop(doc, 'a', { name: 'A', latitude: 40, longitude: -110 });
  addStop(doc, 'b', { name: 'B' });
  addStop(doc, 'c', { name: 'C', latitude: 40, longitude: -109 });
  addStop(doc, 'd', { name: 'D', latitude: 40, longitude: -108 });
  return doc;
}

const place = (overrides: Partial<TCorridorPlace> = {}): TCorridorPlace => ({
  id: 'osm:node/1',
  name: 'Sinclair',
  category: 'fuel',
  address: '',
  latitude: 40.01,
  longitude: -108.5,
  alongKm: 127.8,
  offRouteKm: 1.1,
  leg: { fromStopId: 'c', toStopId: 'd' },
  detourMinutes: 4,
  detourSource: 'estimate',
  ...overrides,
});

const names = (doc: Y.Doc) => orderedStops(doc).map((stop) => stop.name);

describe('what Along the route writes', () => {
  it('adds the place inside its leg, right before the leg\'s second stop, with its kind and hours, in one update', () => {
    const doc = trip();
    let updates = 0;
    doc.on('update', () => (updates += 1));
    expect(addCorridorStop(doc, 'new', place({ openingHours: '24/7' }))).toBe(true);
    expect(updates).toBe(1);
    expect(names(doc)).toEqual(['A', 'B', 'C', 'Sinclair', 'D']);
    expect(orderedStops(doc)[3]).toMatchObject({ kind: 'fuel', openingHours: '24/7', address: null, latitude: 40.01, longitude: -108.5 });
  });

  it('puts a place of the first leg after the stop without a position, before the leg\'s end', () => {
    const doc = trip();
    addCorridorStop(doc, 'new', place({ name: 'Campground', category: 'campsite', leg: { fromStopId: 'a', toStopId: 'c' } }));
    expect(names(doc)).toEqual(['A', 'B', 'Campground', 'C', 'D']);
    expect(orderedStops(doc)[2].kind).toBe('lodging');
  });

  it('leaves out hours the field would not take, and a kind for a category without one', () => {
    const doc = trip();
    addCorridorStop(doc, 'new', place({ name: 'Rest Area', category: 'restArea', openingHours: 'whenever' }));
    const added = orderedStops(doc).find((stop) => stop.name === 'Rest Area')!;
    expect(added.openingHours ?? null).toBeNull();
    expect(added.kind ?? null).toBeNull();
  });

  it('adds nothing when the leg has changed since the search', () => {
    const doc = trip();
    expect(addCorridorStop(doc, 'new', place({ leg: { fromStopId: 'd', toStopId: 'c' } }))).toBe(false);
    expect(addCorridorStop(doc, 'new', place({ leg: { fromStopId: 'gone', toStopId: 'd' } }))).toBe(false);
    expect(names(doc)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('finds the located stop after a stop, skipping those without a position', () => {
    const stops = orderedStops(trip());
    expect(nextLocatedStop(stops, 'a')?.id).toBe('c');
    expect(nextLocatedStop(stops, 'd')).toBeUndefined();
    expect(nextLocatedStop(stops, 'missing')).toBeUndefined();
  });
});
