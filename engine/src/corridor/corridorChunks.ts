/**
 * The corridor cut into pieces a POI service answers one request each for: runs of the measured line of bounded
 * length and point count (Overpass's `around` over a polyline costs by both). Pieces start at a leg's first stop,
 * so a search of one leg and of the whole trip ask for the same pieces and share their kept answers; a trip of many
 * short legs that would need more than `maxChunks` that way is cut without regard to legs.
 */
import type { LatLng } from '@caravan/shared';
import type { MeasuredRoute } from './measuredRoute.ts';

export interface CorridorChunk {
  /** The line's points in this piece, in order; consecutive pieces share their end point. */
  points: LatLng[];
  startKm: number;
  km: number;
}

export interface ChunkLimits {
  maxKm: number;
  maxPoints: number;
  maxChunks: number;
}

function cut(route: MeasuredRoute, limits: ChunkLimits, atLegs: boolean): Array<[first: number, last: number]> {
  const legStarts = new Set(atLegs ? route.legStarts : []);
  const runs: Array<[number, number]> = [];
  let first = 0;
  for (let vertex = 1; vertex < route.latitudes.length; vertex += 1) {
    const full = route.alongKm[vertex] - route.alongKm[first] > limits.maxKm || vertex - first + 1 > limits.maxPoints;
    // The vertex that would make the run too long ends the run before it (a run holds at least one segment).
    if (full && vertex - 1 > first) {
      runs.push([first, vertex - 1]);
      first = vertex - 1;
    }
    if (legStarts.has(vertex) && vertex > first) {
      runs.push([first, vertex]);
      first = vertex;
    }
  }
  if (first < route.latitudes.length - 1) runs.push([first, route.latitudes.length - 1]);
  return runs;
}

export function corridorChunks(route: MeasuredRoute, limits: ChunkLimits): CorridorChunk[] {
  let runs = cut(route, limits, true);
  if (runs.length > limits.maxChunks) runs = cut(route, limits, false);
  return runs.map(([first, last]) => {
    const points: LatLng[] = [];
    for (let vertex = first; vertex <= last; vertex += 1) points.push({ latitude: route.latitudes[vertex], longitude: route.longitudes[vertex] });
    return { points, startKm: route.alongKm[first], km: route.alongKm[last] - route.alongKm[first] };
  });
}
