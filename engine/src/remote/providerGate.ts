/**
 * Whether a remote provider (Photon, OSRM, Overpass, the ECB) is worth asking now. Unknown until its start check
 * answers, then up or down. A provider that cannot be reached, is too slow, or asks us to back off (429/503, for
 * its Retry-After) is down: calls go to the offline stand-in at once instead of waiting on it, until its wait is
 * over; then one call goes through as the re-check (the others keep falling back), and its outcome decides. Each
 * failure in a row doubles the wait, from 30 s to 10 min.
 */
export type ProviderState = 'unknown' | 'up' | 'down';

export const FIRST_WAIT_MS = 30_000;
export const LONGEST_WAIT_MS = 10 * 60_000;
/** A Retry-After beyond this is read as "much later", not as a reason to give the provider up for a day. */
const LONGEST_RETRY_AFTER_MS = 60 * 60_000;

export class ProviderGate {
  state: ProviderState = 'unknown';
  /** When a down provider may be asked again (ms since the epoch). */
  retryAt = 0;
  private waitMs = 0;
  private rechecking = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether this call may go to the provider; a call let through past a down provider's wait is its re-check. */
  admit(): boolean {
    if (this.state !== 'down') return true;
    if (this.rechecking || this.now() < this.retryAt) return false;
    this.rechecking = true;
    return true;
  }

  /** A call admitted went nowhere (its queue was full): another may re-check. */
  release(): void {
    this.rechecking = false;
  }

  succeeded(): void {
    this.state = 'up';
    this.waitMs = 0;
    this.rechecking = false;
  }

  /** Down for the next wait, or for the provider's own Retry-After when it gave one. */
  failed(retryAfterMs?: number): void {
    this.waitMs = this.waitMs ? Math.min(this.waitMs * 2, LONGEST_WAIT_MS) : FIRST_WAIT_MS;
    const wait = retryAfterMs === undefined ? this.waitMs : Math.min(Math.max(retryAfterMs, 1000), LONGEST_RETRY_AFTER_MS);
    this.state = 'down';
    this.retryAt = this.now() + wait;
    this.rechecking = false;
  }
}

/** Retry-After in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header?.trim()) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
