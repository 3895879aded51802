/**
 * The server package's public surface: what the tooling outside this package (scripts/, bench/, test/) may
 * use. What both doors share (config, logger, database, trip documents, road legs) is @caravan/engine's;
 * everything else in server/src is internal. package.json exports only this file and ./test, and
 * .dependency-cruiser.cjs refuses imports that reach past them.
 */
export { startApiProcess, type ApiProcess } from './apiProcess.ts';
export { adminEnsurer } from './commands/adminEnsurer.ts';
// The offline place search itself, which bench:search times against a linear scan and against its former data.
export { addressOf, buildGazetteerIndex, loadGazetteer, searchGazetteer } from './providers/locationSearch/gazetteer.ts';
export { GazetteerPlacesBuilder, loadCities500 } from './providers/locationSearch/gazetteerPlaces.ts';
export { selectPostalPlaces } from './providers/locationSearch/postalPlaces.ts';
export { loadOfflinePlaces, searchOfflinePlaces } from './providers/pois/offline.ts';
export { DEFAULT_ADMIN, demoSeeder } from './seed/demoSeeder.ts';
// Where each trip's live document lives among several collab processes, for bench:scale and the cluster test.
export { rankCollabProcesses } from './collab/rendezvous.ts';
export { startServer, type RunningServer } from './server.ts';
export { summariseVersion } from './history/versionSummaries.ts';
// The versions' states kept in memory, which bench:history empties to time cold reads.
export { versionStates } from './history/versionStates.ts';
// The corridor search's Overpass query and request, which bench:corridor's naive baseline asks one category at a time.
export { corridorQuery } from './providers/pois/corridor/corridorQuery.ts';
export { overpassElements } from './providers/pois/overpassRequest.ts';
