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
   * This account already has `COLLAB_LIMITS.maxSocketsPerUser` sockets or `maxTripsPerUser` trips open on the
   * server: close another trip's page, then the client retries after `COLLAB_LIMITS.tooManyOpenPauseMs`.
   */
  tooManyOpen: 4430,
  /**
   * This connection kept sending faster than its budget allows (collab-server/src/rateLimits.ts): reconnect
   * after `COLLAB_LIMITS.rateLimitedPauseMs` (joins are refused with this code until then); unacknowledged
   * edits are sent again by the next sync. Outside 4400–4499, which y-websocket treats as final.
   */
  rateLimited: 4008,
  /**
   * The member stopped reading what the server sends: more than `COLLAB_LIMITS.maxBufferedBytes` waited for this
   * socket. Reconnect after `COLLAB_LIMITS.tooFarBehindPauseMs`; the next sync sends what is missing.
   */
  tooFarBehind: 4009,
  /**
   * The server cannot commit writes just now (its database is out of reach): this write was not taken. Reconnect
   * after `COLLAB_LIMITS.tryAgainPauseMs`; the next sync sends it again. WebSocket's own "Try Again Later".
   */
  tryAgain: 1013,
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
  /**
   * What may wait to be sent to one socket before it is closed as `tooFarBehind`: a whole large trip plus the
   * edits fanned out while it goes out. A reader that stopped reading holds at most this (and one message) here.
   */
  maxBufferedBytes: 4 * 1024 * 1024,
  tooFarBehindPauseMs: 5_000,
  /** One account's open sockets and distinct open trips on one collab process (many tabs, a few trips each). */
  maxSocketsPerUser: 40,
  maxTripsPerUser: 20,
  tooManyOpenPauseMs: 10_000,
  tryAgainPauseMs: 5_000,
} as const;

/** Close codes after which a client waits this long (ms) before reconnecting, rather than come straight back to the same close. */
export const COLLAB_RECONNECT_PAUSES: Readonly<Record<number, number>> = {
  [COLLAB_CLOSE.rateLimited]: COLLAB_LIMITS.rateLimitedPauseMs,
  [COLLAB_CLOSE.tooFarBehind]: COLLAB_LIMITS.tooFarBehindPauseMs,
  [COLLAB_CLOSE.tooManyOpen]: COLLAB_LIMITS.tooManyOpenPauseMs,
  [COLLAB_CLOSE.tryAgain]: COLLAB_LIMITS.tryAgainPauseMs,
};

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
