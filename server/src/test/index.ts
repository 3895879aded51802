/** The server's test kit for other packages' tests (package.json "./test"): databases, test data, session cookies. */
export { addMember, buildTrip, buildUser, DEFAULT_PASSWORD } from './factories.ts';
export { freePort } from './freePort.ts';
export { sessionCookieFor } from './sessionCookie.ts';
export { createTestDatabase } from './testDatabase.ts';
