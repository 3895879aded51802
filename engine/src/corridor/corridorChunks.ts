/**
 * The corridor cut into pieces a POI service answers one request each for: runs of the measured line of bounded
 * length and point count (Overpass's `around` over a polyline costs by both), from the stretch's start. Few pieces
 * matter more than where they end: a public instance takes about a request a second from us, so a 500 km day is
 * two requests, not one per leg (a search of one leg asks for its own pieces).
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
}

export function corridorChunks(route: MeasuredRoute, limits: ChunkLimits): CorridorChunk[] {
  const runs: Array<[first: number, last: number]> = [];
  let first = 0;
  for (let vertex = 1; vertex < route.latitudes.length; vertex += 1) {
    const full = route.alongKm[vertex] - route.alongKm[first] > limits.maxKm || vertex - first + 1 > limits.maxPoints;
    // The vertex that would make the run too long ends the run before it (a run holds at least one segment).
    if (full && vertex - 1 > first) {
      runs.push([first, vertex - 1]);
      first = vertex - 1;
    }
  }
  if (first < route.latitudes.length - 1) runs.push([first, route.latitudes.length - 1]);
  return runs.map(([start, end]) => {
    const points: LatLng[] = [];
    for (let vertex = start; vertex <= end; vertex += 1) points.push({ latitude: route.latitudes[vertex], longitude: route.longitudes[vertex] });
    return { points, startKm: route.alongKm[start], km: route.alongKm[end] - route.alongKm[start] };
  });
}
