/**
 * One member's websocket on a trip: decodes y-protocols messages, answers sync, and enforces the member's
 * role on every write (docs/architecture.md#a-trip-changes-through-two-doors): every member's sync-step-2 and
 * update messages pass `checkClientUpdate` (every member writes their own votes and shared costs) before they
 * reach the document, or the socket is closed with the reason; a viewer's write to stops is dropped instead.
 * A malformed message closes this socket only. A member that stops
 * reading is closed as `tooFarBehind` before what waits to be sent to it can pile up (see `send`).
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import {
  canWriteLiveDoc,
  COLLAB_CLOSE,
  COLLAB_LIMITS,
  COLLAB_MESSAGE_ACK,
  type AckEncoder,
  type PresenceUser,
  type TTripRole,
  type Rewrite,
} from '@caravan/shared';
import type { ChangeOrigin, User } from '@caravan/engine';
import { checkClientUpdate, READ_ONLY } from './permissions.ts';
import { MISSING, type DeleteSet } from './updateStructure.ts';
import { rewriteAwarenessUpdate } from './presence.ts';
import { WriteLedger } from './writeLedger.ts';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;

/** Updates in a row that may lack a dependency before the connection is refused (see `handleSync`). */
const MAX_RESYNCS = 3;
/**
 * A `tooFarBehind` close frame waits behind everything already queued for the socket: a reader that catches up
 * within this time still learns why it was closed; one that does not has its TCP connection cut (ws would wait 30 s).
 */
const BEHIND_CLOSE_GRACE_MS = 10_000;
export const TOO_FAR_BEHIND_REASON = 'Too far behind: reconnect later';

/** What a connection needs from its room. */
export interface RoomAccess {
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  isClaimedElsewhere: (connection: Connection, clientId: number) => boolean;
  /** Called after each write the connection made, whether or not it changed the document. */
  afterWrite: () => void;
  /** The write re-created stops with legs in them (permissions.ts `legsToCheck`). */
  legsRestored: (stopIds: readonly string[]) => void;
  /** Puts right what the live door took to put right (permissions.ts `rewrites`), as a derived change. */
  rewrite: (rewrites: readonly Rewrite[]) => void;
  /** The trip's current members by user id, with their names (the only ones a checklist item is given to or shared costs name). */
  members: ReadonlyMap<number, string>;
  /** Its last commit failed (the database is out of reach): a write that changes something is closed with tryAgain. */
  readonly cannotCommit: boolean;
}

export class Connection {
  readonly id = randomUUID();
  readonly origin: ChangeOrigin;
  readonly awarenessClients = new Set<number>();
  readonly presenceUser: PresenceUser;
  /** The writes applied but not yet confirmed by a commit, which checks the writer's role (./writerRoles.ts). */
  readonly ledger: WriteLedger;
  /** The role last read under the trip's row lock (./writerRoles.ts); null until then. */
  verifiedRole: TTripRole | null = null;
  alive = true;
  private closed = false;
  /** Deletions of the writes not yet acknowledged; null when no write awaits an acknowledgement. */
  private unacknowledged: DeleteSet[] | null = null;
  private resyncs = 0;
  /** What a cold join already sent from the stored bytes: the answer to the client's sync step 1 leaves it out. */
  private sentStateVector: Map<number, number> | null = null;
  /** Bytes sent in answer to the message being handled: the sender's budget pays for them too (see `handle`). */
  private replied = 0;

  constructor(
    readonly socket: WebSocket,
    readonly user: User,
    readonly sessionHash: string,
    public role: TTripRole,
    private readonly room: RoomAccess,
  ) {
    this.origin = { source: 'connection', connectionId: this.id, userId: user.id };
    this.presenceUser = { id: user.id, name: user.displayName, avatarUrl: user.avatarUrl ?? null };
    this.ledger = new WriteLedger(room.doc, this);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Records that the client was sent the document up to `stateVector` before it joined (see `syncStep2Message`). */
  alreadySent(stateVector: Map<number, number>): void {
    this.sentStateVector = stateVector;
  }

  /** Sends the server's state vector and everyone's presence, as y-websocket clients expect on connect. */
  greet(): void {
    this.sendSyncStep1();
    const states = [...this.room.awareness.getStates().keys()];
    if (states.length) this.send(awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.room.awareness, states)));
  }

  /**
   * Handles one message; returns the bytes sent back in answer to it (the document for a sync step 1), which
   * the inbox charges to this connection's budget: a small request for a large answer is not a small message.
   */
  handle(data: Uint8Array): number {
    this.replied = 0;
    try {
      this.dispatch(data);
    } catch {
      this.close(COLLAB_CLOSE.malformed, 'Malformed message');
    }
    return this.replied;
  }

  /** Hands over the writes awaiting an acknowledgement (a batch about to be committed covers them). */
  takeUnacknowledged(): DeleteSet[] | null {
    const taken = this.unacknowledged;
    this.unacknowledged = null;
    return taken;
  }

  /** Gives writes back after a failed commit: they await the next one. */
  restoreUnacknowledged(deletes: DeleteSet[]): void {
    this.unacknowledged = [...deletes, ...(this.unacknowledged ?? [])];
  }

  /** Tells the client what is durable: its writes up to the acknowledged state, and `deletes`. */
  sendAck(acks: AckEncoder, deletes: DeleteSet[]): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, COLLAB_MESSAGE_ACK);
    encoding.writeVarUint8Array(encoder, acks(deletes));
    this.send(encoding.toUint8Array(encoder));
  }

  /**
   * Queues `message` for the member, unless more than `COLLAB_LIMITS.maxBufferedBytes` already wait for it: then
   * the member is not reading (a stopped tab, or a client holding its socket open to make the server buffer
   * copies of the trip) and is closed instead, so one socket holds at most that plus one message here.
   */
  send(message: Uint8Array): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > COLLAB_LIMITS.maxBufferedBytes) return this.closeTooFarBehind();
    this.socket.send(message, this.afterSend);
  }

  /** One callback for every send (a fan-out sends each update to every other member). */
  private readonly afterSend = (error?: Error | null): void => {
    if (error) this.close(COLLAB_CLOSE.restarting, 'Send failed');
  };

  private closeTooFarBehind(): void {
    this.close(COLLAB_CLOSE.tooFarBehind, TOO_FAR_BEHIND_REASON);
    setTimeout(() => this.socket.terminate(), BEHIND_CLOSE_GRACE_MS).unref();
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
  }

  private dispatch(data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) return this.handleSync(decoder);
    if (type === MESSAGE_AWARENESS) return this.handleAwareness(decoding.readVarUint8Array(decoder));
    if (type === MESSAGE_QUERY_AWARENESS) {
      const states = [...this.room.awareness.getStates().keys()];
      return this.reply(awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.room.awareness, states)));
    }
    throw new Error(`unknown message type ${type}`);
  }

  private handleSync(decoder: decoding.Decoder): void {
    const syncType = decoding.readVarUint(decoder);
    if (syncType === syncProtocol.messageYjsSyncStep1) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      syncProtocol.writeSyncStep2(encoder, this.room.doc, this.withSent(decoding.readVarUint8Array(decoder)));
      return this.reply(encoding.toUint8Array(encoder));
    }
    if (syncType !== syncProtocol.messageYjsSyncStep2 && syncType !== syncProtocol.messageYjsUpdate) {
      throw new Error(`unknown sync message ${syncType}`);
    }
    const update = decoding.readVarUint8Array(decoder);
    if (!canWriteLiveDoc(this.role)) return;
    const verdict = checkClientUpdate(this.room.doc, update, { role: this.role, userId: this.user.id, members: this.room.members });
    if (!verdict.ok && verdict.reason === MISSING && this.resyncs++ < MAX_RESYNCS) {
      // The client built on something this server never committed (fanned out, then lost in a crash) and
      // wrote before its sync step 2 arrived: drop the update and ask for everything we lack, it included.
      return this.sendSyncStep1();
    }
    // A viewer's stop edits (stale ones from before a demotion, say) are dropped, as they always were: closing
    // would refuse the same sync step 2 on every reconnect.
    if (!verdict.ok && verdict.reason === READ_ONLY) return;
    if (!verdict.ok) return this.close(COLLAB_CLOSE.writeRefused, verdict.reason.slice(0, 120));
    // Not taken while commits fail: the member's device keeps it and sends it again when it reconnects.
    if (this.room.cannotCommit && carriesChanges(update)) return this.close(COLLAB_CLOSE.tryAgain, TRY_AGAIN_REASON);
    this.resyncs = 0;
    const awaiting = (this.unacknowledged ??= []);
    if (verdict.deletes.clients.size) awaiting.push(verdict.deletes);
    this.ledger.record(this.role);
    Y.applyUpdate(this.room.doc, update, this);
    this.ledger.recorded();
    if (verdict.legsToCheck.length) this.room.legsRestored(verdict.legsToCheck);
    if (verdict.rewrites.length) this.room.rewrite(verdict.rewrites);
    this.room.afterWrite();
  }

  private reply(message: Uint8Array): void {
    this.replied += message.byteLength;
    this.send(message);
  }

  private sendSyncStep1(): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.room.doc);
    this.send(encoding.toUint8Array(encoder));
  }

  /** The client's state vector, raised to what was already sent to it. */
  private withSent(clientStateVector: Uint8Array): Uint8Array {
    const sent = this.sentStateVector;
    if (!sent) return clientStateVector;
    this.sentStateVector = null;
    const merged = Y.decodeStateVector(clientStateVector);
    for (const [client, clock] of sent) if (clock > (merged.get(client) ?? 0)) merged.set(client, clock);
    return Y.encodeStateVector(merged);
  }

  private handleAwareness(update: Uint8Array): void {
    const rewritten = rewriteAwarenessUpdate(update, this.presenceUser, this.awarenessClients, (clientId) =>
      this.room.isClaimedElsewhere(this, clientId),
    );
    if (rewritten) awarenessProtocol.applyAwarenessUpdate(this.room.awareness, rewritten, this);
  }
}

export const TRY_AGAIN_REASON = 'Changes cannot be saved just now: try again shortly';

/** Whether a Yjs update adds or deletes anything (a sync step 2 of a device with nothing new does not). */
function carriesChanges(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  return structs.length > 0 || ds.clients.size > 0;
}

export function awarenessMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** Sync step 2 carrying `update`: y-websocket clients apply it and count as synced whenever it arrives. */
export function syncStep2Message(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

export function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}
