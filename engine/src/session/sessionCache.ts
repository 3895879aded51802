/**
 * Session lookups remembered for a few seconds, so that a signed-in request does not cost a database
 * round trip. An entry is dropped as soon as its session ends or its account changes: at once for changes
 * made by this process (accessChanges), on PostgreSQL's notification for changes made by another. Nothing
 * is cached while notifications cannot arrive (before the listener is up, while it reconnects), and the
 * time to live bounds whatever slipped through.
 */
import type { Session } from '../entities/session.ts';
import type { User } from '../entities/user.ts';

export interface SessionUser {
  session: Session;
  user: User;
}

export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, { found: SessionUser; cachedAt: number }>();
  private enabled = false;
  /**
   * Bumped by every eviction. A lookup that started before one may have read what was just ended, so
   * its answer is used but not remembered.
   */
  private generation = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(tokenHash: string, now: number): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt < this.ttlMs) return entry.found;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Where a lookup starts: pass it to `remember` with the answer. */
  mark(): number {
    return this.generation;
  }

  remember(tokenHash: string, found: SessionUser, mark: number, now: number): void {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { found, cachedAt: now });
  }

  forgetSession(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) if (entry.found.user.id === userId) this.entries.delete(tokenHash);
  }

  /** Off while notifications may be missed; every change of state empties the cache. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.generation += 1;
    this.entries.clear();
  }
}
