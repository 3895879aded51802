/**
 * Counts failed sign-ins per account and per IP in PostgreSQL (rate-limiter-flexible).
 * Only failures count, and each window ends on its own, so the right password always works again later.
 */
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURE_WINDOW_SECONDS,
  messages,
} from '@caravan/shared';
import { AppError } from './appError.ts';

export interface LoginThrottle {
  /** Throws 429 when either the account or the IP has used up its failures. */
  assertAllowed(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export function createLoginThrottle(pool: Pool): LoginThrottle {
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration: LOGIN_FAILURE_WINDOW_SECONDS,
    });
  const byAccount = limiter('login_account', LOGIN_FAILURES_PER_ACCOUNT);
  const byIp = limiter('login_ip', LOGIN_FAILURES_PER_IP);
  const accountKey = (email: string) => email.trim().toLowerCase();

  return {
    async assertAllowed(email, ip) {
      const [account, address] = await Promise.all([byAccount.get(accountKey(email)), byIp.get(ip)]);
      const blocked = [
        { res: account, limit: LOGIN_FAILURES_PER_ACCOUNT },
        { res: address, limit: LOGIN_FAILURES_PER_IP },
      ].find(({ res, limit }) => res !== null && res.consumedPoints >= limit);
      if (blocked?.res) {
        const seconds = Math.ceil(blocked.res.msBeforeNext / 1000);
        throw new AppError('rate_limited', messages.auth.tooManyAttempts(seconds), seconds);
      }
    },
    async recordFailure(email, ip) {
      await Promise.all([
        byAccount.penalty(accountKey(email), 1).catch(ignoreLimitReached),
        byIp.penalty(ip, 1).catch(ignoreLimitReached),
      ]);
    },
    async recordSuccess(email) {
      await byAccount.delete(accountKey(email));
    },
  };
}

function ignoreLimitReached(error: unknown): void {
  if (!(error instanceof RateLimiterRes)) throw error;
}
