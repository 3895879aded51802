/**
 * How often one account may search along the route: CORRIDOR_SEARCHES_PER_MINUTE in any minute, counted in this
 * process. A search may ask the POI service for a dozen pieces of route, and a public instance's quota is shared by
 * every member of this server: one account scripting searches over ever new stretches would spend it for all.
 */
import { AppError } from '@caravan/engine';
import { corridorMessages } from '@caravan/shared';

export const CORRIDOR_SEARCHES_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

export class SearchAllowance {
  private readonly recent = new Map<number, number[]>();

  constructor(
    private readonly perMinute = CORRIDOR_SEARCHES_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a search for the account, or refuses it (429, with when to try again) past its allowance. */
  take(userId: number): void {
    const now = this.now();
    const within = (this.recent.get(userId) ?? []).filter((at) => now - at < MINUTE_MS);
    if (within.length >= this.perMinute) {
      this.recent.set(userId, within);
      throw new AppError('rate_limited', corridorMessages.tooManySearches(this.perMinute), Math.ceil((within[0] + MINUTE_MS - now) / 1000));
    }
    within.push(now);
    this.recent.set(userId, within);
    // Accounts that stopped searching are forgotten on the next search of anyone.
    if (this.recent.size > 1000) for (const [id, times] of this.recent) if (times.every((at) => now - at >= MINUTE_MS)) this.recent.delete(id);
  }
}
