/**
 * Slows password guessing without letting one attacker lock an owner out of their account (OWASP: growing
 * delays, not lockouts). Every failure is a row in `login_failures`; all counts run over a rolling hour.
 *
 * - Per account and address: 5 failures are free, then each further attempt waits 2 s, 4 s, 8 s … up to
 *   15 minutes after the last failure. This is what slows one attacker, and it never touches the owner
 *   signing in from anywhere else.
 * - Per address, whatever the account: 50 failures are free, then the same growing delays, so one address
 *   cannot spray guesses over many accounts. Only that address waits.
 * - Per account, from all addresses (a distributed attacker): once the account has had 30 failures, only
 *   addresses that never failed on it may still try; at 90 nobody may until failures leave the window. So
 *   fewer than 100 passwords are ever checked per account per rolling hour, and shutting the owner out
 *   (from an address that has not failed on the account) takes an attacker 60 addresses never used on it
 *   before, and as many again for every further hour. Where that bites, no address-based rule can tell the
 *   owner from the attacker; a trusted-device cookie (OWASP) would be the next step.
 *
 * Attempts that are told to wait check no password and count nothing. Each attempt is booked as a failure
 * before its password is checked, under advisory locks on its account and address, so parallel requests
 * cannot all pass the same count; a right password takes the booking back, with its address's earlier
 * failures on the account (the owner's typos).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURE_WINDOW_SECONDS, messages } from '@caravan/shared';
import { addressGroup } from './addressGroup.ts';
import { AppError } from './appError.ts';
import { secondsToWait, type RecentFailures } from './loginWait.ts';

export interface LoginThrottle {
  /** Throws 429 when this attempt must wait; otherwise books it as a failure until `succeeded` takes it back. */
  admit(email: string, ip: string): Promise<LoginAttempt>;
}

export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export function createLoginThrottle(dataSource: DataSource): LoginThrottle {
  return {
    async admit(email, ip) {
      const account = email.trim().toLowerCase();
      const address = addressGroup(ip);
      await dataSource.query(`DELETE FROM login_failures WHERE failed_at <= $1`, [windowStartAt(Date.now())]);
      const id = await dataSource.transaction(async (manager) => {
        // Fixed order (account, then address): no two attempts wait on each other's second lock.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('login_account:' || $1, 0))`, [account]);
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('login_address:' || $1, 0))`, [address]);
        const now = Date.now();
        const windowStart = windowStartAt(now);
        const wait = secondsToWait(await recentFailures(manager, account, address, windowStart), now);
        if (wait > 0) throw new AppError('rate_limited', messages.auth.tooManyAttempts(wait), wait);
        const [booked]: { id: string }[] = await manager.query(
          `INSERT INTO login_failures (account, address, failed_at) VALUES ($1, $2, $3) RETURNING id`,
          [account, address, new Date(now)],
        );
        return booked.id;
      });
      return {
        async succeeded() {
          await dataSource.query(`DELETE FROM login_failures WHERE id = $1 OR (account = $2 AND address = $3)`, [
            id,
            account,
            address,
          ]);
        },
      };
    },
  };
}

function windowStartAt(now: number): Date {
  return new Date(now - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
}

interface RecentFailuresRow {
  pair_count: number;
  pair_last: Date | null;
  address_count: number;
  address_last: Date | null;
  account_newest_first: Date[] | null;
}

async function recentFailures(manager: EntityManager, account: string, address: string, since: Date): Promise<RecentFailures> {
  const [row]: RecentFailuresRow[] = await manager.query(
    `SELECT count(*) FILTER (WHERE account = $1)::int AS pair_count,
            max(failed_at) FILTER (WHERE account = $1) AS pair_last,
            count(*)::int AS address_count,
            max(failed_at) AS address_last,
            (SELECT array_agg(failed_at ORDER BY failed_at DESC)
               FROM (SELECT failed_at FROM login_failures WHERE account = $1 AND failed_at > $3
                      ORDER BY failed_at DESC LIMIT $4) newest) AS account_newest_first
       FROM login_failures
      WHERE address = $2 AND failed_at > $3`,
    [account, address, since, LOGIN_FAILURES_PER_ACCOUNT],
  );
  return {
    pair: { count: row.pair_count, lastAt: row.pair_last?.getTime() ?? null },
    address: { count: row.address_count, lastAt: row.address_last?.getTime() ?? null },
    accountNewestFirst: (row.account_newest_first ?? []).map((at) => at.getTime()),
  };
}
