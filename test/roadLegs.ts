/**
 * Drive legs written into a trip document the way the server's leg keeper writes them (shared/src/road/
 * driveLeg.ts): a `driveLeg` on each located stop after the first, for the stop before it and both
 * positions, with its minutes also as the stop's `estimatedDriveMinutes`. For browser tests and the web bench,
 * which check what the page draws from legs. Call inside a server-origin `TripDocHub.write` transaction.
 */
import polyline from '@mapbox/polyline';
import type * as Y from 'yjs';
import { legPairs, legPoint, orderedStops, updateStop, type DocStop, type DriveLeg, type LegSource } from '@caravan/shared';
import { greatCircleEstimate } from '@caravan/engine';

export interface LegPlan {
  /** Default: the embedded estimate's minutes for the pair. */
  minutes?: number;
  distanceKm?: number;
  /** 'osrm' legs carry a road line of `points` points; 'great-circle' legs none. Default 'osrm'. */
  source?: LegSource;
  points?: number;
}

type Point = { latitude: number; longitude: number };

/**
 * A road-like line from `from` to `to` through `points` points, swaying off the straight line as a road does
 * (two bends, a wiggle), encoded as OSRM's precision-5 polyline.
 */
export function roadGeometry(from: Point, to: Point, points: number): string {
  const dLat = to.latitude - from.latitude;
  const dLon = to.longitude - from.longitude;
  const line: [number, number][] = [];
  for (let index = 0; index < points; index += 1) {
    const t = index / (points - 1);
    const sway = Math.sin(t * Math.PI * 2) * 0.08 + Math.sin(t * Math.PI * 23) * 0.006;
    // Sideways to the direction of travel, so the ends stay put.
    line.push([from.latitude + dLat * t - dLon * sway, from.longitude + dLon * t + dLat * sway]);
  }
  return polyline.encode(line, 5);
}

export function legBetween(from: DocStop, to: DocStop, plan: LegPlan = {}): DriveLeg {
  const estimate = greatCircleEstimate(from, to);
  const source = plan.source ?? 'osrm';
  return {
    fromStopId: from.id,
    from: legPoint(from),
    to: legPoint(to),
    minutes: plan.minutes ?? estimate.minutes,
    distanceKm: plan.distanceKm ?? estimate.distanceKm,
    source,
    geometry: source === 'osrm' ? roadGeometry(from, to, plan.points ?? 60) : null,
  };
}

/** Writes a leg for every pair of consecutive located stops as they are now; `plan` shapes each one. */
export function writeLegs(doc: Y.Doc, plan: (from: DocStop, to: DocStop, index: number) => LegPlan = () => ({})): void {
  legPairs(orderedStops(doc)).forEach(({ from, to }, index) => {
    const leg = legBetween(from, to, plan(from, to, index));
    updateStop(doc, to.id, { driveLeg: leg, estimatedDriveMinutes: leg.minutes });
  });
}
