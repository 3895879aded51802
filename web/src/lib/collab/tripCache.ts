/**
 * The trips kept on this device, all under one prefix: the IndexedDB caches of trip documents, one per trip and
 * user (kept apart from the collab client's heavy imports), and in localStorage the trip pages' header summaries
 * (features/tripPlanner/useTripSummary.ts, `caravan-trip-summary:…`) and member lists
 * (features/collaborationPanel/useTripMembers.ts, `caravan-trip-members:…`), and each member's Undo history of a trip
 * (`caravan-trip-undo-…`).
 */
const TRIP_CACHE_PREFIX = 'caravan-trip-';

export const tripCacheName = (tripId: string, userId: number) => `${TRIP_CACHE_PREFIX}${tripId}-user-${userId}`;
/** The localStorage key of one member's Undo history of a trip (undoHistory.ts); sign-out clears it with the rest. */
export const undoHistoryKey = (tripId: string, userId: number) => `${TRIP_CACHE_PREFIX}undo-${tripId}-user-${userId}`;

/** Deletes every trip kept on this device (signing out: the next person at this browser sees none of them). */
export async function clearTripCaches(): Promise<void> {
  clearTripSummaries();
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return;
  const databases = await indexedDB.databases();
  await Promise.all(databases.filter(({ name }) => name?.startsWith(TRIP_CACHE_PREFIX)).map(({ name }) => deleteTripCache(name!)));
}

function clearTripSummaries(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(TRIP_CACHE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // No localStorage (a locked-down browser): nothing was kept there either.
  }
}

/** Deletes one trip's cache (`tripCacheName`). */
export function deleteTripCache(name: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    // A trip still open in another tab blocks the deletion until it closes; do not wait for that.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
