/**
 * The server's test kit for other packages' tests and the benches (package.json "./test"): a running test
 * server and its API client, test data, session cookies. Databases, ports and stand-ins are
 * @caravan/engine/test's.
 */
export { createApi } from './apiClient.ts';
// Two-factor codes as an app makes them, and the administrator's requirement, for the browser tests.
export { totpCode } from './totpCodes.ts';
export { setSecondFactorRequirement } from './signInSettings.ts';
export { addMember, buildTrip, buildUser, DEFAULT_PASSWORD } from './factories.ts';
export { sessionCookieFor, sessionTokenFor } from './sessionCookie.ts';
export { startTestServer } from './testServer.ts';
export { addJournalEntry } from './tripDetailFixtures.ts';
// The owner/editor/viewer/outsider crew and a local SMTP inbox, for the whole-stack collaboration test.
export { tripWithCrew } from './tripWithCrew.ts';
export { createSmtpMailbox } from './smtpMailbox.ts';
// A real OpenID Connect provider, for the single sign-on browser test.
export { listenOidcTestProvider, type OidcTestProvider } from './oidcTestProvider.ts';
// A KMZ bomb and a thousand-stop trip, for bench:abuse.
export { addScatteredStops, placemarkBombKmz, unusualOpeningHours } from './heavyRequests.ts';
// A local Web Push service (decrypts what it receives), for the push browser test and bench:notify.
export { startPushService, type PushDevice, type PushServiceStandIn, type ReceivedPush } from './pushService.ts';
