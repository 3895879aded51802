/**
 * Sessions told to wait out a rate-limited pause on a trip (rateLimits.ts decides the pause per member). A
 * hostile client reconnects the moment it is closed, hundreds of times a second; remembering the session
 * here refuses those reconnects with a plain HTTP 429 before the websocket handshake and any database work (session
 * and role lookups): a hash and a map read each. The first refusal after the close still answers with close 4008.
 */
import { hashToken } from '@caravan/engine';

export class PausedSessions {
  /** `sessionHash tripId` → when the pause ends (ms since the epoch). */
  private readonly endsAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  pause(sessionHash: string, tripId: string, forMs: number): void {
    this.prune();
    this.endsAt.set(`${sessionHash} ${tripId}`, this.now() + forMs);
  }

  /** How long the session must still wait before joining the trip (0: it may join). */
  pausedForMs(sessionToken: string | null, tripId: string | null): number {
    if (!sessionToken || !tripId || this.endsAt.size === 0) return 0;
    const ends = this.endsAt.get(`${hashToken(sessionToken)} ${tripId}`) ?? 0;
    return Math.max(0, ends - this.now());
  }

  private prune(): void {
    const now = this.now();
    for (const [key, ends] of this.endsAt) if (ends <= now) this.endsAt.delete(key);
  }
}
