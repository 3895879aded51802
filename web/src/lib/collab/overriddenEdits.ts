/**
 * Tells when another member's concurrent change replaced this member's change of a stop (issue 45 §3, "nobody's
 * edit lost in silence"). A Yjs map keeps one value per key: when two members write the same key of a stop (its
 * order `pos`, its name, notes…) without having seen each other's write, one write wins and the other's item is
 * deleted on arrival. Whether the winner saw this member's write is in its item: each map write names as its origin
 * the value it replaced, so following origins back from the winner either reaches this member's item (a later
 * change made knowing it: not an override) or passes it by (made at the same time: an override). Offline merges
 * are the same case, later: every remote transaction is checked against the keys this member wrote recently.
 */
import * as Y from 'yjs';
import { stopsMap } from '@caravan/shared';

export interface OverriddenEdit {
  stopId: string;
  /** The stop's key that was overwritten: `pos` (its place in the order) or a field. */
  key: string;
  /** This member's value that lost, to write again. */
  mine: unknown;
  /** The Yjs client whose concurrent write was kept; its awareness state names the member. */
  byClient: number;
}

export interface OverriddenEditOptions {
  /** Whether a transaction is this member's own change (their edits, their Undo and Redo). */
  isOwn: (origin: unknown) => boolean;
  /** Called once per remote transaction that overrode any of this member's recent writes. */
  onOverridden: (edits: OverriddenEdit[]) => void;
  /** How many of this member's writes (the latest per stop and key) are remembered; the oldest are forgotten. */
  limit?: number;
}

export const OWN_WRITES_LIMIT = 500;

interface OwnWrite {
  id: Y.ID;
  mine: unknown;
}

const writeKey = (stopId: string, key: string) => `${stopId}\u0000${key}`;

/** The stop a changed type is the record of, or null (the stop list itself, or any other part of the document). */
function stopIdOf(type: Y.AbstractType<Y.YEvent<any>>, stops: Y.Map<unknown>): string | null {
  const item = type._item;
  return item && item.parent === stops && item.parentSub !== null ? item.parentSub : null;
}

/**
 * The write that replaced `mine` without having seen it, or null when the current value was written knowing it.
 * `winner` is the key's current value, right of `mine` in the key's list of writes.
 */
function concurrentWinner(store: Y.Doc['store'], mine: Y.Item, winner: Y.Item): Y.Item | null {
  const rightOfMine = new Set<Y.Item>();
  for (let item = mine.right; item; item = item.right) rightOfMine.add(item);
  let current = winner;
  while (current.origin) {
    if (Y.compareIDs(current.origin, mine.id)) return null;
    const origin = Y.getItem(store, current.origin);
    // The origin is left of this member's write: `current` was written over an older value, not over theirs.
    if (!(origin instanceof Y.Item) || !rightOfMine.has(origin)) return current;
    current = origin;
  }
  return current;
}

/** Watches `doc` for this member's overridden stop writes; returns the way to stop watching. */
export function watchOverriddenEdits(doc: Y.Doc, options: OverriddenEditOptions): () => void {
  const limit = options.limit ?? OWN_WRITES_LIMIT;
  const stops = stopsMap(doc) as Y.Map<unknown>;
  const ownWrites = new Map<string, OwnWrite>();

  const remember = (transaction: Y.Transaction) => {
    const clock = transaction.beforeState.get(doc.clientID) ?? 0;
    transaction.changed.forEach((keys, type) => {
      const stopId = stopIdOf(type, stops);
      if (stopId === null) return;
      // A stop this transaction added: nobody else can have written its keys yet (an import adds thousands of keys so).
      const stopItem = type._item!;
      if (stopItem.id.client === doc.clientID && stopItem.id.clock >= clock) return;
      for (const key of keys) {
        if (key === null) continue;
        const item = type._map.get(key);
        const name = writeKey(stopId, key);
        ownWrites.delete(name);
        if (!item || item.deleted || item.id.client !== doc.clientID || item.id.clock < clock) continue;
        ownWrites.set(name, { id: item.id, mine: item.content.getContent()[0] });
        if (ownWrites.size > limit) ownWrites.delete(ownWrites.keys().next().value!);
      }
    });
  };

  const check = (transaction: Y.Transaction) => {
    const overridden: OverriddenEdit[] = [];
    transaction.changed.forEach((keys, type) => {
      const stopId = stopIdOf(type, stops);
      if (stopId === null || type._item?.deleted) return;
      for (const key of keys) {
        if (key === null) continue;
        const name = writeKey(stopId, key);
        const own = ownWrites.get(name);
        if (!own || !Y.isDeleted(transaction.deleteSet, own.id)) continue;
        ownWrites.delete(name);
        const mine = Y.getItem(doc.store, own.id);
        const winner = type._map.get(key);
        // The key itself was removed (or the write was never in this stop): no value won over this member's.
        if (!(mine instanceof Y.Item) || mine.parent !== type || !winner || winner.deleted) continue;
        const by = concurrentWinner(doc.store, mine, winner);
        if (by && by.id.client !== doc.clientID) overridden.push({ stopId, key, mine: own.mine, byClient: by.id.client });
      }
    });
    if (overridden.length) options.onOverridden(overridden);
  };

  const onTransaction = (transaction: Y.Transaction) => {
    if (options.isOwn(transaction.origin)) remember(transaction);
    else if (ownWrites.size) check(transaction);
  };
  doc.on('afterTransaction', onTransaction);
  return () => doc.off('afterTransaction', onTransaction);
}

/** Writes this member's values again, in the caller's transaction (make it this member's own, so Undo takes it back). */
export function writeMineAgain(doc: Y.Doc, edits: readonly OverriddenEdit[]): boolean {
  let wrote = false;
  for (const { stopId, key, mine } of edits) {
    const stop = stopsMap(doc).get(stopId);
    if (!stop || stop.get(key) === mine) continue;
    stop.set(key, mine);
    wrote = true;
  }
  return wrote;
}
