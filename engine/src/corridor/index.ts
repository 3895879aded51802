/** The geometry of a search along the route: the stretch, its measured line, its pieces, and places projected onto it. */
export { routeStretch, type StretchLeg, type StretchProblem, type StretchStop } from './routeStretch.ts';
export { measureRoute, type MeasuredRoute, type MeasureOptions } from './measuredRoute.ts';
export { corridorChunks, type ChunkLimits, type CorridorChunk } from './corridorChunks.ts';
export { indexRoute, projectOntoRoute, type RouteIndex, type RoutePosition } from './routeProjection.ts';
export { CORRIDOR_PIECE_LIMITS, corridorPlacementTask, corridorRouteTask, type CorridorPlacementInput, type CorridorRouteInput, type CorridorRouteOutput } from './corridorTasks.ts';
