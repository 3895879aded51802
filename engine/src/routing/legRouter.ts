/**
 * The road router: drive minutes, distance and road geometry between points, for the legs of a trip (the leg
 * keeper), `calculate-travel-time` and the route optimiser's matrix. OSRM when OSRM_URL is set, the
 * great-circle estimate otherwise or whenever OSRM fails; every answer says which made it.
 */
import type { LegSource } from '@caravan/shared';
import type { Coordinates } from './driveTimes.ts';

export interface LegEnds {
  from: Coordinates;
  to: Coordinates;
}

export interface RoadLeg {
  /** Whole minutes of driving. */
  minutes: number;
  /** Road distance, 0.1 km precision. */
  distanceKm: number;
  source: LegSource;
  /** The road's line as a Google encoded polyline (precision 5), simplified; null for the estimate. */
  geometry: string | null;
}

/** A cached answer; `stale` (present only when true) when older than ROAD_LEG_MAX_AGE_MS (roadLegCache.ts). */
export type CachedLeg = RoadLeg & { stale?: true };

/**
 * A routed leg; `fellBack` when the provider failed and a stand-in answers, retried later: the stale cached
 * answer when there is one (its source says the provider's), else the estimate (not cached).
 */
export type RoutedLeg = RoadLeg & { fellBack: boolean };

export interface RoadMatrix {
  /** minutes[i][j]: driving from points[i] to points[j]. */
  minutes: number[][];
  distanceKm: number[][];
  source: LegSource;
}

export interface LegRouter {
  readonly provider: LegSource;
  /**
   * This provider's cached answers for the pairs, in one query; null where not cached. An answer older than
   * ROAD_LEG_MAX_AGE_MS comes marked `stale`: ask `route` again (showing it meanwhile beats the estimate).
   * The estimate needs no cache.
   */
  cached(pairs: readonly LegEnds[]): Promise<(CachedLeg | null)[]>;
  /**
   * Asks the provider (throttled; cached on success). When it fails or is slow, `fellBack: true` with the stale
   * cached answer if there is one, else the estimate.
   */
  route(pair: LegEnds): Promise<RoutedLeg>;
  /**
   * Minutes and km between every pair of points from the provider (OSRM /table); null when it has none to give
   * (no routing engine, or OSRM failed): the estimate (estimatedMatrix) stands in, made by the caller where its CPU
   * work belongs, since for a thousand points it is a million cells (the route optimiser makes it in its worker).
   */
  matrix(points: readonly Coordinates[]): Promise<RoadMatrix | null>;
}

/** One leg, from the cache when it holds a fresh one, else asked of the provider. */
export async function roadLegBetween(router: LegRouter, pair: LegEnds): Promise<RoutedLeg> {
  const [cached] = await router.cached([pair]);
  return cached && !cached.stale ? { ...cached, fellBack: false } : router.route(pair);
}
