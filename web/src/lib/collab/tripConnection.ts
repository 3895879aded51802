/**
 * The browser's live connection to one trip document: a Y.Doc synced with the collab server through
 * y-websocket (/collab/{tripId}), cached per trip and user in IndexedDB so the trip opens at once and
 * offline edits survive a reload, with a status store for the connection and save indicators, undo of
 * this tab's own stop edits (its history kept on the device, so Undo survives a reload: undoHistory.ts), word when
 * another member's concurrent change replaced one of this member's (overriddenEdits.ts), and presence (which stop
 * this member is dragging).
 */
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import { WebsocketProvider } from 'y-websocket';
import { IndexeddbPersistence } from 'y-indexeddb';
import type { Awareness } from 'y-protocols/awareness';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  COLLAB_FINAL_CLOSE_CODES,
  COLLAB_MESSAGE_ACK,
  COLLAB_RECONNECT_PAUSES,
  SettledState,
  stopsMap,
  type SaveState,
} from '@caravan/shared';
import { jitteredReconnect, RECONNECT_MAX_MS } from './jitteredReconnect.ts';
import { LOCAL_ORIGIN, transactLocal } from './localEdit.ts';
import { watchOverriddenEdits, writeMineAgain, type OverriddenEdit } from './overriddenEdits.ts';
import { deleteTripCache, tripCacheName, undoHistoryKey } from './tripCache.ts';
import { docKeepingHistory, keepUndoHistory, loadUndoHistory, localUndoStore, restoreUndoHistory, type UndoHistoryStore } from './undoHistory.ts';

export { SAVE_STATUS_TEXT, type SaveState } from './saveState.ts';
export { presentUsers, type PresentUser } from './presence.ts';

export { LOCAL_ORIGIN } from './localEdit.ts';
export type { OverriddenEdit } from './overriddenEdits.ts';

export const UNDO_CAPTURE_MS = 500;
/** The longest wait a server's Retry-After may ask for before the next try. */
const MAX_RETRY_AFTER_S = 60;

export interface TripConnectionStatus {
  /** 'connecting' only until the first connection ends; retries after a drop stay 'offline' until one opens. */
  connection: 'connecting' | 'online' | 'offline';
  save: SaveState;
  /** The document has caught up with the server on the current connection. */
  synced: boolean;
  /** The document was opened from this device's cache (it may still be catching up). */
  loadedFromCache: boolean;
  /** Set when the server closed the connection for good (no access, trip gone); no reconnect follows. */
  closedReason: null | { code: number; reason: string };
  /**
   * The server refused the socket because live editing is restarting (its collab process is being started again):
   * edits wait on this device and the next try waits as long as the server asked. Cleared once a socket opens.
   */
  liveEditingRestarting: boolean;
}

export interface TripConnectionOptions {
  tripId: string;
  userId: number;
  /** Base websocket URL the trip id is appended to; defaults to this origin's /collab. */
  url?: string;
  WebSocketImpl?: typeof WebSocket;
  /** Cache the document in IndexedDB; defaults to true where IndexedDB exists. */
  persist?: boolean;
  /** Where this member's Undo history of the trip is kept across reloads; defaults to localStorage when the document is cached. */
  undoHistory?: UndoHistoryStore | null;
}

export interface TripConnection {
  doc: Y.Doc;
  provider: WebsocketProvider;
  awareness: Awareness;
  status: StoreApi<TripConnectionStatus>;
  undoManager: Y.UndoManager;
  /** Runs an edit as this tab's own, so it can be undone. UI code edits the document through this. */
  transact<T>(edit: () => T): T;
  setDragging(stopId: string | null): void;
  /**
   * Calls `listener` when another member's change made at the same time replaced this member's change of a stop
   * (the same stop moved two ways, the same field written twice); returns the way to stop listening.
   */
  onOverridden(listener: (edits: OverriddenEdit[]) => void): () => void;
  /** Writes this member's overridden values again, as one change of theirs (one Undo takes it back). */
  applyMineAgain(edits: readonly OverriddenEdit[]): boolean;
  /**
   * Whether this member may write the document at all. A viewer's writes are dropped unacknowledged, so
   * its replica never counts as holding unsaved edits (a reload restores the cache, which no answer settles).
   */
  setReadOnly(readOnly: boolean): void;
  /**
   * Forgets what this device cached of the trip, its unsaved edits with it. The way out once the server refused
   * them (COLLAB_CLOSE.writeRefused): the cache would send them again on every reload. Reload the page after.
   */
  discardLocalChanges(): Promise<void>;
  destroy(): void;
}

export function defaultCollabUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/collab`;
}


export function openTripConnection(options: TripConnectionOptions): TripConnection {
  const { tripId, userId } = options;
  const persist = options.persist ?? typeof indexedDB !== 'undefined';
  // Undo survives a reload only with the document cached: the history names items only the cache still holds.
  const historyStore = options.undoHistory !== undefined ? options.undoHistory : persist ? localUndoStore(undoHistoryKey(tripId, userId)) : null;
  const savedHistory = historyStore ? loadUndoHistory(historyStore) : null;
  const doc = docKeepingHistory(savedHistory);
  const status = createStore<TripConnectionStatus>(() => ({
    connection: 'connecting',
    save: 'saved',
    synced: false,
    loadedFromCache: false,
    closedReason: null,
    liveEditingRestarting: false,
  }));
  const settled = new SettledState();
  let destroyed = false;
  let readOnly = false;

  const update = (patch: Partial<TripConnectionStatus>) => {
    if (destroyed) return;
    const next = { ...status.getState(), ...patch };
    next.save = next.connection === 'offline' ? 'offline' : readOnly || settled.covers(doc) ? 'saved' : 'saving';
    const current = status.getState();
    const changed = (Object.keys(next) as Array<keyof TripConnectionStatus>).some((key) => next[key] !== current[key]);
    if (changed) status.setState(next, true);
  };

  const baseUrl = options.url ?? defaultCollabUrl();
  const provider = new WebsocketProvider(baseUrl, tripId, doc, {
    WebSocketPolyfill: options.WebSocketImpl,
    maxBackoffTime: RECONNECT_MAX_MS,
    // Tabs exchanging updates over BroadcastChannel would bypass the server's checks and make one tab's
    // indicator depend on another tab's socket; IndexedDB already carries offline edits across reloads.
    disableBc: true,
    // y-websocket treats every 44xx as final; ours are listed (4429 "too many connections" is worth a retry).
    shouldReconnect: (event) => !COLLAB_FINAL_CLOSE_CODES.includes(event.code),
  });
  const awareness = provider.awareness;
  awareness.setLocalStateField('dragging', null);

  provider.messageHandlers[COLLAB_MESSAGE_ACK] = (_encoder, decoder) => {
    settled.settleAck(decoding.readVarUint8Array(decoder));
    update({});
  };
  const onDocUpdate = (change: Uint8Array, origin: unknown) => {
    if (origin === provider) settled.settleFromServer(change);
    update({});
  };
  doc.on('update', onDocUpdate);

  const reconnect = jitteredReconnect(provider, {
    finalCloseCodes: COLLAB_FINAL_CLOSE_CODES,
    // Rate-limited, too far behind, too many trips open: retrying at once would only meet the same close.
    pauseAfter: COLLAB_RECONNECT_PAUSES,
    onFinalClose: (closedReason) => update({ closedReason, connection: 'offline' }),
  });
  provider.on('connection-close', () => {
    // A socket that never opened was refused (or nothing answered): ask the door why, unless the browser is offline.
    const opened = provider.wsconnected;
    update({ connection: 'offline', synced: false });
    if (!opened && globalThis.navigator?.onLine !== false) void askWhyRefused();
  });
  provider.on('status', ({ status: socket }) => {
    if (socket === 'connected') update({ connection: 'online', liveEditingRestarting: false });
    rejoinPresence(awareness, socket);
  });
  /**
   * A browser cannot read the status of a refused websocket upgrade; a plain GET of the same address can. 503 means
   * live editing is restarting: say so, and stay away as long as its Retry-After asks (plus the usual jitter).
   */
  let asking = false;
  const askWhyRefused = async () => {
    if (asking || destroyed) return;
    asking = true;
    try {
      const answer = await fetch(`${baseUrl.replace(/^ws/, 'http')}/${tripId}`, { cache: 'no-store', credentials: 'omit' });
      await answer.body?.cancel();
      if (destroyed || provider.wsconnected) return;
      const restarting = answer.status === 503;
      update({ liveEditingRestarting: restarting });
      const retryAfterSeconds = Number(answer.headers.get('retry-after'));
      if (restarting && retryAfterSeconds > 0) reconnect.holdFor(Math.min(retryAfterSeconds, MAX_RETRY_AFTER_S) * 1000);
    } catch {
      // Nothing answered at all: the connection's status already says offline.
    } finally {
      asking = false;
    }
  };
  provider.on('sync', (synced) => update({ synced }));
  // The browser knows it is offline before a socket notices (that can take a TCP timeout): close at once, so
  // the status says Offline and edits wait in IndexedDB; come back as soon as the network does.
  const onBrowserOffline = () => provider.disconnect();
  const onBrowserOnline = () => {
    if (status.getState().closedReason) return;
    reconnect.retryNow();
    if (!provider.ws) provider.connect();
  };
  if (globalThis.navigator?.onLine === false) onBrowserOffline();
  globalThis.addEventListener?.('offline', onBrowserOffline);
  globalThis.addEventListener?.('online', onBrowserOnline);

  const persistence = persist ? openCache(tripCacheName(tripId, userId), doc, update) : null;
  // Deletions advance no clock, so this tab's own wait for an ack by themselves. The cache's are not noted: it
  // mixes the server's deletions with this device's (a deletion made offline and reloaded is tracked by clocks only).
  const onTransaction = (transaction: Y.Transaction) => {
    if (transaction.origin !== provider && transaction.origin !== persistence) settled.noteLocalTransaction(transaction);
  };
  doc.on('afterTransaction', onTransaction);

  const undoManager = new Y.UndoManager(stopsMap(doc), {
    trackedOrigins: new Set([LOCAL_ORIGIN]),
    captureTimeout: UNDO_CAPTURE_MS,
  });
  let stopKeepingHistory = () => {};
  if (historyStore) {
    // The saved stacks go under this tab's own changes once the cached document holds the items they name;
    // only then is the history written back, so an edit made before that does not replace what was saved.
    void (persistence?.whenSynced ?? Promise.resolve()).then(() => {
      if (destroyed) return;
      if (savedHistory) restoreUndoHistory(undoManager, savedHistory);
      stopKeepingHistory = keepUndoHistory(undoManager, historyStore);
    });
  }

  const overriddenListeners = new Set<(edits: OverriddenEdit[]) => void>();
  const stopWatchingOverrides = watchOverriddenEdits(doc, {
    isOwn: (origin) => origin === LOCAL_ORIGIN || origin === undoManager,
    onOverridden: (edits) => overriddenListeners.forEach((listener) => listener(edits)),
  });

  return {
    doc,
    provider,
    awareness,
    status,
    undoManager,
    transact: (edit) => transactLocal(doc, edit),
    setDragging: (stopId) => awareness.setLocalStateField('dragging', stopId),
    onOverridden(listener) {
      overriddenListeners.add(listener);
      return () => overriddenListeners.delete(listener);
    },
    applyMineAgain: (edits) => transactLocal(doc, () => writeMineAgain(doc, edits)),
    setReadOnly(value) {
      readOnly = value;
      update({});
    },
    async discardLocalChanges() {
      historyStore?.remove();
      if (!persistence) return;
      // Closed first, so this tab's own open database does not block the deletion.
      await persistence.destroy();
      await deleteTripCache(persistence.name);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      globalThis.removeEventListener?.('offline', onBrowserOffline);
      globalThis.removeEventListener?.('online', onBrowserOnline);
      reconnect.stop();
      stopKeepingHistory();
      stopWatchingOverrides();
      overriddenListeners.clear();
      undoManager.destroy();
      doc.off('update', onDocUpdate);
      doc.off('afterTransaction', onTransaction);
      // Leaving explicitly (rather than by the socket closing) removes this tab from others' presence at once.
      awareness.setLocalState(null);
      provider.destroy();
      awareness.destroy();
      void persistence?.destroy();
      doc.destroy();
    },
  };
}

/**
 * Presence after a reconnect. y-protocols keeps the clock of every member whose state it dropped, and takes a state
 * again only with a newer clock: the states the server greets a new socket with, unchanged since, and this tab's own
 * state sent again on connecting, would be ignored until their 15 s renewal, so for that long the others would not
 * be shown as here (nor named by an overridden-edit notice, after an offline merge). So on a disconnect the clocks of
 * the members dropped are forgotten, and on a connect this tab's state goes out once more with a new clock.
 */
function rejoinPresence(awareness: Awareness, socket: 'connected' | 'connecting' | 'disconnected'): void {
  if (socket === 'connected' && awareness.getLocalState() !== null) awareness.setLocalState(awareness.getLocalState());
  if (socket !== 'disconnected') return;
  for (const clientId of [...awareness.meta.keys()]) {
    if (clientId !== awareness.clientID && !awareness.states.has(clientId)) awareness.meta.delete(clientId);
  }
}

/** Loads the cached document and keeps caching it; `loadedFromCache` once the cache held something. */
function openCache(name: string, doc: Y.Doc, update: (patch: Partial<TripConnectionStatus>) => void) {
  const persistence = new IndexeddbPersistence(name, doc);
  let cachedContent = false;
  const onCachedUpdate = (_change: Uint8Array, origin: unknown) => {
    if (origin === persistence) cachedContent = true;
  };
  doc.on('update', onCachedUpdate);
  void persistence.whenSynced.then(() => {
    doc.off('update', onCachedUpdate);
    if (cachedContent) update({ loadedFromCache: true });
  });
  return persistence;
}
