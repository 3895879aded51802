/**
 * The road router without a routing engine: every leg is the great-circle estimate, computed on the spot
 * (nothing to cache, nothing to fail), and so is every matrix cell (estimatedMatrix, which the caller makes).
 * Also what the OSRM router answers with when OSRM cannot.
 */
import type { Coordinates } from './driveTimes.ts';
import { estimateOverGreatCircle, greatCircleEstimate, haversineKm } from './greatCircle.ts';
import type { LegEnds, LegRouter, RoadLeg, RoadMatrix } from './legRouter.ts';

/** Maps draw an estimated leg as a great-circle arc: it has no geometry. */
export const estimatedLeg = ({ from, to }: LegEnds): RoadLeg => ({ ...greatCircleEstimate(from, to), geometry: null });

/** Every cell's estimate; the great circle is the same both ways, so each pair is worked out once. */
export function estimatedMatrix(points: readonly Coordinates[]): RoadMatrix {
  const minutes = points.map(() => new Array<number>(points.length).fill(0));
  const distanceKm = points.map(() => new Array<number>(points.length).fill(0));
  for (let from = 0; from < points.length; from++) {
    for (let to = from + 1; to < points.length; to++) {
      const cell = estimateOverGreatCircle(haversineKm(points[from], points[to]));
      minutes[from][to] = minutes[to][from] = cell.minutes;
      distanceKm[from][to] = distanceKm[to][from] = cell.distanceKm;
    }
  }
  return { minutes, distanceKm, source: 'great-circle' };
}

export function createGreatCircleLegRouter(): LegRouter {
  return {
    provider: 'great-circle',
    cached: async (pairs) => pairs.map(estimatedLeg),
    route: async (pair) => ({ ...estimatedLeg(pair), fellBack: false }),
    // The estimate is the caller's to make, off the request loop (see LegRouter.matrix).
    matrix: async () => null,
  };
}
