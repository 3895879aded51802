/**
 * The authorization matrix's vocabulary (authorizationMatrix.suite.ts): who calls (actors), on which trip (trip
 * keys), what each call is (kinds), which role each actor holds in which trip, and who may make which call.
 */
import { messages, type CallName, type TripRole } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';

export const actors = ['anonymous', 'nonMember', 'viewer', 'editor', 'owner', 'admin', 'disabled'] as const;
export type Actor = (typeof actors)[number];
/** own*: the owner's trips, where viewer, editor and disabled are members too; other*: a stranger's, nobody else's. */
export const tripKeys = ['ownPrivate', 'ownPublic', 'otherPrivate', 'otherPublic'] as const;
export type TripKey = (typeof tripKeys)[number];

export interface World {
  users: Record<Exclude<Actor, 'anonymous'>, User>;
  trips: Record<TripKey, Trip>;
  /** A stored journal photo in each trip. */
  photoIds: Record<TripKey, string>;
  /** The token each private trip had while it was public: revoked for good. */
  revokedTokens: Record<TripKey, string | null>;
  heroImage: string;
}
/**
 * The member roles on the owner's trips. The disabled account is an owner-role member, so the only
 * reason left to refuse it anything is its status.
 */
const memberRoles: Partial<Record<Actor, TripRole>> = { viewer: 'viewer', editor: 'editor', owner: 'owner', disabled: 'owner' };
export const roleIn = (actor: Actor, tripKey: TripKey): TripRole | null => (tripKey.startsWith('own') ? (memberRoles[actor] ?? null) : null);
export const isPublicKey = (tripKey: TripKey) => tripKey.endsWith('Public');
/** Who the server recognises: nobody without a cookie, nor with the cookie of a disabled account. */
export const signedIn = (actor: Actor) => actor !== 'anonymous' && actor !== 'disabled';

export type Kind =
  /** Trip calls some roles may make. */
  | 'write'
  /** Trip calls some roles may make that only answer, writing nothing (Optimise route's proposal). */
  | 'proposal'
  /** /trips/details: members only; a public trip's outsiders read /trips/public instead. */
  | 'memberRead'
  /** /trips/public: whoever holds the link of a public trip. */
  | 'shareLink'
  /** GET /photos/:id: members, or anyone while the trip is public. */
  | 'photo'
  /** /search/pois: any signed-in user; no trip involved. */
  | 'search';

export interface Cell {
  actor: Actor;
  trip: Trip;
  tripKey: TripKey;
}

/** Who may make a call: its kind, and for writes and proposals the trip roles allowed and the status they get. */
export interface Rule {
  kind: Kind;
  roles?: TripRole[];
  /** When an allowed call answers other than 200 (201 for one that creates). */
  status?: number;
  /** The 403's text to a member where the call says more than the common one (whose poll it is). */
  forbidden?: string;
}

const editors: TripRole[] = ['owner', 'editor'];
const ownerOnly: TripRole[] = ['owner'];
const members: TripRole[] = ['owner', 'editor', 'viewer'];

/** The trip detail API's calls, each with who may make it; the test names each call's body. */
export const matrixRules = {
  'trips.details': { kind: 'memberRead' },
  'stops.add': { kind: 'write', roles: editors, status: 201 },
  'stops.reorder': { kind: 'write', roles: editors },
  'stops.delete': { kind: 'write', roles: editors },
  'stops.toggleVisited': { kind: 'write', roles: ownerOnly },
  'stops.updateDetails': { kind: 'write', roles: editors },
  'stops.updatePlan': { kind: 'write', roles: editors },
  'stops.updateProgress': { kind: 'write', roles: editors },
  'stops.updateContent': { kind: 'write', roles: ownerOnly },
  'stops.updatePlannedDate': { kind: 'write', roles: ownerOnly },
  'stops.autoSchedule': { kind: 'write', roles: ownerOnly },
  'stops.calculateTravelTime': { kind: 'write', roles: editors },
  'stops.optimiseRoute': { kind: 'proposal', roles: editors },
  'stops.planDays': { kind: 'proposal', roles: editors },
  'stops.importPreview': { kind: 'proposal', roles: editors },
  'journal.create': { kind: 'write', roles: ownerOnly, status: 201 },
  'journal.update': { kind: 'write', roles: ownerOnly },
  'journal.delete': { kind: 'write', roles: ownerOnly },
  'trips.share': { kind: 'write', roles: ownerOnly },
  'trips.public': { kind: 'shareLink' },
  'trips.heroImage': { kind: 'write', roles: ownerOnly },
  'trips.routeMode': { kind: 'write', roles: ownerOnly },
  'trips.roadSettings': { kind: 'write', roles: ownerOnly },
  // Exports: any member downloads; a public trip's outsiders are refused, as for proposals.
  'exports.file': { kind: 'proposal', roles: members },
  'exports.calendarFeed': { kind: 'proposal', roles: ownerOnly },
  'exports.createCalendarFeed': { kind: 'write', roles: ownerOnly },
  'exports.rotateCalendarFeed': { kind: 'write', roles: ownerOnly },
  'exports.revokeCalendarFeed': { kind: 'write', roles: ownerOnly },
  // The weather of the stop-days: what reads the trip reads it, by trip for members, by link for a public trip's readers.
  'weather.trip': { kind: 'proposal', roles: members },
  'weather.shared': { kind: 'shareLink' },
  'costs.overview': { kind: 'proposal', roles: members },
  'costs.addExpense': { kind: 'write', roles: members },
  'costs.updateExpense': { kind: 'write', roles: members },
  'costs.deleteExpense': { kind: 'write', roles: members },
  'costs.recordPayment': { kind: 'write', roles: members },
  'costs.deletePayment': { kind: 'write', roles: members },
  'costs.settings': { kind: 'write', roles: members },
  'costs.uploadReceipt': { kind: 'write', roles: members },
  'costs.csv': { kind: 'proposal', roles: members },
  'search.pois': { kind: 'search' },
  // Votes and polls: every member votes; owner and editors start polls; the matrix's polls are the owner's, so
  // only the owner closes them (an editor closes the polls they started: routes/collaboration/polls.test.ts).
  'suggestions.vote': { kind: 'write', roles: members },
  'polls.list': { kind: 'proposal', roles: members },
  'polls.create': { kind: 'write', roles: editors, status: 201 },
  'polls.vote': { kind: 'write', roles: members },
  'polls.close': { kind: 'write', roles: ownerOnly, forbidden: messages.decisions.notPollCloser },
  // Checklists: every member reads them and ticks items off (the matrix's update sends `done` alone); owner and
  // editors do the rest (a viewer's edit beyond `done`: routes/collaboration/checklists.test.ts).
  'checklists.list': { kind: 'proposal', roles: members },
  'checklists.createList': { kind: 'write', roles: editors, status: 201 },
  'checklists.deleteList': { kind: 'write', roles: editors },
  'checklists.addItem': { kind: 'write', roles: editors, status: 201 },
  'checklists.updateItem': { kind: 'write', roles: members },
  'checklists.deleteItem': { kind: 'write', roles: editors },
  'checklists.moveItem': { kind: 'write', roles: editors },
  // The trip's history: every member browses and compares versions; owner and editors name and restore them.
  'history.list': { kind: 'proposal', roles: members },
  'history.read': { kind: 'proposal', roles: members },
  'history.diff': { kind: 'proposal', roles: members },
  'history.take': { kind: 'write', roles: editors },
  'history.restore': { kind: 'write', roles: editors },
  // Along the route: every member searches; adding a found place is a stop edit through the live document.
  'corridor.search': { kind: 'proposal', roles: members },
  // The route's map offline: every member (viewers too) asks the tile list; it writes nothing.
  'offlineMap.plan': { kind: 'proposal', roles: members },
} as const satisfies Partial<Record<CallName, Rule>>;
export type MatrixCallName = keyof typeof matrixRules;

type PartOf = (name: MatrixCallName | 'photo') => boolean;
const stopCalls: PartOf = (name) => name.startsWith('stops.');
const moneyCalls: PartOf = (name) => name.startsWith('costs.');
const decisionCalls: PartOf = (name) => /^(suggestions|polls|checklists)\./.test(name);
const historyCalls: PartOf = (name) => name.startsWith('history.');
/**
 * The matrix runs in parts, one file each (authorizationMatrix.<part>.test.ts): each part builds a world of its
 * own, so a cell's snapshots read only the stops its own part's cells added, and parts run side by side.
 * `trips` takes every call the others do not (the stored photos included), so no call falls between them.
 */
export const matrixParts = {
  stops: stopCalls,
  money: moneyCalls,
  decisions: decisionCalls,
  history: historyCalls,
  trips: (name) => ![stopCalls, moneyCalls, decisionCalls, historyCalls].some((part) => part(name)),
} satisfies Record<string, PartOf>;
export type MatrixPart = keyof typeof matrixParts;

/**
 * The calls the matrix leaves out, each with why and where its access is tested instead: the matrix's world is
 * one trip per owner and visibility, which calls on no trip, on the trip's crew, or by token do not fit.
 */
const noTrip = (who: string, file: string) => `on no trip: ${who} (routes/${file})`;
const crewCall = (file: string) => `on the trip's crew and their work, tested role by role in routes/collaboration/${file}`;
export const notInMatrix: Partial<Record<CallName, string>> = {
  'auth.login': noTrip('anyone', 'auth/auth.test.ts'),
  'auth.register': noTrip('anyone', 'auth/auth.test.ts'),
  'auth.establishSession': noTrip('whoever holds the temporary token', 'auth/auth.test.ts'),
  'auth.session': noTrip('the caller themself', 'auth/auth.test.ts'),
  'auth.logout': noTrip("the caller's own session", 'auth/auth.test.ts'),
  'auth.config': noTrip('anyone', 'auth/auth.test.ts'),
  'auth.forgotPassword': noTrip('anyone', 'account/account.test.ts'),
  'auth.resetPassword': noTrip('whoever holds the e-mailed link', 'account/account.test.ts'),
  'account.updateProfile': noTrip('the caller themself', 'account/account.test.ts'),
  'account.changePassword': noTrip('the caller themself', 'account/account.test.ts'),
  'passkeys.list': noTrip("the caller's own passkeys", 'account/passkeys.test.ts'),
  'passkeys.registrationOptions': noTrip('the caller themself', 'account/passkeys.test.ts'),
  'passkeys.register': noTrip('the caller themself', 'account/passkeys.test.ts'),
  'passkeys.rename': noTrip("the caller's own passkeys", 'account/passkeys.test.ts'),
  'passkeys.remove': noTrip("the caller's own passkeys", 'account/passkeys.test.ts'),
  'passkeys.signInOptions': noTrip('anyone', 'account/passkeys.test.ts'),
  'passkeys.signIn': noTrip('whoever holds the passkey', 'account/passkeys.test.ts'),
  'twoFactor.status': noTrip('the caller themself', 'account/twoFactor.test.ts'),
  'twoFactor.setup': noTrip('the caller themself', 'account/twoFactor.test.ts'),
  'twoFactor.enable': noTrip('the caller themself', 'account/twoFactor.test.ts'),
  'twoFactor.regenerateBackupCodes': noTrip('the caller themself', 'account/twoFactor.test.ts'),
  'twoFactor.disable': noTrip('the caller themself', 'account/twoFactor.test.ts'),
  'twoFactor.signIn': noTrip('whoever holds the first step and a code', 'auth/secondFactorSignIn.test.ts'),
  'notifications.list': "on no trip: the caller's own notifications (routes/account/notifications.test.ts)",
  'notifications.unreadCount': "on no trip: the caller's own notifications (routes/account/notifications.test.ts)",
  'notifications.markRead': "on no trip: the caller's own notifications (routes/account/notifications.test.ts)",
  'notifications.markAllRead': "on no trip: the caller's own notifications (routes/account/notifications.test.ts)",
  'notifications.preferences': "on no trip: the caller's own notifications (routes/account/notifications.test.ts)",
  'notifications.updatePreference': "on no trip: the caller's own notifications (routes/account/notifications.test.ts)",
  'notifications.emailDelivery': "on no trip: the caller's own e-mail choice (notifications/notificationDigest.test.ts)",
  'notifications.updateEmailDelivery': "on no trip: the caller's own e-mail choice (notifications/notificationDigest.test.ts)",
  'notifications.grouped': "on no trip: the caller's own notifications (routes/account/notificationGroups.test.ts)",
  'notifications.markManyRead': "on no trip: the caller's own notifications (routes/account/notificationGroups.test.ts)",
  'notifications.tripMute': "the caller's own choice on a trip they are a member of, role by role in routes/collaboration/tripMute.test.ts",
  'notifications.setTripMute': "the caller's own choice on a trip they are a member of, role by role in routes/collaboration/tripMute.test.ts",
  'push.publicKey': "on no trip: the server's own public key, to signed-in members (routes/account/pushSubscriptions.test.ts)",
  'push.subscribe': "on no trip: the caller's own devices (routes/account/pushSubscriptions.test.ts)",
  'push.unsubscribe': "on no trip: the caller's own devices (routes/account/pushSubscriptions.test.ts)",
  'admin.users': noTrip('administrators only', 'admin/admin.test.ts'),
  'admin.trips': noTrip('administrators only', 'admin/admin.test.ts'),
  'admin.updateRole': noTrip('administrators only', 'admin/admin.test.ts'),
  'admin.updateStatus': noTrip('administrators only', 'admin/admin.test.ts'),
  'admin.addToTrip': 'administrators only, whatever their trip role (routes/admin/admin.test.ts)',
  'admin.resetPassword': noTrip('administrators only', 'admin/admin.test.ts'),
  'admin.outbox': noTrip('administrators only', 'admin/admin.test.ts'),
  'admin.signInSettings': noTrip('administrators only', 'admin/secondFactorRequirement.test.ts'),
  'admin.updateSignInSettings': noTrip('administrators only', 'admin/secondFactorRequirement.test.ts'),
  'trips.list': noTrip("the caller's own trips", 'trips/trips.test.ts'),
  'trips.previews': "on no trip: the caller's own trips (queries/tripPreviews.test.ts)",
  'trips.create': noTrip('any signed-in user', 'trips/trips.test.ts'),
  'trips.delete': 'would delete the trips the other cells stand on (routes/trips/trips.test.ts)',
  'members.list': crewCall('members.test.ts'),
  'members.remove': crewCall('members.test.ts'),
  'members.changeRole': crewCall('members.test.ts'),
  'members.invite': crewCall('invitations.test.ts'),
  'invitations.list': crewCall('invitations.test.ts'),
  'invitations.details': 'by token: the signed-in invitee (routes/collaboration/invitations.test.ts)',
  'invitations.accept': 'by token: the signed-in invitee (routes/collaboration/invitations.test.ts)',
  'suggestions.list': crewCall('suggestions.test.ts'),
  'suggestions.create': crewCall('suggestions.test.ts'),
  'suggestions.review': crewCall('suggestions.test.ts'),
  'comments.list': crewCall('comments.test.ts'),
  'comments.create': crewCall('comments.test.ts'),
  'comments.resolve': crewCall('comments.test.ts'),
  'activity.feed': crewCall('activity.test.ts'),
  'search.locations': noTrip('any signed-in user', 'search/search.test.ts'),
  'search.reverse': noTrip('any signed-in user', 'search/search.test.ts'),
  config: noTrip('anyone', 'config/config.test.ts'),
};

export interface Call extends Rule {
  path: string;
  method: 'GET' | 'POST';
  /** The request's fields, so the mass-assignment probe does not send one the call takes. */
  fields: string[];
  /** Prepares what the call needs (before the snapshot) and returns the body. */
  body: (cell: Cell) => Promise<Record<string, unknown>>;
  /** Puts the world back after an allowed call that would change what later cells expect. */
  restore?: (cell: Cell) => Promise<void>;
}
