/**
 * The server package's public surface: what the collab server and the tooling outside this package
 * (scripts/, bench/, test/) may use. Everything else in server/src is internal; package.json exports only
 * this file and ./test, and .dependency-cruiser.cjs refuses imports that reach past them.
 */
export { adminEnsurer } from './commands/adminEnsurer.ts';
export { loadConfig, repoRoot, type Config } from './config.ts';
export { assertSchemaCurrent, createDataSource, runMigrations } from './db/dataSource.ts';
export { listenForNotifications, type NotificationHandlers, type NotificationListener } from './db/notificationListener.ts';
export { SetupError } from './db/postgresUserReach.ts';
export type { Trip } from './entities/trip.ts';
export type { User } from './entities/user.ts';
export { createLogger, type Logger } from './lib/logger.ts';
export { readSessionToken, SESSION_COOKIE } from './lib/sessionCookie.ts';
export { siteOrigins } from './lib/siteOrigins.ts';
export { findSessionUser } from './lib/sessionLookup.ts';
export { hashToken } from './lib/tokens.ts';
// The offline place search itself, which bench:search times against a linear scan.
export { addressOf, loadGazetteer, searchGazetteer } from './providers/locationSearch/gazetteer.ts';
export { findTripRole } from './policies/tripPolicy.ts';
export type { Coordinates } from './providers/routing/driveTimes.ts';
export {
  createLegRouter,
  roadLegBetween,
  type LegEnds,
  type LegRouter,
  type RoadLeg,
  type RoadMatrix,
  type RoutedLeg,
} from './providers/routing/index.ts';
export { DEFAULT_ADMIN, demoSeeder } from './seed/demoSeeder.ts';
export { startServer, type RunningServer } from './server.ts';
export { serverOrigin, type ChangeOrigin } from './tripDocs/origins.ts';
export { catchUpAsUpdate, readCatchUp, TRIP_DOC_CHANNEL } from './tripDocs/tripDocLog.ts';
export { recordsNothing, recordStopChange, type StopChange } from './tripDocs/stopActivity.ts';
export { stopChangesOf } from './tripDocs/liveStopChanges.ts';
export { TripDocHub, TripDocMissingError, type LiveTripDoc, type StoredTripDoc } from './tripDocs/tripDocHub.ts';
export { LegKeeper, type LegDocWriter } from './road/legKeeper.ts';
export { DEFAULT_TIME_BUDGET_MS, orderCost, solveTour, type SolvedTour, type TourOptions } from './road/tourSolver.ts';
export { greatCircleEstimate } from './providers/routing/greatCircle.ts';
export { estimatedMatrix } from './providers/routing/greatCircleLegRouter.ts';
// Optimise route's proposal step, which bench:route times apart from the matrix fetch.
export { proposeRoute, type ProposalStop } from './road/routeProposal.ts';
