import { describe, expect, it } from 'vitest';
import { tileAt, tileCoverage } from '../../lib/offlineMap/tileRuns.ts';
import { eventTile, packCoversView } from './packCoverage.ts';

/** A pack holding the z14 tile of Monterey's wharf and its parents, as a corridor's pack would. */
const wharf = { longitude: -121.8947, latitude: 36.6037 };
const runs = Array.from({ length: 15 }, (_, z) => {
  const { x, y } = tileAt(z, wharf.longitude, wharf.latitude);
  return [z, y, x, x] as const;
});
const covers = tileCoverage(runs);

describe('whether an offline pack draws the view', () => {
  it("reads the tile under the view's centre, at the map's zoom and at the corridor's zoom 14 deeper in", () => {
    expect(packCoversView(covers, { ...wharf, zoom: 8.6 })).toBe(true);
    expect(packCoversView(covers, { ...wharf, zoom: 14.2 })).toBe(true);
    expect(packCoversView(covers, { ...wharf, zoom: 16.5 })).toBe(true);
  });

  it('says no for a view centred outside the corridor', () => {
    expect(packCoversView(covers, { longitude: -121.5, latitude: 36.6037, zoom: 14 })).toBe(false);
    expect(packCoversView(covers, { longitude: -100, latitude: 40, zoom: 6 })).toBe(false);
  });

  it("names the tile of a MapLibre event, and none for an event that is not a tile's", () => {
    expect(eventTile({ tileID: { canonical: { z: 14, x: 2644, y: 6399 } } })).toEqual({ z: 14, x: 2644, y: 6399 });
    expect(eventTile(undefined)).toBeNull();
    expect(eventTile({ tileID: {} })).toBeNull();
  });
});
