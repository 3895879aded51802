/**
 * This member's Undo and Redo of a trip, kept on the device so they survive a reload (issue 45 §3). Each stack item
 * is what the UndoManager holds: the delete set of the items its change inserted and of those it deleted, saved as
 * Yjs snapshots. Undoing a deletion writes the deleted items again, so their content must still be in the document
 * after the reload: Yjs drops deleted content while loading unless told to keep it, which `keepsItem` (the Y.Doc's
 * gcFilter) does for every item the saved stacks deleted. The stacks only ever hold this tab's own changes (the
 * UndoManager tracks this tab's origin), and they are kept per trip and user, so another member signed in on the
 * same device never gets them.
 */
import * as Y from 'yjs';
import { fromBase64, toBase64 } from 'lib0/buffer';

/** The most stack items kept, each of Undo and Redo: older ones are dropped, here and on the device. */
export const UNDO_HISTORY_LIMIT = 100;
const FORMAT = 1;

type StackItem = Y.UndoManager['undoStack'][number];
type DeleteSet = StackItem['deletions'];

/** Where the history is kept on the device (localStorage in the browser; a test passes its own). */
export interface UndoHistoryStore {
  read(): string | null;
  write(text: string): void;
  remove(): void;
}

interface StoredItem {
  /** Inserted and deleted items, each a snapshot (its delete set; no state vector) in base64. */
  inserted: string;
  deleted: string;
  meta?: Array<[string, unknown]>;
}
interface StoredHistory {
  format: typeof FORMAT;
  undo: StoredItem[];
  redo: StoredItem[];
}

export interface SavedUndoHistory {
  undo: StackItem[];
  redo: StackItem[];
  /** Whether an item is one the saved stacks deleted (Undo may write it again): the Y.Doc must not drop its content. */
  keepsItem(item: Y.Item): boolean;
}

const encodeSet = (set: DeleteSet) => toBase64(Y.encodeSnapshot(Y.createSnapshot(set, new Map())));
const decodeSet = (text: string): DeleteSet => Y.decodeSnapshot(fromBase64(text)).ds;

function encodeItem(item: StackItem): StoredItem {
  const stored: StoredItem = { inserted: encodeSet(item.insertions), deleted: encodeSet(item.deletions) };
  // Meta is whatever the page attached (nothing today); only what survives JSON is kept.
  const meta = [...item.meta].filter(([key]) => typeof key === 'string') as Array<[string, unknown]>;
  if (meta.length) {
    try {
      stored.meta = JSON.parse(JSON.stringify(meta)) as Array<[string, unknown]>;
    } catch {
      // A value JSON cannot carry: the change is still undoable without it.
    }
  }
  return stored;
}

/** A stack item as the UndoManager makes them (its class is not exported, and it reads nothing else). */
function decodeItem(stored: StoredItem): StackItem {
  return { insertions: decodeSet(stored.inserted), deletions: decodeSet(stored.deleted), meta: new Map(stored.meta ?? []) } as StackItem;
}

const isStoredItem = (value: unknown): value is StoredItem =>
  typeof value === 'object' && value !== null && typeof (value as StoredItem).inserted === 'string' && typeof (value as StoredItem).deleted === 'string';

/** The saved history, or null when there is none (or it cannot be read: it is forgotten then). */
export function loadUndoHistory(store: UndoHistoryStore): SavedUndoHistory | null {
  let stored: StoredHistory;
  try {
    const text = store.read();
    if (!text) return null;
    stored = JSON.parse(text) as StoredHistory;
    if (stored.format !== FORMAT || !Array.isArray(stored.undo) || !Array.isArray(stored.redo)) throw new Error('unknown format');
    if (![...stored.undo, ...stored.redo].every(isStoredItem)) throw new Error('unknown item');
    const undo = stored.undo.slice(-UNDO_HISTORY_LIMIT).map(decodeItem);
    const redo = stored.redo.slice(-UNDO_HISTORY_LIMIT).map(decodeItem);
    const deleted = Y.mergeDeleteSets([...undo, ...redo].map((item) => item.deletions));
    return { undo, redo, keepsItem: (item) => Y.isDeleted(deleted, item.id) };
  } catch {
    store.remove();
    return null;
  }
}

/** A Y.Doc that keeps the content the saved history needs (see keepsItem). */
export function docKeepingHistory(history: SavedUndoHistory | null): Y.Doc {
  return history ? new Y.Doc({ gcFilter: (item) => !history.keepsItem(item) }) : new Y.Doc();
}

/** Marks an item and its parents as kept, as the UndoManager does for the items its stack items deleted. */
function keepItem(item: Y.Item): void {
  for (let at: Y.Item | null = item; at && !at.keep; at = at.parent instanceof Y.AbstractType ? at.parent._item : null) at.keep = true;
}

const RESTORING = Symbol('restoring undo history');

/**
 * Puts the saved stack items under what the UndoManager holds now (its own changes since are newer). Run once the
 * document holds what the device cached, so the items the history names are there.
 */
export function restoreUndoHistory(undoManager: Y.UndoManager, history: SavedUndoHistory): void {
  if (!history.undo.length && !history.redo.length) return;
  const { doc } = undoManager;
  doc.transact((transaction) => {
    for (const item of [...history.undo, ...history.redo]) {
      Y.iterateDeletedStructs(transaction, item.deletions, (struct) => {
        if (struct instanceof Y.Item) keepItem(struct);
      });
    }
  }, RESTORING);
  undoManager.undoStack.unshift(...history.undo);
  undoManager.redoStack.unshift(...history.redo);
  trim(undoManager);
  const last = undoManager.undoStack.at(-1) ?? undoManager.redoStack.at(-1)!;
  // The Undo and Redo buttons read the stacks again on this event.
  undoManager.emit('stack-item-added', [{ stackItem: last, origin: RESTORING, type: 'undo', changedParentTypes: new Map() }, undoManager]);
}

function trim(undoManager: Y.UndoManager): void {
  for (const stack of [undoManager.undoStack, undoManager.redoStack]) {
    if (stack.length > UNDO_HISTORY_LIMIT) stack.splice(0, stack.length - UNDO_HISTORY_LIMIT);
  }
}

/** Writes the stacks to the device whenever they change; returns the way to stop. */
export function keepUndoHistory(undoManager: Y.UndoManager, store: UndoHistoryStore): () => void {
  // Each item is encoded once (typing merges into the last item, which gets new delete sets, so it is encoded again).
  const encoded = new WeakMap<StackItem, { insertions: DeleteSet; deletions: DeleteSet; stored: StoredItem }>();
  const encode = (item: StackItem) => {
    const known = encoded.get(item);
    if (known && known.insertions === item.insertions && known.deletions === item.deletions) return known.stored;
    const stored = encodeItem(item);
    encoded.set(item, { insertions: item.insertions, deletions: item.deletions, stored });
    return stored;
  };
  const save = () => {
    trim(undoManager);
    const { undoStack, redoStack } = undoManager;
    try {
      if (!undoStack.length && !redoStack.length) return store.remove();
      const stored: StoredHistory = { format: FORMAT, undo: undoStack.map(encode), redo: redoStack.map(encode) };
      store.write(JSON.stringify(stored));
    } catch {
      // The device is full or refuses storage: Undo still works until the page is left.
    }
  };
  const events = ['stack-item-added', 'stack-item-updated', 'stack-item-popped', 'stack-cleared'] as const;
  for (const event of events) undoManager.on(event, save);
  return () => {
    for (const event of events) undoManager.off(event, save);
  };
}

/** The history of one trip and user in this browser's localStorage, under `key` (see tripCache.ts). */
export function localUndoStore(key: string): UndoHistoryStore {
  return {
    read: () => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write: (text) => localStorage.setItem(key, text),
    remove: () => {
      try {
        localStorage.removeItem(key);
      } catch {
        // No localStorage: nothing was kept.
      }
    },
  };
}
