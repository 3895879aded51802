import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, deleteStop, findStop, moveStop, orderedStops, stopsMap, updateStop } from '@caravan/shared';
import { LOCAL_ORIGIN, transactLocal } from './localEdit.ts';
import { undoHistoryKey } from './tripCache.ts';
import { docKeepingHistory, keepUndoHistory, loadUndoHistory, restoreUndoHistory, UNDO_HISTORY_LIMIT, type UndoHistoryStore } from './undoHistory.ts';

function memoryStore(): UndoHistoryStore & { text: string | null } {
  const store = {
    text: null as string | null,
    read: () => store.text,
    write: (text: string) => void (store.text = text),
    remove: () => void (store.text = null),
  };
  return store;
}

const CACHE = 'device cache';
const SERVER = 'server';

/**
 * One page load of a member's trip, as tripConnection.ts builds it: the document (keeping what the saved history
 * needs), the device's cache of its updates (as y-indexeddb keeps and loads them: every update, applied again in
 * one transaction), and the UndoManager with the saved history put back once the cache has loaded.
 */
function pageLoad(store: UndoHistoryStore, cache: Uint8Array[], { keepHistory = true } = {}) {
  const history = loadUndoHistory(store);
  const doc = keepHistory ? docKeepingHistory(history) : new Y.Doc();
  Y.transact(doc, () => cache.forEach((update) => Y.applyUpdate(doc, update)), CACHE, false);
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== CACHE) cache.push(update);
  });
  const undoManager = new Y.UndoManager(stopsMap(doc), { trackedOrigins: new Set([LOCAL_ORIGIN]), captureTimeout: 0 });
  if (history) restoreUndoHistory(undoManager, history);
  keepUndoHistory(undoManager, store);
  return { doc, undoManager };
}

/** A trip the server sent: three stops with their fields, written by another member. */
function serverTrip(): Uint8Array {
  const doc = new Y.Doc();
  addStop(doc, 'sea', { name: 'Seattle', address: 'Pike Place', notes: 'Coffee first', latitude: 47.6, longitude: -122.3 });
  addStop(doc, 'ast', { name: 'Astoria', address: 'Marine Dr', notes: 'Goonies house', latitude: 46.19, longitude: -123.83 });
  addStop(doc, 'pdx', { name: 'Portland', latitude: 45.5, longitude: -122.7 });
  return Y.encodeStateAsUpdate(doc);
}

function firstLoad() {
  const store = memoryStore();
  const cache: Uint8Array[] = [];
  const page = pageLoad(store, cache);
  Y.applyUpdate(page.doc, serverTrip(), SERVER);
  return { store, cache, page };
}

describe('undo history kept on the device', () => {
  it('undoes a deletion after a reload: the stop comes back with its fields', () => {
    const { store, cache, page } = firstLoad();
    const before = findStop(page.doc, 'ast');
    transactLocal(page.doc, () => deleteStop(page.doc, 'ast'));
    expect(findStop(page.doc, 'ast')).toBeNull();
    expect(store.text).not.toBeNull();

    const reloaded = pageLoad(store, cache);
    expect(findStop(reloaded.doc, 'ast')).toBeNull();
    expect(reloaded.undoManager.canUndo()).toBe(true);
    reloaded.undoManager.undo();
    expect(findStop(reloaded.doc, 'ast')).toEqual(before);
    expect(orderedStops(reloaded.doc).map((stop) => stop.id)).toEqual(['sea', 'ast', 'pdx']);

    // And Redo, after yet another reload (the cache compacted meanwhile, as y-indexeddb does, into one update).
    cache.splice(0, cache.length, Y.encodeStateAsUpdate(reloaded.doc));
    const again = pageLoad(store, cache);
    expect(again.undoManager.canRedo()).toBe(true);
    again.undoManager.redo();
    expect(findStop(again.doc, 'ast')).toBeNull();
    again.undoManager.undo();
    expect(findStop(again.doc, 'ast')).toEqual(before);
  });

  it('without keeping the deleted content (no gcFilter) the same Undo could not bring the stop back', () => {
    const { store, cache, page } = firstLoad();
    transactLocal(page.doc, () => deleteStop(page.doc, 'ast'));
    const reloaded = pageLoad(store, cache, { keepHistory: false });
    reloaded.undoManager.undo();
    expect(findStop(reloaded.doc, 'ast')?.name).not.toBe('Astoria');
  });

  it('undoes only this member’s own changes after a reload, never another member’s', () => {
    const { store, cache, page } = firstLoad();
    transactLocal(page.doc, () => updateStop(page.doc, 'sea', { name: 'Seattle downtown' }));
    transactLocal(page.doc, () => moveStop(page.doc, 'pdx', 0));
    // Another member (their own replica, synced) changes notes of Seattle and renames Portland.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(page.doc));
    updateStop(other, 'sea', { notes: 'Theirs' });
    updateStop(other, 'pdx', { name: 'PDX' });
    Y.applyUpdate(page.doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(page.doc)), SERVER);

    const reloaded = pageLoad(store, cache);
    reloaded.undoManager.undo();
    expect(orderedStops(reloaded.doc).map((stop) => stop.id)).toEqual(['sea', 'ast', 'pdx']);
    reloaded.undoManager.undo();
    expect(findStop(reloaded.doc, 'sea')).toMatchObject({ name: 'Seattle', notes: 'Theirs' });
    expect(findStop(reloaded.doc, 'pdx')?.name).toBe('PDX');
    expect(reloaded.undoManager.canUndo()).toBe(false);
  });

  it('keeps at most the last UNDO_HISTORY_LIMIT changes', () => {
    const { store, cache, page } = firstLoad();
    for (let index = 0; index < UNDO_HISTORY_LIMIT + 20; index++) {
      transactLocal(page.doc, () => updateStop(page.doc, 'sea', { notes: `note ${index}` }));
    }
    expect(page.undoManager.undoStack).toHaveLength(UNDO_HISTORY_LIMIT);
    expect(JSON.parse(store.text!).undo).toHaveLength(UNDO_HISTORY_LIMIT);
    const reloaded = pageLoad(store, cache);
    expect(reloaded.undoManager.undoStack).toHaveLength(UNDO_HISTORY_LIMIT);
    while (reloaded.undoManager.canUndo()) reloaded.undoManager.undo();
    expect(findStop(reloaded.doc, 'sea')?.notes).toBe('note 19');
  });

  it('forgets a history it cannot read, and keeps each member’s apart', () => {
    const store = memoryStore();
    store.text = '{"format":1,"undo":[{"inserted":5}],"redo":[]}';
    expect(loadUndoHistory(store)).toBeNull();
    expect(store.text).toBeNull();
    store.text = 'not json';
    expect(loadUndoHistory(store)).toBeNull();
    expect(undoHistoryKey('trip-1', 1)).not.toBe(undoHistoryKey('trip-1', 2));
    expect(undoHistoryKey('trip-1', 1)).not.toBe(undoHistoryKey('trip-2', 1));
  });
});
