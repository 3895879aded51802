import { describe, expect, it } from 'vitest';
import { haversineKm, type LatLng } from '../domain/distance.ts';
import { offlineMapPlan, runTiles, type OfflineMapInput } from './offlineMapPlan.ts';
import type { TileRun } from './tileRows.ts';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });

/** A tile's corners as latitude and longitude, by the textbook formulas (not the code under test). */
function tileBounds(z: number, x: number, y: number) {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

/** Ground distance from a point to a tile: to the nearest point of the tile, found by clamping (fine at a few km). */
function kmToTile(point: LatLng, z: number, x: number, y: number): number {
  const { west, east, north, south } = tileBounds(z, x, y);
  return haversineKm(point, at(Math.min(north, Math.max(south, point.latitude)), Math.min(east, Math.max(west, point.longitude))));
}

/** The line sampled every ~50 m along straight lat/lng steps (a short road segment is straight on any projection). */
function sampled(line: LatLng[]): LatLng[] {
  const points: LatLng[] = [line[0]];
  for (let i = 1; i < line.length; i += 1) {
    const steps = Math.max(1, Math.ceil(haversineKm(line[i - 1], line[i]) / 0.05));
    for (let s = 1; s <= steps; s += 1) {
      const t = s / steps;
      points.push(at(line[i - 1].latitude + (line[i].latitude - line[i - 1].latitude) * t, line[i - 1].longitude + (line[i].longitude - line[i - 1].longitude) * t));
    }
  }
  return points;
}

const tileSet = (runs: TileRun[], zoom: number) => new Set([...runTiles(runs)].filter(([z]) => z === zoom).map(([, x, y]) => `${x}/${y}`));

/** Every tile near the line at `zoom`: included when it is within 4.9 km, never when it is past 5.1 km. */
function expectExactCover(runs: TileRun[], line: LatLng[], zoom: number) {
  const points = sampled(line);
  const have = tileSet(runs, zoom);
  const n = 2 ** zoom;
  const xs = points.map((p) => Math.floor(((p.longitude + 180) / 360) * n));
  const ys = points.map((p) => Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + (p.latitude * Math.PI) / 360)) / Math.PI) / 2) * n));
  const margin = 12;
  let checked = 0;
  for (let x = Math.min(...xs) - margin; x <= Math.max(...xs) + margin; x += 1) {
    for (let y = Math.min(...ys) - margin; y <= Math.max(...ys) + margin; y += 1) {
      let km = Infinity;
      for (const point of points) km = Math.min(km, kmToTile(point, zoom, x, y));
      if (km <= 4.9) expect(have.has(`${x}/${y}`), `z${zoom}/${x}/${y} is ${km.toFixed(2)} km away`).toBe(true);
      if (km > 5.1) expect(have.has(`${x}/${y}`), `z${zoom}/${x}/${y} is ${km.toFixed(2)} km away`).toBe(false);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(100);
}

const roadTrip = (line: LatLng[]): OfflineMapInput => ({ legs: [{ line, road: true }], stops: [line[0], line[line.length - 1]] });

describe('offlineMapPlan', () => {
  it('covers exactly the tiles within 5 km of a leg at the equator', () => {
    const line = [at(0.01, 0.01), at(0.05, 0.2), at(0.02, 0.35)];
    const { runs } = offlineMapPlan(roadTrip(line));
    expectExactCover(runs, line, 14);
    expectExactCover(runs, line, 12);
  });

  it('covers exactly the tiles within 5 km of a leg near 60° N, where tiles are half as wide on the ground', () => {
    const line = [at(60.1, 10.7), at(60.2, 10.9), at(60.15, 11.1)];
    const { runs } = offlineMapPlan(roadTrip(line));
    expectExactCover(runs, line, 14);
    expectExactCover(runs, line, 13);
    // The same length of road needs about twice the columns and rows of tiles it needs at the equator.
    const equator = offlineMapPlan(roadTrip(line.map((p) => at(p.latitude - 60.1, p.longitude))));
    const count = (r: TileRun[]) => tileSet(r, 14).size;
    expect(count(runs) / count(equator.runs)).toBeGreaterThan(2);
  });

  it('includes all four tiles where a leg crosses a tile corner', () => {
    // At z14 the corner of tiles 8192/8192 and their neighbours is 0°, 0°; the leg crosses it diagonally.
    const line = [at(-0.03, -0.03), at(0.03, 0.03)];
    const { runs } = offlineMapPlan(roadTrip(line));
    const z14 = tileSet(runs, 14);
    for (const key of ['8191/8191', '8192/8191', '8191/8192', '8192/8192']) expect(z14.has(key)).toBe(true);
    expectExactCover(runs, line, 14);
  });

  it('lists each tile once when the route doubles back on itself', () => {
    const out = [at(45.5, -122.7), at(45.6, -122.5), at(45.7, -122.2)];
    const there = offlineMapPlan(roadTrip(out));
    const back = offlineMapPlan({ legs: [{ line: out, road: true }, { line: [...out].reverse(), road: true }], stops: [out[0], out[2], out[0]] });
    expect(back.runs).toEqual(there.runs);
    expect(back.packKey).toBe(there.packKey);
    const tiles = [...runTiles(back.runs)].map((tile) => tile.join('/'));
    expect(new Set(tiles).size).toBe(tiles.length);
    expect(back.tileCount).toBe(tiles.length);
  });

  it('passes over a stop without a position', () => {
    const line = [at(45.5, -122.7), at(45.7, -122.2)];
    const plain = offlineMapPlan(roadTrip(line));
    const withUnplaced = offlineMapPlan({ legs: [{ line, road: true }], stops: [line[0], { latitude: null, longitude: null }, line[1]] });
    expect(withUnplaced.runs).toEqual(plain.runs);
  });

  it('keeps zooms 15 and 16 to 2 km around the stops', () => {
    const [from, to] = [at(0.01, 0.01), at(0.01, 0.9)];
    const { runs } = offlineMapPlan(roadTrip([from, to]));
    for (const zoom of [15, 16]) {
      for (const key of tileSet(runs, zoom)) {
        const [x, y] = key.split('/').map(Number);
        expect(Math.min(kmToTile(from, zoom, x, y), kmToTile(to, zoom, x, y))).toBeLessThanOrEqual(2.05);
      }
    }
    // A 4 km disk at z16 (0.61 km tiles at the equator): about π·(2 + 0.3)² / 0.61² tiles, twice.
    expect(tileSet(runs, 16).size).toBeGreaterThan(2 * 40);
    expect(tileSet(runs, 16).size).toBeLessThan(2 * 70);
    expect(Math.max(...runs.map(([z]) => z))).toBe(16);
  });

  it('follows an estimate leg along its great circle, as the map draws it', () => {
    const [seattle, boston] = [at(47.6, -122.3), at(42.36, -71.06)];
    const { runs } = offlineMapPlan({ legs: [{ line: [seattle, boston], road: false }], stops: [seattle, boston] });
    const z12 = tileSet(runs, 12);
    const tileOf = (p: LatLng) => {
      const n = 2 ** 12;
      const y = Math.floor(((1 - Math.log(Math.tan(Math.PI / 4 + (p.latitude * Math.PI) / 360)) / Math.PI) / 2) * n);
      return `${Math.floor(((p.longitude + 180) / 360) * n)}/${y}`;
    };
    // The great circle's middle lies at 47.93° N, 95.42° W; halfway in latitude and longitude lies 3° further south.
    expect(z12.has(tileOf(at(47.93, -95.42)))).toBe(true);
    expect(z12.has(tileOf(at(44.98, -96.68)))).toBe(false);
  });

  it('crosses the date line without covering the whole world between', () => {
    const line = [at(65.5, 179.95), at(65.5, -179.95)];
    const { runs } = offlineMapPlan(roadTrip(line));
    const z14 = [...runTiles(runs)].filter(([z]) => z === 14);
    expect(z14.some(([, x]) => x === 0)).toBe(true);
    expect(z14.some(([, x]) => x === 2 ** 14 - 1)).toBe(true);
    expect(z14.length).toBeLessThan(200);
  });

  it('answers sorted runs that do not touch, their count, a size and a key that changes with the route', () => {
    const line = [at(37.77, -122.42), at(38.44, -122.71)];
    const plan = offlineMapPlan(roadTrip(line));
    for (let i = 1; i < plan.runs.length; i += 1) {
      const [a, b] = [plan.runs[i - 1], plan.runs[i]];
      expect(a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[3] + 1 < b[2])))).toBe(true);
    }
    expect(plan.tileCount).toBe([...runTiles(plan.runs)].length);
    expect(plan.estimatedBytes).toBeGreaterThan(plan.tileCount * 5000);
    expect(plan.packKey).toMatch(/^[0-9a-z]{12}$/);
    expect(offlineMapPlan(roadTrip(line)).packKey).toBe(plan.packKey);
    expect(offlineMapPlan(roadTrip([line[0], at(38.45, -122.71)])).packKey).not.toBe(plan.packKey);
  });

  it('answers an empty list for a trip with no position', () => {
    const plan = offlineMapPlan({ legs: [], stops: [{ latitude: null, longitude: null }] });
    expect(plan).toMatchObject({ runs: [], tileCount: 0, estimatedBytes: 0, maxZoom: 16 });
  });
});
