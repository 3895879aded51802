/**
 * A room's write queue: the members' accepted edits and the server's derived changes, persisted in batches
 * (one transaction per batch, the next batch starts when the previous commit ends); only after a commit do
 * the writers get the acknowledgement (the durable state vector and their durable deletions), and derived
 * changes reach the members. A failed write keeps the batch in memory and retries; until a commit succeeds again
 * (the database is back) the room takes no new writes (`failing`: the connections close them with
 * COLLAB_CLOSE.tryAgain), so what it holds uncommitted stays what it held when the commits stopped. Each commit
 * checks the writers' roles (./writerRoles.ts): a writer who lost theirs has their writes undone, and the batch goes
 * again at once with the undo in it.
 */
import * as Y from 'yjs';
import { ackEncoder, COLLAB_CLOSE, type AckEncoder } from '@caravan/shared';
import { type ChangeOrigin, type Logger, type TripDocHub, TripDocMissingError } from '@caravan/engine';
import { updateMessage, type Connection } from './connection.ts';
import type { DeleteSet } from './updateStructure.ts';
import type { LedgerMark } from './writeLedger.ts';
import { WriterRoles, WritersLostAccess } from './writerRoles.ts';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;
const COMMIT_INTERVAL_MS = 30;

/** What the queue needs of its room: the document, who is connected, closing them all, and undoing a writer's writes. */
export interface WriteQueueRoom {
  readonly tripId: string;
  readonly doc: Y.Doc;
  readonly connections: ReadonlySet<Connection>;
  closeAll(code: number, reason: string): void;
  /** Undoes the writes `writer` made that await a commit, as a derived change (it joins the next batch). */
  revertWrites(writer: Connection): void;
}

export const merged = (updates: Uint8Array[]): Uint8Array => (updates.length === 1 ? updates[0] : Y.mergeUpdates(updates));

export class WriteQueue {
  private pending: Uint8Array[] = [];
  /** Server-derived updates not yet committed: members get them only once they are. */
  private unsentDerived: Uint8Array[] = [];
  private pendingUsers = new Set<number>();
  /** Connections (open or not) whose writes are applied but not yet confirmed by a commit (see ./writeLedger.ts). */
  private readonly writers = new Set<Connection>();
  private readonly roles: WriterRoles;
  private writing: Promise<void> | null = null;
  private retryDelay = RETRY_MIN_MS;
  private lastCommitAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private lastCommitFailed = false;

  constructor(
    private readonly room: WriteQueueRoom,
    private readonly hub: TripDocHub,
    private readonly logger: Logger,
  ) {
    this.roles = new WriterRoles(room);
  }

  get hasUnwritten(): boolean {
    return this.pending.length > 0 || this.writing !== null;
  }

  /** The last commit failed and no commit has succeeded since: new writes cannot be committed now. */
  get failing(): boolean {
    return this.lastCommitFailed;
  }

  /** A member's accepted edit, written with the next batch. */
  addEdit(update: Uint8Array, writer: Connection): void {
    this.pending.push(update);
    this.pendingUsers.add(writer.user.id);
    this.writers.add(writer);
  }

  /** A server-derived change, written with the next batch and sent to the members once that batch commits. */
  addDerived(update: Uint8Array): void {
    this.pending.push(update);
    this.unsentDerived.push(update);
  }

  start(): void {
    if (this.writing || !this.pending.length || this.closed) return;
    this.writing = this.writeBatch().finally(() => {
      this.writing = null;
      if (this.pending.length) this.start();
      else this.acknowledgeAll();
    });
  }

  /** Someone's access to the trip may have changed: the next commit reads its writers' roles under the trip's lock. */
  rolesMayHaveChanged(): void {
    this.roles.invalidate();
  }

  /** Writes everything pending now (graceful shutdown), retrying until it is written or `deadline` passes. */
  async flush(deadline = Date.now() + 10_000): Promise<void> {
    while (this.hasUnwritten && Date.now() < deadline) {
      this.start();
      await (this.writing ?? new Promise((resolve) => setTimeout(resolve, RETRY_MIN_MS)));
    }
  }

  close(): void {
    this.closed = true;
    for (const writer of this.writers) writer.ledger.stop();
    this.writers.clear();
  }

  /** With nothing left to write, everything the document holds is durable: acknowledge every waiting writer. */
  acknowledgeAll(): void {
    let acks: AckEncoder | null = null;
    for (const connection of this.room.connections) {
      const deletes = connection.takeUnacknowledged();
      if (deletes) connection.sendAck((acks ??= ackEncoder(this.room.doc)), deletes);
    }
  }

  private async writeBatch(): Promise<void> {
    // A busy trip commits at most every COMMIT_INTERVAL_MS, gathering more moves per commit: each commit costs
    // CPU here and in PostgreSQL that the fan-out competes for, and a quiet trip still commits at once. 30 ms:
    // at 100 clients an edit still reaches its commit well within 100 ms, where a 50 ms pace nearly doubled that wait.
    const wait = this.lastCommitAt + COMMIT_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastCommitAt = performance.now();
    const batch = this.pending;
    const users = this.pendingUsers;
    const derived = this.unsentDerived;
    this.pending = [];
    this.pendingUsers = new Set();
    this.unsentDerived = [];
    // Everything in the document now is either in this batch or already durable, so the writes received
    // so far are all durable once this batch commits.
    const acks = ackEncoder(this.room.doc);
    const waiting = new Map<Connection, DeleteSet[]>();
    for (const connection of this.room.connections) {
      const deletes = connection.takeUnacknowledged();
      if (deletes) waiting.set(connection, deletes);
    }
    const marks = new Map<Connection, LedgerMark>();
    for (const writer of this.writers) {
      const mark = writer.ledger.mark();
      if (mark) marks.set(writer, mark);
    }
    const origin: ChangeOrigin = { source: 'connection', connectionId: 'batch', userId: users.size === 1 ? [...users][0] : null };
    try {
      // What the commit undid (limits held against the committed document) goes out as derived changes do.
      const undone = await this.hub.persist(this.room.tripId, merged(batch), origin, this.roles.check(marks));
      this.retryDelay = RETRY_MIN_MS;
      if (this.lastCommitFailed) this.logger.info({ tripId: this.room.tripId }, 'writing trip updates works again');
      this.lastCommitFailed = false;
      for (const [writer, mark] of marks) {
        writer.ledger.confirm(mark);
        if (!writer.ledger.pending) this.writers.delete(writer);
      }
      if (undone) derived.push(undone);
      if (derived.length) {
        const message = updateMessage(merged(derived));
        for (const connection of this.room.connections) connection.send(message);
      }
      for (const [connection, deletes] of waiting) connection.sendAck(acks, deletes);
    } catch (error) {
      for (const [connection, deletes] of waiting) connection.restoreUnacknowledged(deletes);
      for (const [writer, mark] of marks) writer.ledger.unmark(mark);
      if (error instanceof TripDocMissingError) {
        this.room.closeAll(COLLAB_CLOSE.notFound, 'Trip not found');
        return;
      }
      const lostAccess = error instanceof WritersLostAccess;
      if (lostAccess) {
        // Undone now (the undo joins the pending writes), the batch goes again at once: the log never holds
        // those writes without their undo.
        for (const writer of error.writers) {
          this.room.revertWrites(writer);
          this.writers.delete(writer);
        }
      } else {
        this.lastCommitFailed = true;
        this.logger.error({ err: error, tripId: this.room.tripId }, 'writing trip updates failed; retrying, and refusing new writes until it works');
      }
      this.pending = [...batch, ...this.pending];
      this.unsentDerived = [...derived, ...this.unsentDerived];
      for (const user of users) this.pendingUsers.add(user);
      if (lostAccess) return;
      await new Promise((resolve) => setTimeout(resolve, this.retryDelay));
      this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
    }
  }
}
