/**
 * The road router without a routing engine: every leg is the great-circle estimate, computed on the spot
 * (nothing to cache, nothing to fail), and so is every matrix cell (estimatedMatrix, which the caller makes).
 * Also what the OSRM router answers with when OSRM cannot.
 */
import type { Coordinates } from './driveTimes.ts';
import { greatCircleEstimate } from './greatCircle.ts';
import type { LegEnds, LegRouter, RoadLeg, RoadMatrix } from './legRouter.ts';

/** Maps draw an estimated leg as a great-circle arc: it has no geometry. */
export const estimatedLeg = ({ from, to }: LegEnds): RoadLeg => ({ ...greatCircleEstimate(from, to), geometry: null });

export function estimatedMatrix(points: readonly Coordinates[]): RoadMatrix {
  const cells = points.map((from) => points.map((to) => greatCircleEstimate(from, to)));
  return {
    minutes: cells.map((row) => row.map((cell) => cell.minutes)),
    distanceKm: cells.map((row) => row.map((cell) => cell.distanceKm)),
    source: 'great-circle',
  };
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
