/**
 * A trip's limits and "closed" held at the commit, against the committed document under the trip's lock
 * (docs/architecture.md#limits-hold-at-the-commit), whichever process applied the writes.
 *
 * The live door checks each member's update against its own process's copy of the document; that copy is the
 * committed document plus this process's unwritten writes only while no other process committed in between.
 * Two processes holding one trip (a failover window, a client on a stale route) each check against their own
 * copy: both may add the last stops that fit, or one counts a vote on a poll the other has just closed. So a
 * batch committed after other processes' rows were applied here is checked once more, in its commit, against
 * what is committed (read under the row lock) plus the batch, and what goes over is undone in the same commit,
 * as the live door undoes a late vote:
 * - every count limit (stops, lists, items, polls, expenses, payments) counts what is live; entries the batch
 *   made past the limit are deleted, the last of the trip's order (stops) or the newest first;
 * - an id deleted before is never used again: a list, item, poll, expense or payment brought back under it is
 *   deleted again, and so is an item the batch wrote into a list that is gone;
 * - a vote (or its take-back) on a poll closed, or a suggestion reviewed, before the batch committed is put back
 *   as it was committed.
 * The undo is applied to the live document with `COMMIT_CORRECTION_ORIGIN` and appended with the batch; the
 * caller sends it to its members once committed, other processes get it as any other row.
 * REST commands need none of this: each checks its limit on the caught-up document under the same lock.
 *
 * The check against the committed document reads the whole document, so it runs only when the cheap signs say
 * it may find something (`mayBreakLimits`): rows of other processes were applied since this process's last
 * commit, and a limit is passed in the live copy, or the batch voted on something closed, or wrote an entry whose
 * value one of those rows deleted (a delete there, an edit here), or wrote an item into a list that is gone.
 */
import * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import {
  CHECKLIST_ROOTS,
  COLLAB_LIMITS,
  DECISION_ROOTS,
  MAX_CHECKLISTS,
  MAX_CHECKLIST_ITEMS,
  MAX_POLLS,
  MONEY_ENTRIES_MAX,
  MONEY_ROOT,
  ROOT,
  orderedStops,
  parseVoteKey,
} from '@caravan/shared';
import type { ChangeOrigin } from './origins.ts';
import { catchUpAsUpdate, readCatchUp, type CatchUp } from './tripDocLog.ts';

/** The origin of the undo a commit makes: committed with the batch, so a room sends it only once committed. */
export const COMMIT_CORRECTION_ORIGIN: ChangeOrigin = Object.freeze({ source: 'server', userId: null });

/** The count limits of a trip document, by root. */
const COUNTED: ReadonlyArray<{ root: string; max: number }> = [
  { root: ROOT.stops, max: COLLAB_LIMITS.maxStopsPerTrip },
  { root: CHECKLIST_ROOTS.lists, max: MAX_CHECKLISTS },
  { root: CHECKLIST_ROOTS.items, max: MAX_CHECKLIST_ITEMS },
  { root: DECISION_ROOTS.polls, max: MAX_POLLS },
  { root: MONEY_ROOT.expenses, max: MONEY_ENTRIES_MAX },
  { root: MONEY_ROOT.payments, max: MONEY_ENTRIES_MAX },
];
/** Roots of plain-value entries whose deleted ids are never used again (stops are: an Undo restores a stop under its id). */
const ONCE_ROOTS: readonly string[] = [CHECKLIST_ROOTS.lists, CHECKLIST_ROOTS.items, DECISION_ROOTS.polls, MONEY_ROOT.expenses, MONEY_ROOT.payments];
/** Roots whose written keys are tracked between commits. */
const TRACKED_ROOTS: readonly string[] = [...ONCE_ROOTS, DECISION_ROOTS.votes];

/** Writes to the trip document since the last commit: this process's keys per root, and other processes' rows. */
export interface TrackedWrites {
  /** Rows another process committed were applied. */
  peerApplied: boolean;
  /** Their updates (null: a snapshot came too, or more than MAX_PEER_UPDATES, so what they deleted is not known here). */
  peerUpdates: Uint8Array[] | null;
  local: Map<string, Set<string>>;
}

const noWrites = (): TrackedWrites => ({ peerApplied: false, peerUpdates: [], local: new Map() });

/**
 * Other processes' updates kept between two commits, at most: past it they are forgotten (null), and the next
 * commit with a write to a counted entry checks against the committed document. A process that never persists
 * (the REST server's hub) so keeps no more than this.
 */
const MAX_PEER_UPDATES = 256;

function addKeys(into: Map<string, Set<string>>, root: string, keys: Iterable<string>): void {
  let set = into.get(root);
  if (!set) into.set(root, (set = new Set()));
  for (const key of keys) set.add(key);
}

/**
 * One live document's commit-time limits: the writes since the last commit, and undo changes applied to the
 * document but not committed yet (a failed commit; the next one appends them).
 */
export class CommitLimits {
  private writes = noWrites();
  private uncommitted: Uint8Array[] = [];
  private readonly roots: Map<Y.AbstractType<unknown>, string>;

  constructor(
    private readonly doc: Y.Doc,
    /** The origins other processes' rows are applied with. */
    private readonly peerOrigins: ReadonlySet<unknown>,
  ) {
    this.roots = new Map(TRACKED_ROOTS.map((root) => [doc.getMap(root) as Y.AbstractType<unknown>, root]));
    doc.on('afterTransaction', this.onTransaction);
  }

  /** The writes since the previous take; tracking starts afresh. */
  take(): TrackedWrites {
    const taken = this.writes;
    this.writes = noWrites();
    return taken;
  }

  /** Gives back what a failed commit had taken. */
  putBack(taken: TrackedWrites): void {
    const writes = this.writes;
    writes.peerApplied ||= taken.peerApplied;
    const kept = taken.peerUpdates && writes.peerUpdates && [...taken.peerUpdates, ...writes.peerUpdates];
    writes.peerUpdates = kept && kept.length <= MAX_PEER_UPDATES ? kept : null;
    for (const [root, keys] of taken.local) addKeys(writes.local, root, keys);
  }

  /** Rows another process committed, about to be applied to the document (as a peer's change). */
  notePeer(caught: CatchUp): void {
    if (!caught.state && !caught.rows.length) return;
    const writes = this.writes;
    writes.peerApplied = true;
    const kept = caught.state || !writes.peerUpdates ? null : [...writes.peerUpdates, ...caught.rows.map((row) => row.update)];
    writes.peerUpdates = kept && kept.length <= MAX_PEER_UPDATES ? kept : null;
  }

  /** Undo changes applied but not committed: whoever commits next must append them (the fast path may not). */
  get hasUncommitted(): boolean {
    return this.uncommitted.length > 0;
  }

  /**
   * Under the trip's row lock, caught up: checks the batch `update` (already applied to the document) against
   * the committed document when `writes` give cause, and undoes what goes over. Returns what to append: the
   * batch with every undo not yet committed. `committed()` hands the undo over once the transaction commits.
   */
  async hold(manager: EntityManager, tripId: string, update: Uint8Array, writes: TrackedWrites): Promise<{ update: Uint8Array; undone: number }> {
    let undone = 0;
    if (mayBreakLimits(this.doc, writes)) {
      const batch = this.uncommitted.length ? Y.mergeUpdates([update, ...this.uncommitted]) : update;
      const corrections = await correctionsAgainstCommitted(manager, tripId, batch);
      const applied = corrections.length ? this.apply(corrections) : null;
      if (applied) {
        this.uncommitted.push(applied);
        undone = corrections.length;
      }
    }
    return { update: this.uncommitted.length ? Y.mergeUpdates([update, ...this.uncommitted]) : update, undone };
  }

  /** The undo the commit just made durable (null: none), for the members; forgotten here. */
  committed(): Uint8Array | null {
    const done = this.uncommitted;
    this.uncommitted = [];
    return done.length === 0 ? null : done.length === 1 ? done[0] : Y.mergeUpdates(done);
  }

  stop(): void {
    this.doc.off('afterTransaction', this.onTransaction);
  }

  private apply(corrections: Correction[]): Uint8Array | null {
    const parts: Uint8Array[] = [];
    const capture = (update: Uint8Array, origin: unknown) => {
      if (origin === COMMIT_CORRECTION_ORIGIN) parts.push(update);
    };
    this.doc.on('update', capture);
    try {
      this.doc.transact(() => {
        for (const { root, key, restore } of corrections) {
          const map = this.doc.getMap<unknown>(root);
          if (restore === undefined) map.delete(key);
          else map.set(key, restore);
        }
      }, COMMIT_CORRECTION_ORIGIN);
    } finally {
      this.doc.off('update', capture);
    }
    return parts.length === 0 ? null : parts.length === 1 ? parts[0] : Y.mergeUpdates(parts);
  }

  /** Keys this process's writes changed (a peer's are told by `notePeer`, and their keys do not matter). */
  private readonly onTransaction = (transaction: Y.Transaction): void => {
    const origin = transaction.origin;
    if (origin === COMMIT_CORRECTION_ORIGIN || this.peerOrigins.has(origin)) return;
    for (const [type, keys] of transaction.changed) {
      const root = this.roots.get(type as Y.AbstractType<unknown>);
      if (root) addKeys(this.writes.local, root, [...keys].filter((key): key is string => key !== null));
    }
  };
}

/** A key of a root to put back as committed: `restore` undefined deletes it. */
interface Correction {
  root: string;
  key: string;
  restore: unknown;
}

const liveCount = (doc: Y.Doc, root: string) => doc.getMap(root).size;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a vote's target, as `doc` holds it, takes no votes: a poll closed, or a suggestion reviewed. */
function closedToVotes(doc: Y.Doc, key: string): boolean {
  const vote = parseVoteKey(key);
  if (!vote) return false;
  if (vote.target === 'poll') {
    const poll = doc.getMap<unknown>(DECISION_ROOTS.polls).get(vote.id);
    return isRecord(poll) && poll.closedAt !== null && poll.closedAt !== undefined;
  }
  const suggestion = doc.getMap<unknown>(ROOT.suggestions).get(vote.id);
  return suggestion instanceof Y.Map && suggestion.get('status') !== 'pending';
}

/**
 * Whether committing `writes` may break a limit the live door checked against a copy that was not the committed
 * document: cheap (counts and the written keys only), and false whenever no other process's rows came in since
 * the last commit, so one process alone never pays for the full check.
 */
export function mayBreakLimits(doc: Y.Doc, writes: TrackedWrites): boolean {
  if (!writes.peerApplied) return false;
  if (COUNTED.some(({ root, max }) => liveCount(doc, root) > max)) return true;
  for (const key of writes.local.get(DECISION_ROOTS.votes) ?? []) if (closedToVotes(doc, key)) return true;
  if (ONCE_ROOTS.some((root) => writes.local.get(root)?.size)) {
    if (writes.peerUpdates === null) return true;
    // An entry written here whose earlier value a peer's row deleted: deleted there while edited here, perhaps.
    const deleted = Y.mergeDeleteSets(writes.peerUpdates.map((update) => Y.decodeUpdate(update).ds));
    for (const root of ONCE_ROOTS) {
      const map = doc.getMap<unknown>(root);
      for (const key of writes.local.get(root) ?? []) {
        for (let item = map._map.get(key) ?? null; item; item = item.left) if (Y.isDeleted(deleted, item.id)) return true;
      }
    }
  }
  const lists = doc.getMap<unknown>(CHECKLIST_ROOTS.lists);
  const items = doc.getMap<unknown>(CHECKLIST_ROOTS.items);
  for (const key of writes.local.get(CHECKLIST_ROOTS.items) ?? []) {
    const item = items.get(key);
    if (isRecord(item) && typeof item.listId === 'string' && !lists.has(item.listId)) return true;
  }
  return false;
}

/** What the committed document held, for the comparison. */
interface Committed {
  live: Map<string, Set<string>>;
  held: Map<string, Set<string>>;
  votes: Map<string, unknown>;
  closed: (key: string) => boolean;
  items: Map<string, unknown>;
}

const liveKeys = (doc: Y.Doc, root: string) => new Set(doc.getMap<unknown>(root).keys());

/**
 * The committed document (read under the row lock) with `batch` applied: what goes over a limit, brings back a
 * deleted id or votes on what closed before the batch, as changes to put it right. Empty when nothing does.
 */
async function correctionsAgainstCommitted(manager: EntityManager, tripId: string, batch: Uint8Array): Promise<Correction[]> {
  const caught = await readCatchUp(manager, tripId, -1n);
  if (!caught) return [];
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, catchUpAsUpdate(caught));
    const committed = readCommitted(doc);
    Y.applyUpdate(doc, batch);
    return corrections(doc, committed);
  } finally {
    doc.destroy();
  }
}

function readCommitted(doc: Y.Doc): Committed {
  const closedPolls = new Set<string>();
  for (const [id, poll] of doc.getMap<unknown>(DECISION_ROOTS.polls)) if (isRecord(poll) && poll.closedAt !== null && poll.closedAt !== undefined) closedPolls.add(id);
  const reviewed = new Set<string>();
  for (const [id, suggestion] of doc.getMap<unknown>(ROOT.suggestions)) if (suggestion instanceof Y.Map && suggestion.get('status') !== 'pending') reviewed.add(id);
  return {
    live: new Map([...COUNTED.map(({ root }) => root), ...ONCE_ROOTS].map((root) => [root, liveKeys(doc, root)])),
    held: new Map(ONCE_ROOTS.map((root) => [root, new Set(doc.getMap(root)._map.keys())])),
    votes: new Map(doc.getMap<unknown>(DECISION_ROOTS.votes).entries()),
    closed: (key) => {
      const vote = parseVoteKey(key);
      return vote !== null && (vote.target === 'poll' ? closedPolls.has(vote.id) : reviewed.has(vote.id));
    },
    items: new Map(doc.getMap<unknown>(CHECKLIST_ROOTS.items).entries()),
  };
}

const createdAtOf = (value: unknown) => (isRecord(value) && typeof value.createdAt === 'string' ? value.createdAt : '');

/** `doc` is the committed document with the batch applied; `committed` what it held before. */
function corrections(doc: Y.Doc, committed: Committed): Correction[] {
  const found: Correction[] = [];
  const removed = new Map<string, Set<string>>(COUNTED.map(({ root }) => [root, new Set()]));
  const remove = (root: string, key: string) => {
    if (removed.get(root)!.has(key)) return;
    removed.get(root)!.add(key);
    found.push({ root, key, restore: undefined });
  };
  const isLive = (root: string, key: string) => doc.getMap(root).has(key) && !removed.get(root)!.has(key);
  const isNew = (root: string, key: string) => !committed.live.get(root)!.has(key);

  // Ids deleted before, written again: deleted again.
  for (const root of ONCE_ROOTS) {
    for (const key of doc.getMap(root).keys()) if (isNew(root, key) && committed.held.get(root)!.has(key)) remove(root, key);
  }

  /** Takes the batch's newest entries of `root` out until it holds `max`; `order` sorts them oldest first. */
  const holdCount = (root: string, max: number, order: (keys: string[]) => string[]) => {
    const live = [...doc.getMap(root).keys()].filter((key) => isLive(root, key));
    let excess = live.length - max;
    if (excess <= 0) return;
    const added = order(live.filter((key) => isNew(root, key)));
    while (excess > 0 && added.length) {
      remove(root, added.pop()!);
      excess -= 1;
    }
  };
  const newestLast = (root: string) => (keys: string[]) => {
    const map = doc.getMap<unknown>(root);
    return keys.sort((a, b) => createdAtOf(map.get(a)).localeCompare(createdAtOf(map.get(b))) || a.localeCompare(b));
  };

  holdCount(CHECKLIST_ROOTS.lists, MAX_CHECKLISTS, newestLast(CHECKLIST_ROOTS.lists));
  // Items the batch wrote into a list that is gone: a new one goes, a changed one is put back as committed.
  const items = doc.getMap<unknown>(CHECKLIST_ROOTS.items);
  for (const [key, item] of items) {
    if (!isLive(CHECKLIST_ROOTS.items, key) || !isRecord(item) || typeof item.listId !== 'string') continue;
    if (isLive(CHECKLIST_ROOTS.lists, item.listId)) continue;
    const before = committed.items.get(key);
    if (before === undefined) remove(CHECKLIST_ROOTS.items, key);
    else if (JSON.stringify(before) !== JSON.stringify(item)) found.push({ root: CHECKLIST_ROOTS.items, key, restore: before });
  }
  holdCount(CHECKLIST_ROOTS.items, MAX_CHECKLIST_ITEMS, newestLast(CHECKLIST_ROOTS.items));
  holdCount(DECISION_ROOTS.polls, MAX_POLLS, newestLast(DECISION_ROOTS.polls));
  holdCount(MONEY_ROOT.expenses, MONEY_ENTRIES_MAX, newestLast(MONEY_ROOT.expenses));
  holdCount(MONEY_ROOT.payments, MONEY_ENTRIES_MAX, newestLast(MONEY_ROOT.payments));
  holdCount(ROOT.stops, COLLAB_LIMITS.maxStopsPerTrip, (keys) => {
    const order = new Map(orderedStops(doc).map((stop, index) => [stop.id, index]));
    return keys.sort((a, b) => order.get(a)! - order.get(b)!);
  });

  // Votes: on what closed before the batch, back to what was committed; on a poll taken out above, gone.
  const votes = doc.getMap<unknown>(DECISION_ROOTS.votes);
  const removedPolls = removed.get(DECISION_ROOTS.polls)!;
  for (const key of new Set([...votes.keys(), ...committed.votes.keys()])) {
    const value = votes.get(key);
    const vote = parseVoteKey(key);
    if (vote?.target === 'poll' && removedPolls.has(vote.id)) {
      if (value !== undefined) found.push({ root: DECISION_ROOTS.votes, key, restore: undefined });
      continue;
    }
    const before = committed.votes.get(key);
    if (JSON.stringify(value) === JSON.stringify(before) || !committed.closed(key)) continue;
    found.push({ root: DECISION_ROOTS.votes, key, restore: before });
  }
  return found;
}
