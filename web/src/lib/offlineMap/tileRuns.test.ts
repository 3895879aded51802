import { describe, expect, it } from 'vitest';
import { countTiles, runsWithin, sourceTileUrls, tileAt, tileCoverage, tileUrl, type TileRun, type TileSource } from './tileRuns.ts';

const RUNS: TileRun[] = [
  [0, 0, 0, 0],
  [14, 6331, 2620, 2623],
  [15, 12662, 5241, 5242],
  [16, 25324, 10482, 10482],
];

const openFreeMap: TileSource = { templates: ['https://tiles.example/planet/v1/{z}/{x}/{y}.pbf'], scheme: 'xyz', minzoom: 0, maxzoom: 14 };

describe('the tile list of a pack', () => {
  it('counts every tile of the runs, both ends of a run included', () => {
    expect(countTiles(RUNS)).toBe(1 + 4 + 2 + 1);
  });

  it('keeps only the zooms a source has: past its maxzoom the map draws the deepest tiles larger', () => {
    expect(runsWithin(RUNS, 0, 14)).toEqual(RUNS.slice(0, 2));
    expect([...sourceTileUrls(openFreeMap, RUNS)]).toEqual([
      'https://tiles.example/planet/v1/0/0/0.pbf',
      ...[2620, 2621, 2622, 2623].map((x) => `https://tiles.example/planet/v1/14/${x}/6331.pbf`),
    ]);
  });

  it('asks each tile at the address MapLibre picks: templates spread by x + y, rows counted from the south for tms', () => {
    const spread: TileSource = { templates: ['https://a.example/{z}/{x}/{y}', 'https://b.example/{z}/{x}/{y}'], scheme: 'xyz', minzoom: 0, maxzoom: 22 };
    expect(tileUrl(spread, 3, 1, 2)).toBe('https://b.example/3/1/2');
    expect(tileUrl(spread, 3, 2, 2)).toBe('https://a.example/3/2/2');
    expect(tileUrl({ ...openFreeMap, scheme: 'tms' }, 3, 1, 2)).toBe('https://tiles.example/planet/v1/3/1/5.pbf');
  });

  it('says which tiles a pack holds', () => {
    const holds = tileCoverage(RUNS);
    expect(holds(14, 2620, 6331)).toBe(true);
    expect(holds(14, 2623, 6331)).toBe(true);
    expect(holds(14, 2624, 6331)).toBe(false);
    expect(holds(14, 2620, 6332)).toBe(false);
    expect(holds(13, 1310, 3165)).toBe(false);
  });

  it('finds the tile under a point: the tile whose corners (read back the other way) hold it', () => {
    const cornerLongitude = (z: number, x: number) => (x / 2 ** z) * 360 - 180;
    const cornerLatitude = (z: number, y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
    for (const [longitude, latitude] of [[-121.8947, 36.6002], [-122.4194, 37.7749], [2.3522, 48.8566], [151.2093, -33.8688]]) {
      const { x, y } = tileAt(14, longitude, latitude);
      expect(longitude).toBeGreaterThanOrEqual(cornerLongitude(14, x));
      expect(longitude).toBeLessThan(cornerLongitude(14, x + 1));
      expect(latitude).toBeLessThanOrEqual(cornerLatitude(14, y));
      expect(latitude).toBeGreaterThan(cornerLatitude(14, y + 1));
    }
    expect(tileAt(0, 179.9, -89)).toEqual({ x: 0, y: 0 });
    expect(tileAt(2, 180, -89)).toEqual({ x: 3, y: 3 });
  });
});
