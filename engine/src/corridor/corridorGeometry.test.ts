import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { haversineKm, legPoint, type DriveLeg } from '@caravan/shared';
import { corridorChunks } from './corridorChunks.ts';
import { measureRoute } from './measuredRoute.ts';
import { indexRoute, projectOntoRoute } from './routeProjection.ts';
import { routeStretch, type StretchStop } from './routeStretch.ts';

const ids = ['a', 'b', 'c', 'd', 'e'].map((letter) => `00000000-0000-4000-8000-00000000000${letter}`);
/** Every longitude is east of this (0°, 0° is no position at all). */
const E = 10;
const stop = (index: number, latitude: number | null, longitude: number | null, driveLeg: DriveLeg | null = null): StretchStop => ({
  id: ids[index],
  latitude,
  longitude: longitude === null ? null : E + longitude,
  driveLeg,
});
const exact = { toleranceKm: 0.01, maxSegmentKm: 25 };

function measured(stops: StretchStop[], options = exact) {
  const legs = routeStretch(stops);
  if (typeof legs === 'string') throw new Error(legs);
  return measureRoute(legs, options);
}

/** Position of a place on the route, reach 10 km. */
function place(stops: StretchStop[], latitude: number, longitude: number) {
  return projectOntoRoute(indexRoute(measured(stops), 10), { latitude, longitude: E + longitude });
}

// Along the equator one degree of longitude is 111.2 km (the haversine's earth), a hundredth of a degree of latitude 1.112 km.
const degreeKm = haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 });

describe('projecting a place onto the route', () => {
  const eastward = [stop(0, 0, 0), stop(1, 0, 1), stop(2, 0, 2)];

  it('measures how far along and how far off the route it is, and the leg it falls on', () => {
    const near = place(eastward, 0.01, 0.5)!;
    expect(near.alongKm).toBeCloseTo(degreeKm / 2, 0);
    expect(near.offKm).toBeCloseTo(1.11, 1);
    expect(near.legIndex).toBe(0);
    expect(near.nearest.latitude).toBeCloseTo(0, 6);
    expect(near.nearest.longitude).toBeCloseTo(E + 0.5, 6);
    const later = place(eastward, -0.03, 1.25)!;
    expect(later.legIndex).toBe(1);
    expect(later.alongKm).toBeCloseTo(degreeKm * 1.25, 0);
  });

  it('orders places by distance along the route, whatever their order off it', () => {
    const places = [
      [0.05, 1.9],
      [-0.02, 0.1],
      [0.08, 1.01],
      [-0.06, 0.99],
    ].map(([latitude, longitude]) => place(eastward, latitude, longitude)!);
    const order = places.map((position, index) => ({ index, along: position.alongKm })).sort((a, b) => a.along - b.along).map(({ index }) => index);
    expect(order).toEqual([1, 3, 2, 0]);
    expect(places.map((position) => position.legIndex)).toEqual([1, 0, 1, 0]);
  });

  it('leaves out a place farther than the reach, and one past the ends', () => {
    expect(place(eastward, 0.1, 0.5)).toBeNull();
    expect(place(eastward, 0, -0.2)).toBeNull();
    expect(place(eastward, 0, 2.05)).toMatchObject({ legIndex: 1 });
  });

  it('gives a place near a route that doubles back to the nearer part, and to the earlier when both are as near', () => {
    // East along the equator, a short hop north, and back west 2.2 km north of the way out.
    const uTurn = [stop(0, 0, 0), stop(1, 0, 1), stop(2, 0.02, 1), stop(3, 0.02, 0)];
    expect(place(uTurn, 0.005, 0.5)).toMatchObject({ legIndex: 0 });
    expect(place(uTurn, 0.015, 0.5)).toMatchObject({ legIndex: 2 });
    const between = place(uTurn, 0.01, 0.5)!;
    expect(between.legIndex).toBe(0);
    expect(between.alongKm).toBeCloseTo(degreeKm / 2, 0);
    // On the way back it is 0.5° before the end: about 1.5 degrees along.
    expect(place(uTurn, 0.015, 0.5)!.alongKm).toBeCloseTo(degreeKm * 1.5 + 2.22, 0);
  });

  it('takes the earlier pass of an out-and-back on the same road', () => {
    const outAndBack = [stop(0, 0, 0), stop(1, 0, 1), stop(2, 0, 0)];
    const position = place(outAndBack, 0.01, 0.25)!;
    expect(position.legIndex).toBe(0);
    expect(position.alongKm).toBeCloseTo(degreeKm / 4, 0);
  });
});

describe('the stretch of route', () => {
  it('follows a leg whose road line is current, and draws the others straight', () => {
    const [from, to] = [stop(0, 0, 0), stop(1, 0, 1)];
    const road: DriveLeg = {
      fromStopId: from.id,
      from: legPoint({ latitude: 0, longitude: E }),
      to: legPoint({ latitude: 0, longitude: E + 1 }),
      minutes: 90,
      distanceKm: 130,
      source: 'osrm',
      // A detour north through (0.3, 0.5).
      geometry: polyline.encode([[0, E], [0.3, E + 0.5], [0, E + 1]], 5),
    };
    const legs = routeStretch([from, { ...to, driveLeg: road }, stop(2, 0, 2)]);
    expect(legs).toMatchObject([
      { fromStopId: ids[0], toStopId: ids[1], road: true, line: [{ latitude: 0 }, { latitude: 0.3, longitude: E + 0.5 }, { latitude: 0 }] },
      { fromStopId: ids[1], toStopId: ids[2], road: false, line: [{ longitude: E + 1 }, { longitude: E + 2 }] },
    ]);
    // The leg computed for another position of its stop is not current: straight.
    expect(routeStretch([from, { ...to, latitude: 0.5, driveLeg: road }])).toMatchObject([{ road: false }]);
    // Along the road, a place by the detour is measured along the road's longer way.
    const route = measureRoute(legs as Exclude<typeof legs, string>, exact);
    expect(route.totalKm).toBeGreaterThan(degreeKm * 2.1);
    expect(projectOntoRoute(indexRoute(route, 5), { latitude: 0.3, longitude: E + 0.52 })).toMatchObject({ legIndex: 0 });
  });

  it('runs between the stops asked for, skipping stops without a position, and says why there is none', () => {
    const stops = [stop(0, 0, 0), stop(1, null, null), stop(2, 0, 1), stop(3, 0, 2), stop(4, 0, 3)];
    expect((routeStretch(stops, ids[2], ids[4]) as { fromStopId: string }[]).map((leg) => leg.fromStopId)).toEqual([ids[2], ids[3]]);
    expect((routeStretch(stops) as unknown[]).length).toBe(3);
    expect(routeStretch(stops, ids[1])).toBe('unknownStop');
    expect(routeStretch(stops, ids[3], ids[2])).toBe('backwards');
    expect(routeStretch(stops, ids[3], ids[3])).toBe('backwards');
    expect(routeStretch([stop(0, 1, 1), stop(1, null, null)])).toBe('tooFewStops');
  });
});

describe('cutting the corridor into requests', () => {
  // About 500 km east along the 45th parallel, one leg, then a short one.
  const long = [stop(0, 45, 0), stop(1, 45, 6.35), stop(2, 45, 6.5)];
  const limits = { maxKm: 200, maxPoints: 40 };

  it('keeps each piece within its length and point count, end to end, across legs', () => {
    const route = measured(long);
    const chunks = corridorChunks(route, limits);
    expect(route.totalKm).toBeGreaterThan(505);
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) {
      expect(chunk.km).toBeLessThanOrEqual(limits.maxKm);
      expect(chunk.points.length).toBeLessThanOrEqual(limits.maxPoints);
    }
    chunks.slice(1).forEach((chunk, index) => {
      expect(chunk.points[0]).toEqual(chunks[index].points.at(-1));
      expect(chunk.startKm).toBeCloseTo(chunks[index].startKm + chunks[index].km, 6);
    });
    expect(chunks.reduce((sum, chunk) => sum + chunk.km, 0)).toBeCloseTo(route.totalKm, 6);
  });

  it('cuts by points as well as by length', () => {
    const hops = Array.from({ length: 5 }, (_, index) => stop(index, 45, index * 0.01));
    expect(corridorChunks(measured(hops), limits)).toHaveLength(1);
    expect(corridorChunks(measured(hops), { maxKm: 200, maxPoints: 2 })).toHaveLength(4);
  });

  it('simplifies a winding road within the tolerance, keeping every stop', () => {
    const wiggles: [number, number][] = Array.from({ length: 2001 }, (_, index) => [45 + (index % 2) * 0.00001, E + index * 0.0005]);
    const legs = routeStretch([
      stop(0, 45, 0),
      { ...stop(1, 45, 1), driveLeg: { fromStopId: ids[0], from: [45, E], to: [45, E + 1], minutes: 60, distanceKm: 80, source: 'osrm', geometry: polyline.encode(wiggles, 5) } },
      stop(2, 45, 1.1),
    ]);
    const route = measureRoute(legs as Exclude<typeof legs, string>, { toleranceKm: 0.25, maxSegmentKm: 25 });
    expect(route.latitudes.length).toBeLessThan(10);
    expect(route.legStarts).toEqual([0, route.latitudes.length - 2]);
    expect(route.longitudes[route.legStarts[1]]).toBe(E + 1);
  });
});
