import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import type { DayWarning, DriveLeg } from '@caravan/shared';
import { routeSegments, toMapStops } from './mapData.ts';
import { pointAlong, rangeMarks } from './rangeMarks.ts';

const stop = (id: string, latitude: number, longitude: number, driveLeg?: DriveLeg | null) => ({
  id, name: id, notes: null, address: null, visited: false, latitude, longitude, driveLeg,
});
const runOut = (afterStopId: string, stopId: string, kmAfter: number, fraction: number): DayWarning => ({ kind: 'rangeRunsOut', lastFillStopId: 'A', afterStopId, stopId, kmAfter, fraction });

describe('range marks', () => {
  it('finds the point a share of the way along a line, by length', () => {
    const line = [[0, 0], [0, 1], [0, 3]];
    expect(pointAlong(line, 0.5).latitude).toBeCloseTo(1.5, 3);
    expect(pointAlong(line, 0.25).latitude).toBeCloseTo(0.75, 3);
    expect(pointAlong(line, 1)).toEqual({ latitude: 3, longitude: 0 });
  });

  it('marks a run-out on its leg, on the road line when known, in the reader’s unit and on the day driven', () => {
    const road = polyline.encode([[40, -120], [41, -120], [41, -118]], 5);
    const leg: DriveLeg = { fromStopId: 'A', from: [40, -120], to: [41, -118], minutes: 200, distanceKm: 280, source: 'osrm', geometry: road };
    const stops = toMapStops([stop('A', 40, -120), stop('Lost', 0, 0), stop('B', 41, -118, leg), stop('C', 45, -118)]);
    const segments = routeSegments(stops);
    const days = [{ warnings: [] }, { warnings: [runOut('Lost', 'B', 10, 0.5)] }, { warnings: [runOut('B', 'C', 64.4, 0.5)] }];
    const marks = rangeMarks(days, stops, segments, 'mi');
    // The first names a stop without a position before it: not on the map. The second sits halfway along the straight leg.
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ label: 'Range runs out 40 mi after B', dayIndex: 2, longitude: -118 });
    expect(marks[0].latitude).toBeCloseTo(43, 1);

    const onRoad = rangeMarks([{ warnings: [runOut('A', 'B', 140, 0.5)] }], toMapStops([stop('A', 40, -120), stop('B', 41, -118, leg)]), routeSegments(toMapStops([stop('A', 40, -120), stop('B', 41, -118, leg)])), 'km');
    // Halfway along the road (north 111 km, then east 168 km) is on its eastward stretch, at 41° N.
    expect(onRoad[0].latitude).toBeCloseTo(41, 3);
    expect(onRoad[0].longitude).toBeGreaterThan(-120);
    expect(onRoad[0].label).toBe('Range runs out 140 km after A');
  });
});
