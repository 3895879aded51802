/**
 * The last weather answer of each trip kept on this device, in IndexedDB with when it came, so the itinerary shows
 * it offline with its "as of" time. Under the trip caches' prefix, so signing out deletes it with them
 * (../collab/tripCache.ts).
 */
import type { TTripWeatherResponse } from '@caravan/shared';

const DATABASE = 'caravan-trip-weather';
const STORE = 'answers';

export interface KeptWeather {
  answer: TTripWeatherResponse;
  /** When this device got it (ms). */
  receivedAt: number;
}

function openKeep(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    // A browser that refuses storage (private mode): the weather is simply not kept.
    request.onerror = request.onblocked = () => resolve(null);
  });
}

async function inStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await openKeep();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const request = act(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  }).finally(() => db.close()) as Promise<T | undefined>;
}

export const keptWeather = (key: string) => inStore<KeptWeather | undefined>('readonly', (store) => store.get(key) as IDBRequest<KeptWeather | undefined>);

export const keepWeather = (key: string, kept: KeptWeather) => inStore('readwrite', (store) => store.put(kept, key));
