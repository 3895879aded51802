/**
 * How often one account may search along the route: CORRIDOR_SEARCHES_PER_MINUTE a minute, counted in the database for
 * every API process at once (rate-limiter-flexible's PostgreSQL store, table `account_allowances`): counted per
 * process, an account behind a load balancer got that many per process. A search may ask the POI service for a dozen
 * pieces of route, and its pace is shared by every member of this server (engine/src/remote/sharedPacing.ts): one
 * account scripting searches over ever new stretches would take it from all.
 */
import type { DataSource } from 'typeorm';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@caravan/engine';
import { corridorMessages } from '@caravan/shared';

export const CORRIDOR_SEARCHES_PER_MINUTE = 20;

export class SearchAllowance {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    dataSource: DataSource,
    private readonly perMinute = CORRIDOR_SEARCHES_PER_MINUTE,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: dataSource,
      storeType: 'typeorm',
      tableName: 'account_allowances',
      tableCreated: true,
      // One row per account that ever searched, updated in place: nothing to sweep, and no timer outliving the server.
      clearExpiredByTimeout: false,
      keyPrefix: 'corridor-search',
      points: perMinute,
      duration: 60,
    });
  }

  /** Counts a search for the account, or refuses it (429, with when to try again) past its allowance. */
  async take(userId: number): Promise<void> {
    try {
      await this.limiter.consume(String(userId));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      throw new AppError('rate_limited', corridorMessages.tooManySearches(this.perMinute), Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
  }
}
