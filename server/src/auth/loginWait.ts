/** How long a password sign-in must wait, given the failures of the rolling window (loginThrottle.ts has the design). */
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FIRST_DELAY_SECONDS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_MAX_DELAY_SECONDS,
} from '@caravan/shared';

export interface FailureCount {
  count: number;
  /** Milliseconds since the epoch; null without failures. */
  lastAt: number | null;
}

/** The failures of the window that bear on an attempt from a device that has not signed in to the account before. */
export interface NewDeviceFailures {
  /** This account from this address. */
  pair: FailureCount;
  /** This address, whatever the account. */
  address: FailureCount;
  /** This account, from every new device. */
  account: FailureCount;
}

/** Whole seconds a new device waits before this attempt may check a password; 0 when it may now. */
export function newDeviceWait(recent: NewDeviceFailures, now: number): number {
  return wholeSeconds(
    Math.max(
      progressiveWait(recent.pair, LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS, now),
      progressiveWait(recent.address, LOGIN_FREE_FAILURES_PER_ADDRESS, now),
      progressiveWait(recent.account, LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES, now),
    ),
  );
}

/**
 * Whole seconds a known device waits: given when the device's own failure that filled its allowance happened
 * (null while it has not), until that failure leaves the window.
 */
export function knownDeviceWait(fillingFailureAt: number | null, now: number): number {
  if (fillingFailureAt === null) return 0;
  return wholeSeconds(fillingFailureAt + LOGIN_FAILURE_WINDOW_SECONDS * 1000 - now);
}

/** The delay after a failure beyond the free ones: doubling with each, up to the cap. */
function delayAfterFailure(count: number, free: number): number {
  if (count < free) return 0;
  return Math.min(LOGIN_FIRST_DELAY_SECONDS * 2 ** (count - free), LOGIN_MAX_DELAY_SECONDS);
}

function progressiveWait({ count, lastAt }: FailureCount, free: number, now: number): number {
  if (lastAt === null) return 0;
  return lastAt + delayAfterFailure(count, free) * 1000 - now;
}

function wholeSeconds(milliseconds: number): number {
  return Math.max(0, Math.ceil(milliseconds / 1000));
}
