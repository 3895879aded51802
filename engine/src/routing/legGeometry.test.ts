import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { LEG_GEOMETRY_MAX_LENGTH } from '@caravan/shared';
import { standInRoadLine } from '../test/osrmStandIn.ts';
import { GEOMETRY_BUDGET_CHARS, simplifiedGeometry } from './legGeometry.ts';

const newYork = { latitude: 40.7128, longitude: -74.006 };
const losAngeles = { latitude: 34.0522, longitude: -118.2437 };

describe('a leg\'s road line', () => {
  it('fits the budget even coast to coast, simplified harder, from one end to the other', () => {
    const full = standInRoadLine(newYork, losAngeles);
    expect(polyline.encode(full).length).toBeGreaterThan(200_000);

    const line = simplifiedGeometry(polyline.encode(full));

    expect(line.length).toBeLessThanOrEqual(GEOMETRY_BUDGET_CHARS);
    expect(GEOMETRY_BUDGET_CHARS).toBeLessThan(LEG_GEOMETRY_MAX_LENGTH);
    const points = polyline.decode(line);
    expect(points[0]).toEqual([newYork.latitude, newYork.longitude]);
    expect(points.at(-1)).toEqual([losAngeles.latitude, losAngeles.longitude]);
    expect(points.length).toBeGreaterThan(100);
  });

  it('reads a precision-6 line (polyline6) and stores it at precision 5', () => {
    const full = [[36.1699, -115.1398], [36.17, -115.14], [36.2, -115.2]] as [number, number][];
    expect(polyline.decode(simplifiedGeometry(polyline.encode(full, 6), 6))).toEqual([[36.1699, -115.1398], [36.2, -115.2]]);
  });

  it('keeps a drive across town as its two ends when that is all it is', () => {
    const line = polyline.encode([[47.6062, -122.3321], [47.6097, -122.3331]]);
    expect(simplifiedGeometry(line)).toBe(line);
  });
});
