import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { legPoint, type DriveLeg } from '@caravan/shared';
import { routeSegments, toMapStops } from './mapData.ts';
import { routeDiff, routeFeatures, sameRoute } from './routeGeometry.ts';

const chicago = { id: '00000000-0000-4000-8000-00000000000a', latitude: 41.87811, longitude: -87.6298 };
const stLouis = { id: '00000000-0000-4000-8000-00000000000b', latitude: 38.627, longitude: -90.1994 };
const tulsa = { id: '00000000-0000-4000-8000-00000000000c', latitude: 36.15398, longitude: -95.99277 };
const road: [number, number][] = [
  [41.87811, -87.6298],
  [40.1, -88.9],
  [38.627, -90.1994],
];

const leg = (from: typeof chicago, to: typeof chicago, minutes: number, geometry: string | null): DriveLeg => ({
  fromStopId: from.id,
  from: legPoint(from),
  to: legPoint(to),
  minutes,
  distanceKm: 100,
  source: geometry ? 'osrm' : 'great-circle',
  geometry,
});
const stop = (point: typeof chicago, driveLeg: DriveLeg | null | undefined) => ({
  ...point,
  name: point.id,
  notes: null,
  address: null,
  visited: false,
  driveLeg,
});

describe('the route line', () => {
  it("draws a leg's road, an estimate's great-circle arc and a straight line while the leg is not known", () => {
    const stops = toMapStops([
      stop(chicago, null),
      stop(stLouis, leg(chicago, stLouis, 297, polyline.encode(road, 5))),
      stop(tulsa, leg(stLouis, tulsa, 520, null)),
    ]);
    const { features } = routeFeatures(routeSegments(stops), 480);
    expect(features.map((feature) => feature.properties)).toEqual([
      { kind: 'road', overLimit: false, dayIndex: -1 },
      { kind: 'estimate', overLimit: true, dayIndex: -1 },
    ]);
    expect(features[0].geometry.coordinates).toEqual(road.map(([latitude, longitude]) => [longitude, latitude]));
    const arc = features[1].geometry.coordinates as number[][];
    expect(arc.length).toBeGreaterThan(10);
    expect(arc[0]).toEqual([stLouis.longitude, stLouis.latitude]);
    expect(arc.at(-1)![0]).toBeCloseTo(tulsa.longitude, 5);
    expect(arc.at(-1)![1]).toBeCloseTo(tulsa.latitude, 5);
  });

  it('drops a leg the order no longer matches, drawing the pair straight until its new leg arrives', () => {
    const stops = toMapStops([stop(chicago, null), stop(tulsa, leg(stLouis, tulsa, 520, null)), stop(stLouis, leg(chicago, stLouis, 297, null))]);
    const { features } = routeFeatures(routeSegments(stops), 480);
    expect(features.map((feature) => [feature.properties.kind, feature.geometry.coordinates])).toEqual([
      ['pending', [[chicago.longitude, chicago.latitude], [tulsa.longitude, tulsa.latitude]]],
      ['pending', [[tulsa.longitude, tulsa.latitude], [stLouis.longitude, stLouis.latitude]]],
    ]);
  });

  it('draws a plain line for stops from a source without legs, and keeps the same route for an edit that moves nothing', () => {
    const fromShareLink = toMapStops([stop(chicago, undefined), stop(stLouis, undefined)]);
    expect(routeFeatures(routeSegments(fromShareLink), 480).features[0].properties.kind).toBe('plain');
    const renamed = toMapStops([{ ...stop(chicago, undefined), name: 'Chicago' }, stop(stLouis, undefined)]);
    expect(sameRoute(routeSegments(fromShareLink), routeSegments(renamed))).toBe(true);
    const moved = toMapStops([stop(chicago, undefined), { ...stop(stLouis, undefined), latitude: 38.7 }]);
    expect(sameRoute(routeSegments(fromShareLink), routeSegments(moved))).toBe(false);
  });

  it('sends the map only the legs a reorder changed', () => {
    const legs = { ab: leg(chicago, stLouis, 297, polyline.encode(road, 5)), bc: leg(stLouis, tulsa, 380, null) };
    const before = routeFeatures(routeSegments(toMapStops([stop(chicago, null), stop(stLouis, legs.ab), stop(tulsa, legs.bc)])), 480);
    const again = routeFeatures(routeSegments(toMapStops([stop(chicago, null), stop(stLouis, legs.ab), stop(tulsa, legs.bc)])), 480);
    expect(routeDiff(before, again)).toEqual({ remove: [], add: [] });

    // Tulsa moved before St. Louis: both legs are stale, two straight lines take their place.
    const after = routeFeatures(routeSegments(toMapStops([stop(chicago, null), stop(tulsa, legs.bc), stop(stLouis, legs.ab)])), 480);
    const diff = routeDiff(before, after);
    expect(diff.remove).toEqual(before.features.map((feature) => feature.id));
    expect(diff.add.map((feature) => feature.properties.kind)).toEqual(['pending', 'pending']);

    // A lower limit flags the longer leg: only that piece changes.
    const flagged = routeFeatures(routeSegments(toMapStops([stop(chicago, null), stop(stLouis, legs.ab), stop(tulsa, legs.bc)])), 300);
    expect(routeDiff(before, flagged).add.map((feature) => feature.properties)).toEqual([{ kind: 'estimate', overLimit: true, dayIndex: -1 }]);
  });

  it("marks each leg with the day it is driven on (its arrival stop's), and redraws a leg whose day changes", () => {
    const stops = [stop(chicago, null), stop(stLouis, leg(chicago, stLouis, 297, null)), stop(tulsa, leg(stLouis, tulsa, 380, null))];
    const days = [{ stopIds: [chicago.id, stLouis.id] }, { stopIds: [tulsa.id] }];
    const mapStops = toMapStops(stops, days);
    expect(mapStops.map((mapStop) => mapStop.dayIndex)).toEqual([0, 0, 1]);
    const byDay = routeFeatures(routeSegments(mapStops), 480);
    expect(byDay.features.map((feature) => feature.properties.dayIndex)).toEqual([0, 1]);
    const oneDay = routeFeatures(routeSegments(toMapStops(stops, [{ stopIds: stops.map((s) => s.id) }])), 480);
    expect(routeDiff(byDay, oneDay).add.map((feature) => feature.properties.dayIndex)).toEqual([0]);
    expect(sameRoute(routeSegments(mapStops), routeSegments(toMapStops(stops, [{ stopIds: stops.map((s) => s.id) }])))).toBe(false);
  });
});
