/**
 * A room's write queue: the members' accepted edits and the server's derived changes, persisted in batches
 * (one transaction per batch, the next batch starts when the previous commit ends); only after a commit do
 * the writers get the acknowledgement (the durable state vector and their durable deletions), and derived
 * changes reach the members. A failed write keeps the batch in memory and retries; until a commit succeeds again
 * (the database is back) the room takes no new writes (`failing`: the connections close them with
 * COLLAB_CLOSE.tryAgain), so what it holds uncommitted stays what it held when the commits stopped.
 */
import * as Y from 'yjs';
import { ackEncoder, COLLAB_CLOSE, type AckEncoder } from '@caravan/shared';
import { type ChangeOrigin, type Logger, type TripDocHub, TripDocMissingError } from '@caravan/engine';
import { updateMessage, type Connection } from './connection.ts';
import type { DeleteSet } from './updateStructure.ts';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;
const COMMIT_INTERVAL_MS = 30;

/** What the queue needs of its room: the document, who is connected, and closing them all. */
export interface WriteQueueRoom {
  readonly tripId: string;
  readonly doc: Y.Doc;
  readonly connections: ReadonlySet<Connection>;
  closeAll(code: number, reason: string): void;
}

export const merged = (updates: Uint8Array[]): Uint8Array => (updates.length === 1 ? updates[0] : Y.mergeUpdates(updates));

export class WriteQueue {
  private pending: Uint8Array[] = [];
  /** Server-derived updates not yet committed: members get them only once they are. */
  private unsentDerived: Uint8Array[] = [];
  private pendingUsers = new Set<number>();
  private writing: Promise<void> | null = null;
  private retryDelay = RETRY_MIN_MS;
  private lastCommitAt = Number.NEGATIVE_INFINITY;
  private closed = false;
  private lastCommitFailed = false;

  constructor(
    private readonly room: WriteQueueRoom,
    private readonly hub: TripDocHub,
    private readonly logger: Logger,
  ) {}

  get hasUnwritten(): boolean {
    return this.pending.length > 0 || this.writing !== null;
  }

  /** The last commit failed and no commit has succeeded since: new writes cannot be committed now. */
  get failing(): boolean {
    return this.lastCommitFailed;
  }

  /** A member's accepted edit, written with the next batch. */
  addEdit(update: Uint8Array, userId: number): void {
    this.pending.push(update);
    this.pendingUsers.add(userId);
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

  /** Writes everything pending now (graceful shutdown), retrying until it is written or `deadline` passes. */
  async flush(deadline = Date.now() + 10_000): Promise<void> {
    while (this.hasUnwritten && Date.now() < deadline) {
      this.start();
      await (this.writing ?? new Promise((resolve) => setTimeout(resolve, RETRY_MIN_MS)));
    }
  }

  close(): void {
    this.closed = true;
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
    const origin: ChangeOrigin = { source: 'connection', connectionId: 'batch', userId: users.size === 1 ? [...users][0] : null };
    try {
      // What the commit undid (limits held against the committed document) goes out as derived changes do.
      const undone = await this.hub.persist(this.room.tripId, merged(batch), origin);
      this.retryDelay = RETRY_MIN_MS;
      if (this.lastCommitFailed) this.logger.info({ tripId: this.room.tripId }, 'writing trip updates works again');
      this.lastCommitFailed = false;
      if (undone) derived.push(undone);
      if (derived.length) {
        const message = updateMessage(merged(derived));
        for (const connection of this.room.connections) connection.send(message);
      }
      for (const [connection, deletes] of waiting) connection.sendAck(acks, deletes);
    } catch (error) {
      for (const [connection, deletes] of waiting) connection.restoreUnacknowledged(deletes);
      if (error instanceof TripDocMissingError) {
        this.room.closeAll(COLLAB_CLOSE.notFound, 'Trip not found');
        return;
      }
      this.lastCommitFailed = true;
      this.logger.error({ err: error, tripId: this.room.tripId }, 'writing trip updates failed; retrying, and refusing new writes until it works');
      this.pending = [...batch, ...this.pending];
      this.unsentDerived = [...derived, ...this.unsentDerived];
      for (const user of users) this.pendingUsers.add(user);
      await new Promise((resolve) => setTimeout(resolve, this.retryDelay));
      this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
    }
  }
}
