/**
 * The server's test kit for other packages' tests and the benches (package.json "./test"): databases, a
 * running test server and its API client, test data, session cookies.
 */
// The users table itself, for benches that clone one registered user into thousands in a single insert.
export { UserEntity } from '../entities/user.ts';
export { createApi } from './apiClient.ts';
export { addMember, buildTrip, buildUser, DEFAULT_PASSWORD } from './factories.ts';
export { freePort } from './freePort.ts';
export { sessionCookieFor, sessionTokenFor } from './sessionCookie.ts';
export { createTestDatabase } from './testDatabase.ts';
export { startTestServer } from './testServer.ts';
export { addJournalEntry } from './tripDetailFixtures.ts';
// A KMZ bomb and a thousand-stop trip, for bench:abuse.
export { addScatteredStops, placemarkBombKmz } from './heavyRequests.ts';
// Random route instances and their brute-force optimum, for the solver's tests and bench:route.
export { bruteForceCost, randomCostMatrix, randomTourInstance } from './tourInstances.ts';
// The OSRM stand-in and a seeded random, for bench:route's Optimise route line.
export { startOsrmStandIn, standInDrive, type OsrmStandIn } from './osrmStandIn.ts';
export { seededRandom } from '../road/solver/random.ts';
// Serving a stand-in on 127.0.0.1, for the browser tests' own stand-ins (the base map's tile service).
export { closeServer, listenLocally } from './standInServer.ts';
