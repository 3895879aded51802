/**
 * One trip's live document on this process: its connections, presence and fan-out, with its write queue
 * (./writeQueue.ts). Accepted updates reach the other members at the end of the event-loop turn that
 * applied them (see `fanOut`); the queue persists them in batches and acknowledges the writers after each
 * commit. Nobody else needs an acknowledgement: clients count what the server's messages add to their
 * document as settled. The room is not unloaded while anything is unwritten.
 */
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import { COLLAB_CLOSE, COLLAB_LIMITS, applyKeyWrites, type Rewrite } from '@caravan/shared';
import { COMMIT_CORRECTION_ORIGIN, type LiveTripDoc, type Logger, type TripDocHub } from '@caravan/engine';
import { awarenessMessage, Connection, updateMessage, type RoomAccess } from './connection.ts';
import { watchLiveStopActivity } from './liveActivity.ts';
import { watchStrayLodging } from './liveLodging.ts';
import { watchLivePartActivity } from './livePartActivity.ts';
import { merged, WriteQueue } from './writeQueue.ts';
import { DerivedFrom } from './writeLedger.ts';

/** The origin of server-derived changes made in the room (applyDerived). */
const DERIVED = Symbol('derived');

export class Room implements RoomAccess {
  readonly connections = new Set<Connection>();
  /** Loaded on every join and on every membership change (collabServer.ts, accessWatcher.ts). */
  members: ReadonlyMap<number, string> = new Map();
  readonly awareness: awarenessProtocol.Awareness;
  private readonly writes: WriteQueue;
  /** Updates applied in this turn of the event loop, not yet sent to the members (see `fanOut`). */
  private outbox: { update: Uint8Array; origin: unknown }[] = [];
  /** Derived changes asked for while the document was inside a transaction: applied once it is done (see `applyDerived`). */
  private heldDerived: Array<(doc: Y.Doc) => void> = [];
  /** Between the document's beforeAllTransactions and afterAllTransactions events (Yjs has no public getter). */
  private inTransaction = false;
  private unloadTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly stopWatchingActivity: () => void;

  constructor(
    private readonly live: LiveTripDoc,
    private readonly hub: TripDocHub,
    private readonly logger: Logger,
    private readonly onEmpty: (room: Room) => void,
    /** Called after each member's accepted edit (the leg keeper looks at the stops again; `legsToCheck`: see permissions.ts). */
    private readonly onEdited: (room: Room, legsToCheck?: readonly string[]) => void = () => {},
  ) {
    this.writes = new WriteQueue(this, hub, logger);
    this.awareness = new awarenessProtocol.Awareness(live.doc);
    // The server has no presence of its own.
    this.awareness.setLocalState(null);
    live.doc.on('update', this.onDocUpdate);
    live.doc.on('beforeAllTransactions', this.enterTransaction);
    live.doc.on('afterAllTransactions', this.applyHeldDerived);
    this.awareness.on('update', this.onAwarenessUpdate);
    const stopStops = watchLiveStopActivity(live.doc, (change) => this.applyDerived(change));
    const stopParts = watchLivePartActivity(live.doc, (change) => this.applyDerived(change), () => this.members);
    const stopLodging = watchStrayLodging(live.doc, (change) => this.applyDerived(change));
    this.stopWatchingActivity = () => {
      stopLodging();
      stopStops();
      stopParts();
    };
  }

  get tripId(): string {
    return this.live.tripId;
  }

  get doc(): Y.Doc {
    return this.live.doc;
  }

  get hasUnwritten(): boolean {
    return this.writes.hasUnwritten;
  }

  get cannotCommit(): boolean {
    return this.writes.failing;
  }

  /**
   * A change the server derives (legs, activity): applied to the live document, persisted in the next batch,
   * in order with the members' edits it was derived from, and sent to every member once that batch commits.
   */
  applyDerived(change: (doc: Y.Doc) => void): void {
    this.derive(change, DERIVED);
  }

  /** `applyDerived` as `origin`: a member's ledger's (derived from their write, undone with it), or DERIVED. */
  private derive(change: (doc: Y.Doc) => void, origin: typeof DERIVED | DerivedFrom): void {
    if (this.closed) return;
    const doc = this.live.doc;
    if (this.inTransaction) {
      // Asked from inside a transaction (an observer of a member's edit): Yjs encodes that edit's update only
      // after its observers ran, with every item added to the document until then, so a change made now would
      // ride in the member's update, which the fan-out sends at once, uncommitted. It runs right after, in the
      // same turn, so it still joins the edit's batch.
      this.heldDerived.push(change);
      return;
    }
    doc.transact(() => change(doc), origin);
  }

  private enterTransaction = (): void => {
    this.inTransaction = true;
  };

  private applyHeldDerived = (_doc: Y.Doc, transactions: Y.Transaction[]): void => {
    this.inTransaction = false;
    const held = this.heldDerived;
    if (!held.length) return;
    this.heldDerived = [];
    // Derived from a member's write (its activity entries): should the write be undone, so is this (./writeLedger.ts).
    const writer = transactions[0]?.origin;
    this.derive(
      (doc) => {
        for (const change of held) change(doc);
      },
      writer instanceof Connection ? writer.ledger.derivedOrigin : DERIVED,
    );
  };

  /**
   * Puts right what the live door took to put right (shared/src/parts/rewrites.ts): a late vote, back to what it
   * was; an id deleted before, deleted again; an authorship date, the server's. In the same turn as the member's
   * update, before any other message, as a derived change: the member's device gets it.
   */
  rewrite(rewrites: readonly Rewrite[]): void {
    this.applyDerived((doc) => applyKeyWrites(doc, rewrites));
  }

  /** A member's edit re-created stops with their old legs in them (an Undo): have those legs computed again. */
  legsRestored(stopIds: readonly string[]): void {
    this.onEdited(this, stopIds);
  }

  afterWrite = (): void => {
    // A write that changed nothing (already known) is durable once nothing is left to write.
    if (!this.hasUnwritten) this.writes.acknowledgeAll();
  };

  isClaimedElsewhere = (connection: Connection, clientId: number): boolean => {
    for (const other of this.connections) if (other !== connection && other.awarenessClients.has(clientId)) return true;
    return false;
  };

  /** Adds a connection, or refuses it when the trip is full. */
  join(connection: Connection): boolean {
    if (this.connections.size >= COLLAB_LIMITS.maxConnectionsPerTrip) {
      connection.close(COLLAB_CLOSE.tooManyConnections, 'Too many connections to this trip');
      return false;
    }
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
    this.unloadTimer = null;
    this.connections.add(connection);
    connection.greet();
    return true;
  }

  leave(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, [...connection.awarenessClients], null);
    if (this.connections.size === 0) this.scheduleUnload();
  }

  closeAll(code: number, reason: string, which: (connection: Connection) => boolean = () => true): void {
    for (const connection of [...this.connections]) {
      if (which(connection)) {
        connection.close(code, reason);
        this.leave(connection);
      }
    }
  }

  /** Someone's access to the trip may have changed (./accessWatcher.ts): the next commit checks its writers' roles. */
  rolesMayHaveChanged(): void {
    this.writes.rolesMayHaveChanged();
  }

  /** Writes everything pending now (graceful shutdown), retrying until it is written or `deadline` passes. */
  flush(deadline?: number): Promise<void> {
    return this.writes.flush(deadline);
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    this.writes.close();
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
    this.live.doc.off('update', this.onDocUpdate);
    this.live.doc.off('beforeAllTransactions', this.enterTransaction);
    this.live.doc.off('afterAllTransactions', this.applyHeldDerived);
    this.stopWatchingActivity();
    this.awareness.off('update', this.onAwarenessUpdate);
    this.awareness.destroy();
    this.hub.unload(this.tripId);
  }

  /** Undoes the writes of `writer` that await a commit (it lost the role they were checked with: ./writerRoles.ts). */
  revertWrites(writer: Connection): void {
    writer.ledger.revert((change) => this.applyDerived(change));
    // An undone deletion puts stops back: their legs are looked at again.
    this.onEdited(this);
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    // The undo a commit makes (engine/src/tripDocs/commitLimits.ts) is committed with its batch: the write queue
    // sends it once that commit is done. Stops it took out may leave a leg to compute again.
    if (origin === COMMIT_CORRECTION_ORIGIN) return this.onEdited(this);
    if (origin === DERIVED || origin instanceof DerivedFrom) {
      // Sent once committed: a member holding a derived item the server lost in a crash would relay it on
      // reconnecting, and no client may write those (activity, legs), so that member could never sync again.
      // After such a crash the member's relayed edit is derived from afresh.
      this.writes.addDerived(update);
      setImmediate(() => this.writes.start());
      return;
    }
    if (!this.outbox.length) setImmediate(this.fanOut);
    this.outbox.push({ update, origin });
    if (origin instanceof Connection) {
      this.writes.addEdit(update, origin);
      this.onEdited(this);
    }
  };

  /**
   * Sends the updates applied since the last fan-out to the members as one merged message: one socket write
   * each instead of one per update, which is what a busy trip's tail latency is made of. A turn's only writer
   * gets nothing back. When several wrote, each gets the same message, its own writes included: the client
   * counts only what applying a message adds to its document, and merging "all but mine" for every writer
   * costs writers × updates (a turn of 100 moves took 70 ms, making the next turn longer still).
   */
  private fanOut = (): void => {
    const outbox = this.outbox;
    this.outbox = [];
    const soleWriter = outbox.every((entry) => entry.origin === outbox[0].origin) ? outbox[0].origin : null;
    let message: Uint8Array | null = null;
    for (const connection of this.connections) {
      if (connection !== soleWriter) connection.send((message ??= updateMessage(merged(outbox.map((entry) => entry.update)))));
    }
    // The commit starts after the fan-out: its first steps (encoding, the write to PostgreSQL's socket) would
    // otherwise delay every member's copy of a quiet trip's edit.
    this.writes.start();
  };

  private onAwarenessUpdate = ({ added, updated, removed }: AwarenessChange): void => {
    const changed = [...added, ...updated, ...removed];
    const message = awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed));
    for (const connection of this.connections) connection.send(message);
  };

  private scheduleUnload(): void {
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
    this.unloadTimer = setTimeout(async () => {
      this.unloadTimer = null;
      if (this.connections.size) return;
      await this.flush(Number.POSITIVE_INFINITY);
      // The next cold join then reads (and sends) one stored value instead of merging the log.
      await this.hub.compactNow(this.tripId).catch((error) => this.logger.warn({ err: error, tripId: this.tripId }, 'compaction failed'));
      if (this.connections.size === 0 && !this.hasUnwritten) this.onEmpty(this);
    }, unloadDelay());
    this.unloadTimer.unref();
  }
}

interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}

/** Overridable for tests; COLLAB_LIMITS.unloadAfterMs (30 s) otherwise. */
function unloadDelay(): number {
  return Number(process.env.COLLAB_UNLOAD_AFTER_MS ?? COLLAB_LIMITS.unloadAfterMs);
}
