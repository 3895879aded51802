/**
 * The server package's public surface: what the collab server (and tooling outside this package) may use.
 * Everything else in server/src is internal; package.json exports only this file and ./test.
 */
export { loadConfig, type Config } from './config.ts';
export { assertSchemaCurrent, createDataSource } from './db/dataSource.ts';
export { listenForNotifications, type NotificationHandlers, type NotificationListener } from './db/notificationListener.ts';
export type { Trip } from './entities/trip.ts';
export type { User } from './entities/user.ts';
export { createLogger, type Logger } from './lib/logger.ts';
export { readSessionToken } from './lib/sessionCookie.ts';
export { findSessionUser } from './lib/sessionLookup.ts';
export { hashToken } from './lib/tokens.ts';
export { canWriteLiveDoc, findTripRole, mayWriteStopKey, type TripRole } from './policies/tripPolicy.ts';
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
export { serverOrigin, type ChangeOrigin } from './tripDocs/origins.ts';
export { catchUpAsUpdate, TRIP_DOC_CHANNEL } from './tripDocs/tripDocLog.ts';
export { TripDocHub, TripDocMissingError, type LiveTripDoc, type StoredTripDoc } from './tripDocs/tripDocHub.ts';
export { LegKeeper, type LegDocWriter } from './road/legKeeper.ts';
export { greatCircleEstimate } from './providers/routing/greatCircle.ts';
