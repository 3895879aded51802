/**
 * The live trip document's wire protocol beyond y-protocols' sync (0) and awareness (1) messages:
 * the acknowledgement message and the close codes the collab server uses, shared by both ends.
 */

/**
 * Sent by the server to a connection once the writes it received from that connection are committed:
 * varUint(COLLAB_MESSAGE_ACK) + varUint8Array(a Yjs snapshot: the durable state vector, and the
 * connection's deletions that are now durable). See `SettledState` for how a client reads it.
 */
export const COLLAB_MESSAGE_ACK = 100;

export const COLLAB_CLOSE = {
  /** A frame that is not a valid message of this protocol. */
  malformed: 4400,
  /** No valid session: sign in again. */
  unauthenticated: 4401,
  /** An update this member may not make (the reason says which). */
  writeRefused: 4403,
  /** Not a member of this trip, or the trip does not exist. */
  notFound: 4404,
  /** The member was removed from the trip, or the account was disabled or signed out. */
  accessRevoked: 4410,
  /** The trip has as many open connections as the server allows. */
  tooManyConnections: 4429,
  /**
   * This connection kept sending faster than its budget allows (collab-server/src/rateLimits.ts): reconnect
   * after `COLLAB_LIMITS.rateLimitedPauseMs` (joins are refused with this code until then); unacknowledged
   * edits are sent again by the next sync. Outside 4400–4499, which y-websocket treats as final.
   */
  rateLimited: 4008,
  /** The server is restarting: reconnect. */
  restarting: 1012,
} as const;

/** Close codes after which reconnecting cannot help. */
export const COLLAB_FINAL_CLOSE_CODES: readonly number[] = [
  COLLAB_CLOSE.unauthenticated,
  COLLAB_CLOSE.writeRefused,
  COLLAB_CLOSE.notFound,
  COLLAB_CLOSE.accessRevoked,
];

export const COLLAB_LIMITS = {
  maxPayloadBytes: 1024 * 1024,
  /** A trip's document holds at most this many stops; an update that would make more is refused. */
  maxStopsPerTrip: 1000,
  maxConnectionsPerTrip: 100,
  /** Unload a trip's document this long after its last connection closed. */
  unloadAfterMs: 30_000,
  pingIntervalMs: 30_000,
  /** After a `rateLimited` close: the member's joins of that trip are refused this long, and clients wait it out. */
  rateLimitedPauseMs: 10_000,
} as const;

/** What a client may put in its awareness state; the server adds `user` itself. */
export interface PresenceState {
  /** The stop this member is dragging, if any. */
  dragging?: string | null;
  user?: PresenceUser;
}

export interface PresenceUser {
  id: number;
  name: string;
  avatarUrl: string | null;
}
