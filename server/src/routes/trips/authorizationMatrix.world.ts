/**
 * The authorization matrix's vocabulary (authorizationMatrix.test.ts): who calls (actors), on which trip (trip
 * keys), what each call is (kinds), and which role each actor holds in which trip.
 */
import type { Trip, User } from '@caravan/engine';
import type { TripRole } from '@caravan/shared';

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

export interface Call {
  path: string;
  /** GET calls carry their body in the query string; the rest are POSTs. */
  method?: 'GET';
  kind: Kind;
  /** For writes and proposals: the trip roles allowed. */
  roles?: TripRole[];
  status?: number;
  /** Prepares what the call needs (before the snapshot) and returns the body. */
  body: (cell: Cell) => Promise<Record<string, unknown>>;
  /** Puts the world back after an allowed call that would change what later cells expect. */
  restore?: (cell: Cell) => Promise<void>;
  /** Names of body fields the call takes, where they clash with the mass-assignment probe. */
  takes?: string[];
}
