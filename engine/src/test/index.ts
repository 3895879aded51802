/**
 * The engine's test kit for every package's tests and the benches (package.json "./test"): test databases,
 * free ports, stand-in HTTP servers (OSRM among them) and random route instances.
 */
export { createTestDatabase } from './testDatabase.ts';
export { freePort } from './freePort.ts';
export { sqlDuring } from './sqlDuring.ts';
// PostgreSQL going away and coming back, for the servers pointed through the gate (the test's own connections are not).
export { startDatabaseGate, type DatabaseGate } from './databaseGate.ts';
// Serving a stand-in on 127.0.0.1, also for the browser tests' own stand-ins (the base map's tile service).
export { answerWith, closeServer, listenLocally, recordingLogger, silentOrigin, unusedOrigin, warningMessage } from './standInServer.ts';
// The OSRM stand-in and a seeded random, also for bench:route's Optimise route line.
export { startOsrmStandIn, standInDrive, standInRoadLine, type OsrmStandIn } from './osrmStandIn.ts';
// The Photon stand-in, for PROVIDERS=auto's tests (place search, reverse geocoding).
export { PHOTON_STAND_IN_PLACES, startPhotonStandIn, type PhotonStandIn } from './photonStandIn.ts';
// The Overpass stand-in, for lodging suggestions (the API tests and the browser's Plan my days).
export { startOverpassStandIn, type OverpassStandIn } from './overpassStandIn.ts';
// The Open-Meteo stand-in, for the weather of stop-days.
export { startOpenMeteoStandIn, STAND_IN_ARCHIVE, standInForecast, standInHourTemperature, type OpenMeteoStandIn } from './openMeteoStandIn.ts';
export { seededRandom } from '../road/solver/random.ts';
// Random route instances and their brute-force optimum, for the solver's tests and bench:route.
export { bruteForceCost, randomCostMatrix, randomTourInstance } from './tourInstances.ts';
// Walking the clock of an order with windows, independently of the time-window solver, for bench:route's TSPTW lines.
export { timedCost } from './timeWindowInstances.ts';
// Seeded trips with opening hours around a hidden order, for the day planner's tests and bench:route's Plan my days line.
export { dayPlanInstance, type DayPlanInstance, type DayPlanInstanceOptions } from './dayPlanInstances.ts';
// A spinning child process, for the solvers' same-answer-under-load test and bench:route's lines beside a busy core.
export { startCpuHog, type CpuHog } from './cpuHog.ts';
export { answerCorridorQuery, startCorridorOverpassStandIn, syntheticRoadPlaces, type CorridorOverpassStandIn, type StandInPlace } from './corridorOverpassStandIn.ts';
// The vector tile stand-in (OpenFreeMap's style, TileJSON, tiles, glyphs and sprite), for the offline map's tests and bench:offline-pack.
export { startVectorTileStandIn, type StandInTown, type VectorTileStandIn, type VectorTileStandInOptions } from './vectorTileStandIn.ts';
