/**
 * Each account's open sockets on this process, by trip: one account may hold at most
 * `COLLAB_LIMITS.maxSocketsPerUser` sockets and `maxTripsPerUser` distinct trips open, so it cannot make the
 * server load and keep hundreds of trip documents (each socket and each loaded trip holds memory here).
 */
import { COLLAB_LIMITS } from '@caravan/shared';

export const TOO_MANY_OPEN_REASON = 'Too many trips open: close one, then try again';

export class OpenSockets {
  /** user id → trip id → sockets open (or opening) on it. */
  private readonly byUser = new Map<number, Map<string, number>>();

  /**
   * Counts one more socket of `userId` on `tripId` and returns the function that uncounts it (call it once the
   * socket is gone, however it ended), or null when the account is at either limit.
   */
  open(userId: number, tripId: string): (() => void) | null {
    const trips = this.byUser.get(userId) ?? new Map<string, number>();
    let sockets = 0;
    for (const count of trips.values()) sockets += count;
    if (sockets >= COLLAB_LIMITS.maxSocketsPerUser) return null;
    if (!trips.has(tripId) && trips.size >= COLLAB_LIMITS.maxTripsPerUser) return null;
    trips.set(tripId, (trips.get(tripId) ?? 0) + 1);
    this.byUser.set(userId, trips);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = trips.get(tripId)! - 1;
      if (left) trips.set(tripId, left);
      else trips.delete(tripId);
      if (!trips.size) this.byUser.delete(userId);
    };
  }
}
