/**
 * What the heavy-work threads load from the engine (@caravan/engine/tasks): the pure parts their tasks run, without
 * the database, the entities or the providers, so a thread starts in a fraction of the time the whole engine takes.
 * Every export here is also exported by index.ts; .dependency-cruiser.cjs keeps this graph off the database's modules.
 */
export { AppError, type ErrorCode } from './lib/appError.ts';
export { TripDocMissingError } from './tripDocs/tripDocMissing.ts';
export { tripDocOf } from './tripDocs/storedUpdates.ts';
export { proposeRouteTask } from './road/routeProposalTask.ts';
export { planDaysTask } from './road/dayPlanTask.ts';
export { corridorPlacementTask, corridorRouteTask } from './corridor/corridorTasks.ts';
export { routeStretch, type StretchStop } from './corridor/routeStretch.ts';
export { compressState, type EditorUpdate } from './history/versionChunk.ts';
export { decodeChunks, docOfSource, docOfUpdates, type VersionSource } from './history/versionDocs.ts';
