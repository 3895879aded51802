/**
 * The trip engine's public surface, shared by both doors (the REST server and the collab server) and the
 * tooling (scripts/, bench/, test/): configuration, logging, the database and its entities, session lookup,
 * trip roles, trip documents, road legs and the route solver. package.json exports only this file,
 * ./embeddedPostgres and ./test, and .dependency-cruiser.cjs refuses imports that reach past them.
 */
export { loadConfig, PUBLIC_PROVIDER_URLS, repoRoot, type Config, type GoogleConfig, type OidcConfig, type ProvidersMode, type S3Config } from './config.ts';
export { createLogger, type Logger } from './lib/logger.ts';
export { AppError, type ErrorCode } from './lib/appError.ts';
export { hashToken, randomToken, sameToken } from './lib/tokens.ts';
export { persistedSecret } from './lib/persistedSecret.ts';
export { secretBox, type SecretBox } from './lib/secretBox.ts';
export { siteOrigins } from './lib/siteOrigins.ts';
export {
  reportStartFailure,
  startChildServer,
  SUPERVISE_DEFAULTS,
  superviseChildServer,
  type ChildServer,
  type StartChildOptions,
  type SupervisedServer,
  type SuperviseOptions,
} from './lib/childServer.ts';

// The database, its migrations and its tables.
export { assertSchemaCurrent, createDataSource, pgPool, queryPrepared, runMigrations, type PreparedStatement } from './db/dataSource.ts';
export { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from './db/databaseReach.ts';
export { listenForNotifications, type NotificationHandlers, type NotificationListener } from './db/notificationListener.ts';
export { storeNotifications, type NotificationEvent } from './notifications/notificationDeriver.ts';
export { SetupError } from './db/postgresUserReach.ts';
export { entities } from './entities/index.ts';
export { InvitationEntity } from './entities/invitation.ts';
export { JournalEntryEntity, type JournalEntryWithPhotos } from './entities/journalEntry.ts';
export { OAuthAccountEntity } from './entities/oauthAccount.ts';
export { PasskeyEntity, type Passkey } from './entities/passkey.ts';
export { PhotoEntity, type DeletedPhoto, type Photo } from './entities/photo.ts';
export { SessionEntity, type Session } from './entities/session.ts';
export { StopEntity, type Stop } from './entities/stop.ts';
export type { StopSuggestion } from './entities/stopSuggestion.ts';
export { TripEntity, type Trip } from './entities/trip.ts';
export { TripMemberEntity, type TripMember } from './entities/tripMember.ts';
export { UserEntity, type User } from './entities/user.ts';

// Who is signed in, and their role on a trip.
export { SESSION_COOKIE, readSessionToken } from './session/sessionToken.ts';
export { SESSION_CACHE_TTL_MS, SessionCache } from './session/sessionCache.ts';
export { findSessionUser } from './session/sessionLookup.ts';
export { findTripRole, findTripRoles } from './tripRole.ts';

// Trip documents: the hub both doors write through, its log, projections and activity.
export { TripDocMissingError } from './tripDocs/tripDocMissing.ts';
export { TripDocHub, type CommitCheck, type LiveTripDoc, type StoredTripDoc } from './tripDocs/tripDocHub.ts';
export { tripDocOf } from './tripDocs/storedUpdates.ts';
export {
  catchUpAsUpdate,
  insertSnapshot,
  readCatchUp,
  TRIP_DOC_CHANNEL,
  type CurrentAppend,
} from './tripDocs/tripDocLog.ts';
export { AppendGroup } from './tripDocs/appendGroup.ts';
export { PEER_ORIGIN, serverOrigin, type ChangeOrigin } from './tripDocs/origins.ts';
export { COMMIT_CORRECTION_ORIGIN } from './tripDocs/commitLimits.ts';
export { recordActivity } from './tripDocs/activityRecorder.ts';
export { recordsNothing, recordStopChange, STOP_DETAIL_KEYS, type StopChange } from './tripDocs/stopActivity.ts';
export { writeParts, type PartWriteContext } from './tripDocs/partWrites.ts';
export { runAsTripCaller, type TripCaller } from './tripDocs/callerRole.ts';
export { tripMemberNames } from './tripMemberNames.ts';
export { bumpVersion, mirrorTripMeta } from './tripDocs/metaMirror.ts';
export { rebuildStaleProjections } from './tripDocs/staleProjections.ts';
export { seedTripDoc } from './tripDocs/tripDocSeeder.ts';
export { stopKeyOrNotFound } from './tripDocs/stopLookup.ts';
export { assertTripNotFull } from './tripDocs/tripStopLimit.ts';

// Remote providers (Photon, OSRM, Overpass, the ECB): checked, gated, queued, identified, their answers cached.
export { createRemoteProviders, type ProviderRole, type RemoteProviders } from './remote/remoteProviders.ts';
export { CHECK_TIMEOUT_MS, ProviderDownError, skippedWhileDown, type RemoteProvider } from './remote/remoteProvider.ts';
export { createRequestQueue, type RequestQueue } from './remote/requestQueue.ts';
export { createKeptAnswers, type KeptAnswer, type KeptAnswers } from './remote/keptAnswers.ts';
export { providerUserAgent } from './remote/userAgent.ts';

// Road legs and their providers, and the route solver.
export {
  createLegRouter,
  roadLegBetween,
  type LegEnds,
  type LegRouter,
  type RoadLeg,
  type RoadMatrix,
  type RoutedLeg,
} from './routing/index.ts';
export type { Coordinates } from './routing/driveTimes.ts';
export { greatCircleEstimate, haversineKm } from './routing/greatCircle.ts';
export { estimatedMatrix } from './routing/greatCircleLegRouter.ts';
export { ROAD_LEG_MAX_AGE_MS } from './routing/roadLegCache.ts';
export { startRoadLegPrune } from './routing/roadLegPrune.ts';
export { LegKeeper, type LegDocWriter } from './road/legKeeper.ts';
export { keepLegsThroughHub } from './road/hubLegWriter.ts';
export { DEFAULT_TOUR_WORK, orderCost, solveTour, type SolvedTour, type TourOptions } from './road/tourSolver.ts';
// The time-window solver ("Plan my days"): order with stays, windows (several per stop for days or opening
// hours), a start time and fixed ends; on-time and shortest, or — said so — least late. See its module header.
export {
  DEFAULT_TIME_WINDOW_WORK,
  solveTimeWindowTour,
  type TimedVisit,
  type TimeWindow,
  type TimeWindowOptions,
  type TimeWindowTour,
} from './road/timeWindowSolver.ts';
// Optimise route's proposal step, which bench:route times apart from the matrix fetch.
export { locatedStops, proposeRoute, type ProposalStop } from './road/routeProposal.ts';
export { proposeRouteTask } from './road/routeProposalTask.ts';
export { planDays, type DayPlan, type DayPlanInput, type DayPlanSettings, type DayPlanStop, type SimulatedDay, type Simulation } from './road/dayPlanner.ts';
export { planDaysTask, type DayEndPoint, type PlanDaysTask, type PlanDaysResult } from './road/dayPlanTask.ts';
export { matrixBuffers, packMatrix } from './road/packedMatrix.ts';
export * from './corridor/index.ts';
export { forgetSignInSettings, readSignInSettings, secondFactorDeadline, type SignInSettings } from './signInSettings.ts';
export { hasSecondFactor, mustSetUpSecondFactor, secondFactorsOf, type SecondFactors } from './secondFactors.ts';
export { takeVersion, type TakenVersion, type VersionRequest } from './history/versionTaker.ts';
export { changesAfter, checkpointDue, findVersion, latestVersion, listVersions, versionChunksAfter, versionSource, type ChangesAfter, type VersionRow } from './history/tripVersions.ts';
export { chunkOf, compressState, decodeChunk, encodeChunk, type EditorUpdate, type VersionChunk } from './history/versionChunk.ts';
export { decodeChunks, docOfSource, docOfUpdates, sourceState, type VersionSource } from './history/versionDocs.ts';
export { tripsDueForVersion, VERSION_MAX_MS, VERSION_SETTLE_MS } from './history/dueVersions.ts';
export { pruneHistory } from './history/historyRetention.ts';
