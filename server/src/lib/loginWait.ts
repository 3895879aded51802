/** How long a password sign-in must wait, given the failures of the rolling window (loginThrottle.ts has the design). */
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_BEFORE_NEW_ADDRESSES_ONLY,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FIRST_DELAY_SECONDS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_MAX_DELAY_SECONDS,
} from '@caravan/shared';

export interface FailureCount {
  count: number;
  /** Milliseconds since the epoch; null without failures. */
  lastAt: number | null;
}

/** The failures of the window that bear on one attempt. */
export interface RecentFailures {
  /** This account from this address. */
  pair: FailureCount;
  /** This address, whatever the account. */
  address: FailureCount;
  /** This account from any address: the times of its newest failures, newest first, up to LOGIN_FAILURES_PER_ACCOUNT. */
  accountNewestFirst: number[];
}

/** Whole seconds to wait before this attempt may check a password; 0 when it may now. */
export function secondsToWait(recent: RecentFailures, now: number): number {
  const waits = [
    progressiveWait(recent.pair, LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS, now),
    progressiveWait(recent.address, LOGIN_FREE_FAILURES_PER_ADDRESS, now),
    accountBudgetWait(recent, now),
  ];
  return Math.max(0, Math.ceil(Math.max(...waits) / 1000));
}

/** The delay after a failure beyond the free ones: doubling with each, up to the cap. */
export function delayAfterFailure(count: number, free: number): number {
  if (count < free) return 0;
  return Math.min(LOGIN_FIRST_DELAY_SECONDS * 2 ** (count - free), LOGIN_MAX_DELAY_SECONDS);
}

function progressiveWait({ count, lastAt }: FailureCount, free: number, now: number): number {
  if (lastAt === null) return 0;
  return lastAt + delayAfterFailure(count, free) * 1000 - now;
}

/**
 * An address that already failed on this account waits once the account has had its share of failures;
 * a new address only once the account's whole budget is spent. Either way until enough failures leave the window.
 */
function accountBudgetWait({ pair, accountNewestFirst }: RecentFailures, now: number): number {
  const limit = pair.count > 0 ? LOGIN_FAILURES_PER_ACCOUNT_BEFORE_NEW_ADDRESSES_ONLY : LOGIN_FAILURES_PER_ACCOUNT;
  if (accountNewestFirst.length < limit) return 0;
  // Below the limit again once the limit-th newest failure is older than the window.
  return accountNewestFirst[limit - 1] + LOGIN_FAILURE_WINDOW_SECONDS * 1000 - now;
}
