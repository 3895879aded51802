import { describe, expect, it } from 'vitest';
import { greatCircleEstimate, haversineKm } from './greatCircle.ts';
import { createGreatCircleLegRouter, estimatedMatrix } from './greatCircleLegRouter.ts';
import { createLegRouter } from './index.ts';

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const stLouis = { latitude: 38.627, longitude: -90.1994 };

describe('great-circle drive time', () => {
  it('measures Chicago to St. Louis as about 422 km in a straight line', () => {
    expect(haversineKm(chicago, stLouis)).toBeCloseTo(422.1, 1);
    expect(haversineKm(chicago, chicago)).toBe(0);
  });

  it('stretches the distance by 1.3 and drives it at 80 km/h, in whole minutes', () => {
    // 422.1 km × 1.3 = 548.8 km of road; at 80 km/h that is 6 h 52 min.
    expect(greatCircleEstimate(chicago, stLouis)).toEqual({ minutes: 412, distanceKm: 548.8, source: 'great-circle' });
    expect(greatCircleEstimate(chicago, chicago)).toEqual({ minutes: 0, distanceKm: 0, source: 'great-circle' });
  });

  it('is the default without OSRM_URL: legs without a line, never fallen back, nothing to cache', async () => {
    // No database is touched without OSRM: the estimate is computed on the spot.
    const router = createLegRouter({ osrmUrl: undefined, osrmRequestsPerSecond: 1 }, null!);
    const leg = { minutes: 412, distanceKm: 548.8, source: 'great-circle', geometry: null };

    expect(router.provider).toBe('great-circle');
    expect(await router.route({ from: chicago, to: stLouis })).toEqual({ ...leg, fellBack: false });
    expect(await router.cached([{ from: chicago, to: stLouis }])).toEqual([leg]);
  });

  it('makes a matrix of the estimate between every pair of points, which the router leaves to its caller', async () => {
    expect(await createGreatCircleLegRouter().matrix([chicago, stLouis])).toBeNull();
    const matrix = estimatedMatrix([chicago, stLouis]);
    expect(matrix).toEqual({ minutes: [[0, 412], [412, 0]], distanceKm: [[0, 548.8], [548.8, 0]], source: 'great-circle' });
    expect(estimatedMatrix([])).toEqual({ minutes: [], distanceKm: [], source: 'great-circle' });
  });

  it('gives every cell of a matrix exactly the leg estimate of its pair, both ways', () => {
    const points = Array.from({ length: 40 }, (_, index) => ({ latitude: -60 + index * 3.1, longitude: 179 - index * 8.7 }));
    const matrix = estimatedMatrix(points);
    points.forEach((from, row) =>
      points.forEach((to, column) => {
        const { minutes, distanceKm } = greatCircleEstimate(from, to);
        expect([matrix.minutes[row][column], matrix.distanceKm[row][column]]).toEqual([minutes, distanceKm]);
      }),
    );
  });
});
