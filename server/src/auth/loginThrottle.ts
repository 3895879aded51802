/**
 * Slows password guessing without letting an attacker lock an owner out of their account (OWASP: device cookies,
 * and growing delays rather than lockouts). Every failure is a row in `login_failures`; all counts run over a
 * rolling hour.
 *
 * - A browser that signed in to the account before carries a device cookie for it (deviceCookie.ts). Its attempts
 *   count its own failures only: after 10 in the hour it waits until the oldest of them leaves the hour. Nothing
 *   another device or address does holds it up, so no attacker can shut the owner's own browser out.
 * - Every other attempt comes from a new device, and all new devices share the account's growing delays: 10
 *   failures are free, then each further attempt waits 2 s, 4 s, 8 s … up to 15 minutes after the last failure.
 *   However many addresses an attacker holds, about 20 passwords are checked per account per hour (the waits up
 *   to the cap add up to 17 minutes, then one every 15). The owner on a new browser waits with them.
 * - New devices, per account and address: 5 failures are free, then the same growing delays: one address waits
 *   even while the account has free failures left.
 * - New devices, per address whatever the account: 50 failures are free, then the same growing delays, so one
 *   address cannot spray guesses over many accounts. Only that address waits.
 *
 * Attempts that are told to wait check no password and count nothing. Each attempt is booked as a failure before
 * its password is checked, under advisory locks on its account and address, so parallel requests cannot all pass
 * the same count; a right password takes the booking back, with the earlier failures of the same device (a known
 * one), or of the same address on the account (a new one): the owner's typos.
 *
 * Two-factor codes go through the same throttle in a scope of their own (`second_factor`): counted on a key of
 * their own per account, so a right password never takes back a wrong code's failure, and the per-address counts
 * see both.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { LOGIN_FAILURES_PER_DEVICE, LOGIN_FAILURE_WINDOW_SECONDS, messages } from '@caravan/shared';
import { addressGroup } from './addressGroup.ts';
import { AppError } from '@caravan/engine';
import { accountKey, type DeviceCookies } from './deviceCookie.ts';
import { knownDeviceWait, newDeviceWait, type NewDeviceFailures } from './loginWait.ts';

export interface LoginThrottle {
  /** Throws 429 when this attempt must wait; otherwise books it as a failure until `succeeded` takes it back. */
  admit(attempt: { email: string; ip: string; deviceCookie: string | undefined; scope?: ThrottleScope }): Promise<LoginAttempt>;
}

/** What is guessed: a password (or passkey), or a second factor's code. */
export type ThrottleScope = 'password' | 'second_factor';

export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export function createLoginThrottle(dataSource: DataSource, devices: DeviceCookies): LoginThrottle {
  return {
    async admit({ email, ip, deviceCookie, scope = 'password' }) {
      const account = scope === 'password' ? accountKey(email) : `${scope}:${accountKey(email)}`;
      const address = addressGroup(ip);
      const device = devices.deviceOf(deviceCookie, email);
      await dataSource.query(`DELETE FROM login_failures WHERE failed_at <= $1`, [windowStartAt(Date.now())]);
      const id = await dataSource.transaction(async (manager) => {
        // Fixed order (account, then address): no two attempts wait on each other's second lock.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('login_account:' || $1, 0))`, [account]);
        await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('login_address:' || $1, 0))`, [address]);
        const now = Date.now();
        const windowStart = windowStartAt(now);
        const wait =
          device === null
            ? newDeviceWait(await newDeviceFailures(manager, account, address, windowStart), now)
            : knownDeviceWait(await fillingDeviceFailure(manager, account, device, windowStart), now);
        if (wait > 0) throw new AppError('rate_limited', messages.auth.tooManyAttempts(wait), wait);
        const [booked]: { id: string }[] = await manager.query(
          `INSERT INTO login_failures (account, address, device, failed_at) VALUES ($1, $2, $3, $4) RETURNING id`,
          [account, address, device, new Date(now)],
        );
        return booked.id;
      });
      return {
        async succeeded() {
          if (device === null) {
            await dataSource.query(
              `DELETE FROM login_failures WHERE id = $1 OR (account = $2 AND address = $3 AND device IS NULL)`,
              [id, account, address],
            );
          } else {
            await dataSource.query(`DELETE FROM login_failures WHERE id = $1 OR (account = $2 AND device = $3)`, [id, account, device]);
          }
        },
      };
    },
  };
}

function windowStartAt(now: number): Date {
  return new Date(now - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
}

interface NewDeviceFailuresRow {
  pair_count: number;
  pair_last: Date | null;
  account_count: number;
  account_last: Date | null;
  address_count: number;
  address_last: Date | null;
}

async function newDeviceFailures(manager: EntityManager, account: string, address: string, since: Date): Promise<NewDeviceFailures> {
  // Aggregates without GROUP BY: each side is exactly one row, failures or not.
  const [row]: NewDeviceFailuresRow[] = await manager.query(
    `SELECT *
       FROM (SELECT count(*) FILTER (WHERE address = $2)::int AS pair_count,
                    max(failed_at) FILTER (WHERE address = $2) AS pair_last,
                    count(*)::int AS account_count,
                    max(failed_at) AS account_last
               FROM login_failures WHERE account = $1 AND device IS NULL AND failed_at > $3) by_account,
            (SELECT count(*)::int AS address_count,
                    max(failed_at) AS address_last
               FROM login_failures WHERE address = $2 AND device IS NULL AND failed_at > $3) by_address`,
    [account, address, since],
  );
  const failures = (count: number, last: Date | null) => ({ count, lastAt: last?.getTime() ?? null });
  return {
    pair: failures(row.pair_count, row.pair_last),
    account: failures(row.account_count, row.account_last),
    address: failures(row.address_count, row.address_last),
  };
}

/** When this device's failure that filled its allowance for the window happened; null while it has not. */
async function fillingDeviceFailure(manager: EntityManager, account: string, device: string, since: Date): Promise<number | null> {
  const [row]: { failed_at: Date }[] = await manager.query(
    `SELECT failed_at FROM login_failures WHERE account = $1 AND device = $2 AND failed_at > $3
      ORDER BY failed_at DESC OFFSET $4 LIMIT 1`,
    [account, device, since, LOGIN_FAILURES_PER_DEVICE - 1],
  );
  return row?.failed_at.getTime() ?? null;
}
