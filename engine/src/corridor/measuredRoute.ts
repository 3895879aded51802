/**
 * A stretch's legs as one measured line: vertices with the distance along the route at each, and the leg each
 * segment belongs to. Each leg's line is simplified on its own (so every stop stays a vertex and legs keep their
 * bounds) and long straight segments are cut into short ones (so a chunk of the corridor can end anywhere).
 */
import simplify from 'simplify-js';
import { haversineKm, type LatLng } from '@caravan/shared';
import type { StretchLeg } from './routeStretch.ts';

export interface MeasuredRoute {
  latitudes: Float64Array;
  longitudes: Float64Array;
  /** Kilometres from the first vertex along the line, at each vertex. */
  alongKm: Float64Array;
  /** For segment i (vertex i to i + 1): the index of its leg in `legs`. */
  segmentLeg: Int32Array;
  /** Index of the first vertex of each leg. */
  legStarts: number[];
  legs: ReadonlyArray<Pick<StretchLeg, 'fromStopId' | 'toStopId'>>;
  totalKm: number;
}

export interface MeasureOptions {
  /** How far the simplified line may stray from the road, km (a small share of the corridor's width). */
  toleranceKm: number;
  /** Segments longer than this are cut into equal parts. */
  maxSegmentKm: number;
}

const KM_PER_DEGREE = 111.2;

/** The leg's points, simplified within the tolerance, long segments cut. */
function legPoints(line: readonly LatLng[], { toleranceKm, maxSegmentKm }: MeasureOptions): LatLng[] {
  const simplified = simplify(
    line.map(({ latitude, longitude }) => ({ x: longitude, y: latitude })),
    toleranceKm / KM_PER_DEGREE,
    true,
  ).map(({ x, y }) => ({ latitude: y, longitude: x }));
  const points: LatLng[] = [simplified[0]];
  for (let index = 1; index < simplified.length; index += 1) {
    const [from, to] = [simplified[index - 1], simplified[index]];
    const parts = Math.max(1, Math.ceil(haversineKm(from, to) / maxSegmentKm));
    for (let part = 1; part <= parts; part += 1) {
      const share = part / parts;
      points.push({ latitude: from.latitude + (to.latitude - from.latitude) * share, longitude: from.longitude + (to.longitude - from.longitude) * share });
    }
  }
  return points;
}

export function measureRoute(legs: readonly StretchLeg[], options: MeasureOptions): MeasuredRoute {
  const vertices: LatLng[] = [];
  const segmentLegs: number[] = [];
  const legStarts: number[] = [];
  legs.forEach((leg, legIndex) => {
    const points = legPoints(leg.line, options);
    // A leg starts where the one before ended: that vertex is shared.
    if (vertices.length === 0) vertices.push(points[0]);
    legStarts.push(vertices.length - 1);
    for (const vertex of points.slice(1)) {
      vertices.push(vertex);
      segmentLegs.push(legIndex);
    }
  });
  const alongKm = new Float64Array(vertices.length);
  for (let index = 1; index < vertices.length; index += 1) alongKm[index] = alongKm[index - 1] + haversineKm(vertices[index - 1], vertices[index]);
  return {
    latitudes: Float64Array.from(vertices, (vertex) => vertex.latitude),
    longitudes: Float64Array.from(vertices, (vertex) => vertex.longitude),
    alongKm,
    segmentLeg: Int32Array.from(segmentLegs),
    legStarts,
    legs: legs.map(({ fromStopId, toStopId }) => ({ fromStopId, toStopId })),
    totalKm: alongKm[vertices.length - 1] ?? 0,
  };
}
