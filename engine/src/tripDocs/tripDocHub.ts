/**
 * One process's view of live trip documents, and the one persistence step both write paths end in
 * (docs/architecture.md#a-trip-changes-through-two-doors): in one transaction, lock the trip's `trip_docs` row,
 * catch up on log rows this process has not applied, append the new update, refresh the projection rows it
 * touched, compact now and then, commit; the append's NOTIFY tells every other process.
 *
 * Work on one trip is serialised in-process (a promise chain per trip) and across processes (the row lock).
 */
import * as Y from 'yjs';
import type { DataSource, EntityManager } from 'typeorm';
import { TRIP_DOC_SCHEMA_VERSION, type TTripRole } from '@caravan/shared';
import type { Logger } from '../lib/logger.ts';
import { SILENT_ACTIVITY_TYPES } from '../notifications/notificationDeriver.ts';
import { AppendGroup } from './appendGroup.ts';
import { holdCallerRole } from './callerRole.ts';
import { CommitLimits, mayBreakLimits, type TrackedWrites } from './commitLimits.ts';
import { originUserId, PEER_ORIGIN, type ChangeOrigin } from './origins.ts';
import { activityRow, projectTouched, touchedActivity } from './projection.ts';
import { planStops, writeStops, type ProjectedStops } from './stopsProjection.ts';
import { appendUpdate, catchUpAsUpdate, compact, insertSnapshot, lockTripDoc, readCatchUp, type CatchUp } from './tripDocLog.ts';
import { seedTripDoc } from './tripDocSeeder.ts';
import { TripDocMissingError } from './tripDocMissing.ts';
import { persistTimer, type PersistTimer } from './persistTimer.ts';
import { storedUpdatesOf } from './storedUpdates.ts';
import { isAnyTouched, trackTouchedRecords, type TouchedRecords, type TouchedTracker } from './touchedRecords.ts';

export interface LiveTripDoc {
  readonly tripId: string;
  readonly doc: Y.Doc;
  /** The newest log row applied to `doc`. */
  appliedThrough: bigint;
  /** Log rows since the last compaction, as far as this process knows. */
  rowsSinceCompaction: number;
  readonly touched: TouchedTracker;
  /** The stop rows as this process last committed them; null when another writer may have changed them since. */
  projectedStops: ProjectedStops | null;
  /** The limits a commit holds against the committed document (./commitLimits.ts). */
  readonly limits: CommitLimits;
  lastUsed: number;
}

export interface StoredTripDoc {
  readonly tripId: string;
  readonly caught: CatchUp;
}

export interface ChangeContext {
  doc: Y.Doc;
  manager: EntityManager;
  /** Runs document changes as this write's transaction (nested shared helpers join it). */
  transact: (change: () => void) => void;
  /** The writer's role as read under the lock for a trip call's own write (./callerRole.ts); undefined otherwise. */
  callerRole?: TTripRole;
}

/**
 * What a collab batch's commit checks against the truth under the trip's row lock (the writers' roles, say), on
 * top of the log being current: `verify` runs in the commit's transaction on the caught-up document and throws
 * to write nothing. `isCurrent` says the check is known to hold for the document as it is now, so the batch may
 * take the fast path, whose guard only proves no other commit came in between.
 */
export interface CommitCheck {
  isCurrent(doc: Y.Doc): boolean;
  verify(manager: EntityManager, doc: Y.Doc): Promise<void>;
}

export interface TripDocHubOptions {
  /** Log rows after which the snapshot is rewritten. */
  compactEvery?: number;
}

export class TripDocHub {
  private readonly docs = new Map<string, LiveTripDoc>();
  private readonly loading = new Map<string, Promise<LiveTripDoc | null>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly compactEvery: number;
  private readonly appends: AppendGroup;
  private readonly committedListeners = new Set<(tripId: string) => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    options: TripDocHubOptions = {},
  ) {
    this.compactEvery = options.compactEvery ?? 100;
    this.appends = new AppendGroup(dataSource);
  }

  /** Calls `listener` after each commit this hub makes for a trip (either door); returns the unsubscribe. */
  onCommitted(listener: (tripId: string) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  loaded(tripId: string): LiveTripDoc | undefined {
    return this.docs.get(tripId);
  }

  /** The trip's live document, loaded (or built from its rows, once) on first use; null for no such trip. */
  async open(id: string): Promise<LiveTripDoc | null> {
    const tripId = canonical(id);
    const live = this.docs.get(tripId);
    if (live) {
      live.lastUsed = Date.now();
      return live;
    }
    let pending = this.loading.get(tripId);
    if (!pending) {
      pending = this.load(tripId).finally(() => this.loading.delete(tripId));
      this.loading.set(tripId, pending);
    }
    return pending;
  }

  /** A server-origin change (REST calls): applied on the caught-up document and committed with `change`'s SQL. */
  async write<T>(id: string, origin: ChangeOrigin, change: (context: ChangeContext) => Promise<T> | T): Promise<T> {
    const tripId = canonical(id);
    return this.exclusive(tripId, async () => {
      const parts: Uint8Array[] = [];
      let live: LiveTripDoc | undefined;
      let committed: Appended | null = null;
      const capture = (update: Uint8Array, updateOrigin: unknown) => {
        if (updateOrigin === origin) parts.push(update);
      };
      try {
        const result = await this.dataSource.transaction(async (manager) => {
          live = await this.lockAndCatchUp(manager, tripId);
          const callerRole = await holdCallerRole(manager, tripId, origin);
          const { doc } = live;
          doc.on('update', capture);
          try {
            const value = await change({ doc, manager, transact: (fn) => doc.transact(fn, origin), callerRole });
            if (parts.length) {
              committed = await this.append(manager, live, Y.mergeUpdates(parts), origin, live.touched.take());
            }
            return value;
          } finally {
            doc.off('update', capture);
          }
        });
        if (live && committed) this.settle(live, committed);
        return result;
      } catch (error) {
        // The document in memory now holds changes that did not commit: forget it, the next use reloads.
        if (parts.length) this.unload(tripId);
        throw error;
      }
    });
  }

  /**
   * Reads the trip's document caught up on every process's commits, with no row lock: the log and any rows
   * `read` queries come from one snapshot (REPEATABLE READ), so they agree, and writers are not held up.
   */
  async read<T>(id: string, read: (context: { doc: Y.Doc; manager: EntityManager }) => Promise<T> | T): Promise<T> {
    const tripId = canonical(id);
    return this.exclusive(tripId, () =>
      this.dataSource.transaction('REPEATABLE READ', async (manager) => {
        const live = await this.open(tripId);
        if (!live) throw new TripDocMissingError(tripId);
        const caught = await readCatchUp(manager, tripId, live.appliedThrough);
        if (caught) this.applyCaughtUp(live, caught);
        live.lastUsed = Date.now();
        return read({ doc: live.doc, manager });
      }),
    );
  }

  /**
   * Persists an update already applied to the live document (a collab connection's batch), if `check` (the writers'
   * roles) holds. Answers what the commit undid besides (limits held against the committed document,
   * ./commitLimits.ts), already applied to the live document and committed with the batch, for the caller to send its
   * members; null for nothing.
   */
  async persist(tripId: string, update: Uint8Array, origin: ChangeOrigin, check?: CommitCheck): Promise<Uint8Array | null> {
    const timer = persistTimer(this.logger);
    let lockedBecause: LockedBecause | undefined;
    try {
      return await this.exclusive(tripId, async () => {
        timer.step('queued');
        const loaded = this.docs.get(tripId);
        const grouped = !check || (loaded && check.isCurrent(loaded.doc)) ? await this.persistIfCurrent(tripId, update, origin) : 'roles';
        timer.step('grouped');
        if (grouped === true) return null;
        lockedBecause = grouped;
        return await this.persistLocked(tripId, update, origin, timer, check);
      });
    } finally {
      timer.done({ tripId, path: lockedBecause ? 'locked' : 'grouped', lockedBecause, bytes: update.byteLength });
    }
  }

  /** Applies rows other processes committed (after their NOTIFY, up to `committedId`; or after a lost connection). */
  async catchUp(tripId: string, committedId?: bigint): Promise<void> {
    const known = (live: LiveTripDoc | undefined) => !live || (committedId !== undefined && live.appliedThrough >= committedId);
    // Our own commits come back through NOTIFY too: nothing to read for those.
    if (known(this.docs.get(tripId))) return;
    await this.exclusive(tripId, async () => {
      const live = this.docs.get(tripId);
      if (!live || known(live)) return;
      const caught = await readCatchUp(this.dataSource, tripId, live.appliedThrough);
      if (caught) this.applyCaughtUp(live, caught);
    });
  }

  /**
   * Rewrites the trip's stop rows from its stored document, as they would be had every commit projected
   * right (a projection `stale_projections` marks), and clears the mark. The document is read into a
   * throwaway copy, so loaded documents (a room's, say) are left alone.
   */
  async rebuildStops(id: string): Promise<void> {
    const tripId = canonical(id);
    await this.exclusive(tripId, async () => {
      await this.dataSource.transaction(async (manager) => {
        // A trip without a document has no other truth than its rows.
        const caught = (await lockTripDoc(manager, tripId)) && (await readCatchUp(manager, tripId, -1n));
        if (caught) {
          const doc = new Y.Doc();
          try {
            Y.applyUpdate(doc, catchUpAsUpdate(caught));
            await writeStops(manager, tripId, planStops(doc, null));
          } finally {
            doc.destroy();
          }
        }
        await manager.query(`DELETE FROM stale_projections WHERE trip_id = $1`, [tripId]);
      });
      const live = this.docs.get(tripId);
      if (live) live.projectedStops = null;
    });
  }

  /** Folds the log into the snapshot now (a room about to unload), so the next load reads one value. */
  async compactNow(id: string): Promise<void> {
    const tripId = canonical(id);
    await this.exclusive(tripId, () =>
      this.dataSource.transaction(async (manager) => {
        const live = await this.lockAndCatchUp(manager, tripId);
        if (live.rowsSinceCompaction === 0) return;
        await compact(manager, tripId, Y.encodeStateAsUpdate(live.doc), live.appliedThrough);
        live.rowsSinceCompaction = 0;
      }),
    );
  }

  unload(tripId: string): void {
    const live = this.docs.get(tripId);
    if (!live) return;
    this.docs.delete(tripId);
    live.touched.stop();
    live.limits.stop();
    live.doc.destroy();
  }

  /** Forgets documents nobody used for `idleMs` (the REST server's cache). */
  unloadIdle(idleMs: number, keep: (tripId: string) => boolean = () => false): void {
    const cutoff = Date.now() - idleMs;
    for (const [tripId, live] of this.docs) {
      if (live.lastUsed < cutoff && !keep(tripId) && !this.queues.has(tripId)) this.unload(tripId);
    }
  }

  /** Resolves once every queued write of every trip has finished (graceful shutdown). */
  async drain(): Promise<void> {
    while (this.queues.size) await Promise.allSettled([...this.queues.values()]);
  }

  private exclusive<T>(tripId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(tripId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(tripId, settled);
    void settled.then(() => {
      if (this.queues.get(tripId) === settled) this.queues.delete(tripId);
    });
    return next;
  }

  private async load(tripId: string): Promise<LiveTripDoc | null> {
    const stored = await this.readStored(tripId);
    return stored && this.openFrom(stored);
  }

  /**
   * The trip's document as stored, read without loading it (a cold join answers from these bytes while the
   * document loads); built from the trip's rows first if it has none. null for no such trip.
   */
  async readStored(id: string): Promise<StoredTripDoc | null> {
    const tripId = canonical(id);
    let caught = await readCatchUp(this.dataSource, tripId, -1n);
    if (!caught) {
      const seeded = await seedTripDoc(this.dataSource, tripId);
      if (!seeded) return null;
      await insertSnapshot(this.dataSource, tripId, Y.encodeStateAsUpdate(seeded), TRIP_DOC_SCHEMA_VERSION);
      seeded.destroy();
      this.logger.info({ tripId }, 'built the trip document from its rows');
      caught = await readCatchUp(this.dataSource, tripId, -1n);
      if (!caught) return null;
    }
    return { tripId, caught };
  }

  /**
   * The trip's document as its stored updates (./storedUpdates.ts), read in `db`'s snapshot when given, without
   * loading it here: for a worker thread to decode. null for no such trip.
   */
  async storedUpdates(id: string, db: DataSource | EntityManager = this.dataSource): Promise<Uint8Array[] | null> {
    const caught = (await readCatchUp(db, canonical(id), -1n)) ?? (await this.readStored(id))?.caught;
    return caught ? storedUpdatesOf(caught) : null;
  }

  /** The live document built from `stored` (or the one already loaded, which is at least as new). */
  openFrom(stored: StoredTripDoc): LiveTripDoc {
    const existing = this.docs.get(stored.tripId);
    if (existing) return existing;
    const doc = new Y.Doc();
    const live: LiveTripDoc = {
      tripId: stored.tripId,
      doc,
      appliedThrough: -1n,
      rowsSinceCompaction: 0,
      touched: trackTouchedRecords(doc),
      projectedStops: null,
      limits: new CommitLimits(doc, new Set([PEER_ORIGIN])),
      lastUsed: Date.now(),
    };
    this.applyCaughtUp(live, stored.caught);
    live.touched.take();
    live.limits.take();
    this.docs.set(stored.tripId, live);
    return live;
  }

  private applyCaughtUp(live: LiveTripDoc, caught: CatchUp): void {
    live.limits.notePeer(caught);
    // Whoever wrote these rows wrote the stop rows too.
    if (caught.rows.length || caught.state) live.projectedStops = null;
    if (caught.state) {
      Y.applyUpdate(live.doc, caught.state, PEER_ORIGIN);
      live.rowsSinceCompaction = 0;
    }
    if (caught.compactedThrough > live.appliedThrough) live.appliedThrough = caught.compactedThrough;
    for (const row of caught.rows) {
      Y.applyUpdate(live.doc, row.update, PEER_ORIGIN);
      live.appliedThrough = row.id;
      live.rowsSinceCompaction += 1;
    }
  }

  /** `persist` under the trip's row lock: the writers' roles and the limits checked against the committed document. */
  private async persistLocked(tripId: string, update: Uint8Array, origin: ChangeOrigin, timer: PersistTimer, check?: CommitCheck): Promise<Uint8Array | null> {
    let live: LiveTripDoc | undefined;
    let touched: TouchedRecords | undefined;
    let writes: TrackedWrites | undefined;
    try {
      const committed = await this.dataSource.transaction(async (manager) => {
        live = await this.lockAndCatchUp(manager, tripId);
        timer.step('lock');
        await check?.verify(manager, live.doc);
        timer.step('roles');
        writes = live.limits.take();
        const held = await live.limits.hold(manager, tripId, update, writes);
        if (held.undone) this.logger.info({ tripId, undone: held.undone }, 'the commit undid writes past the trip\'s limits');
        timer.step('limits');
        touched = live.touched.take();
        const appended = await this.append(manager, live, held.update, origin, touched);
        timer.step('append');
        return appended;
      });
      timer.step('commit');
      this.settle(live!, committed);
      return live!.limits.committed();
    } catch (error) {
      // The caller retries with the same update; the projection must be rewritten then too.
      if (live && touched) live.touched.putBack(touched);
      if (live && writes) live.limits.putBack(writes);
      if (live) live.projectedStops = null;
      throw error;
    }
  }

  /**
   * The fast path for a batch that touched only stops and silent activity while no compaction is due: one statement
   * (shared with other trips' batches, see AppendGroup), committed only if this process's document is current.
   * Otherwise (nothing written) why the batch needs the locked path.
   */
  private async persistIfCurrent(tripId: string, update: Uint8Array, origin: ChangeOrigin): Promise<true | LockedBecause> {
    const live = this.docs.get(tripId);
    if (!live) return 'not loaded';
    if (live.rowsSinceCompaction + 1 >= this.compactEvery) return 'compaction';
    const touched = live.touched.take();
    const activity = touched.suggestions.size || touched.comments.size ? null : touchedActivity(live.doc, touched.activity);
    if (!activity?.every((entry) => SILENT_ACTIVITY_TYPES.has(entry.activityType))) {
      live.touched.putBack(touched);
      return 'records';
    }
    // Another process's rows came in since this one's last commit, and this batch may go over a limit with
    // them: the slow path checks it against the committed document (./commitLimits.ts).
    const writes = live.limits.take();
    if (live.limits.hasUncommitted || mayBreakLimits(live.doc, writes)) {
      live.touched.putBack(touched);
      live.limits.putBack(writes);
      return 'limits';
    }
    const plan = touched.stops ? planStops(live.doc, live.projectedStops) : null;
    let id: bigint | null = null;
    try {
      id = await this.appends.append({
        tripId,
        expectedLastId: live.appliedThrough,
        update,
        origin: origin.source,
        userId: originUserId(origin),
        stops: plan,
        activity: activity.map(activityRow),
      });
    } finally {
      if (id === null) {
        live.touched.putBack(touched);
        live.limits.putBack(writes);
      }
    }
    if (id === null) return 'behind';
    this.settle(live, { id, projectedStops: plan?.projected ?? live.projectedStops });
    live.rowsSinceCompaction += 1;
    live.lastUsed = Date.now();
    return true;
  }

  private settle(live: LiveTripDoc, committed: Appended): void {
    live.appliedThrough = committed.id;
    live.projectedStops = committed.projectedStops;
    for (const listener of this.committedListeners) listener(live.tripId);
  }

  private async lockAndCatchUp(manager: EntityManager, tripId: string): Promise<LiveTripDoc> {
    const live = await this.open(tripId);
    const locked = live && (await lockTripDoc(manager, tripId));
    if (!live || !locked) throw new TripDocMissingError(tripId);
    // Nobody appended since this process last caught up: nothing to read.
    const current = locked.lastUpdateId === live.appliedThrough && locked.compactedThrough <= live.appliedThrough;
    const caught = current ? null : await readCatchUp(manager, tripId, live.appliedThrough);
    if (caught) this.applyCaughtUp(live, caught);
    live.lastUsed = Date.now();
    return live;
  }

  /** Appends under the row lock, projects what changed, compacts when due; what to settle once committed. */
  private async append(
    manager: EntityManager,
    live: LiveTripDoc,
    update: Uint8Array,
    origin: ChangeOrigin,
    touched: TouchedRecords,
  ): Promise<Appended> {
    const id = await appendUpdate(manager, live.tripId, update, origin.source, originUserId(origin));
    const projectedStops = isAnyTouched(touched)
      ? await projectTouched(manager, live.tripId, live.doc, touched, live.projectedStops)
      : live.projectedStops;
    live.rowsSinceCompaction += 1;
    if (live.rowsSinceCompaction >= this.compactEvery) {
      await compact(manager, live.tripId, Y.encodeStateAsUpdate(live.doc), id);
      live.rowsSinceCompaction = 0;
    }
    return { id, projectedStops };
  }
}

/**
 * Why a batch was persisted under the trip's row lock rather than grouped (logged with a slow persist): its writers'
 * roles are to be read, no document is loaded, a compaction is due, it wrote activity, comments or suggestions, it may
 * go over a limit, or another process appended since this one caught up.
 */
type LockedBecause = 'roles' | 'not loaded' | 'compaction' | 'records' | 'limits' | 'behind';

/** What an append leaves for the live document to take on once its transaction commits. */
interface Appended {
  id: bigint;
  projectedStops: ProjectedStops | null;
}


/** One live document per trip: uuids may arrive in capitals. */
const canonical = (tripId: string) => tripId.toLowerCase();

