/**
 * Limits "Forgot password?" requests per rolling hour: a few per account as typed (so nobody floods an inbox)
 * and more per client address whatever the account (so one address cannot mail many people). Every request
 * counts, whether or not an account uses the address, so the limit itself says nothing about accounts.
 */
import type { DataSource } from 'typeorm';
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  PASSWORD_RESET_REQUESTS_PER_ACCOUNT,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  messages,
} from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { addressGroup } from './addressGroup.ts';
import { accountKey } from './deviceCookie.ts';

/** Throws 429 (with the seconds until the oldest counted request leaves the hour) or books the request. */
export async function admitPasswordResetRequest(dataSource: DataSource, { email, ip }: { email: string; ip: string }): Promise<void> {
  const account = accountKey(email);
  const address = addressGroup(ip);
  await dataSource.transaction(async (manager) => {
    // Same lock order as the login throttle: account, then address.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('reset_account:' || $1, 0))`, [account]);
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('reset_address:' || $1, 0))`, [address]);
    const windowStart = new Date(Date.now() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
    await manager.query(`DELETE FROM password_reset_requests WHERE requested_at <= $1`, [windowStart]);
    const [counts]: { account: number; address: number; oldest: Date | null }[] = await manager.query(
      `SELECT count(*) FILTER (WHERE account = $1)::int AS account, count(*) FILTER (WHERE address = $2)::int AS address,
              min(requested_at) AS oldest
         FROM password_reset_requests WHERE account = $1 OR address = $2`,
      [account, address],
    );
    if (counts.account >= PASSWORD_RESET_REQUESTS_PER_ACCOUNT || counts.address >= PASSWORD_RESET_REQUESTS_PER_ADDRESS) {
      const wait = Math.max(1, Math.ceil((counts.oldest!.getTime() - windowStart.getTime()) / 1000));
      throw new AppError('rate_limited', messages.account.tooManyResetRequests(wait), wait);
    }
    await manager.query(`INSERT INTO password_reset_requests (account, address) VALUES ($1, $2)`, [account, address]);
  });
}
