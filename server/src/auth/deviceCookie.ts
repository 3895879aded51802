/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): proof that this browser
 * signed in to an account before, so its password attempts are throttled on their own and never held up by
 * other devices' failures (loginThrottle.ts). The value is a random nonce and an HMAC of the account and the
 * nonce: it names no account, and only a server holding the secret can make one.
 */
import { createHmac } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import { calls } from '@caravan/shared';
import { overHttps } from '../lib/overHttps.ts';
import { randomToken, sameToken } from '@caravan/engine';

export const DEVICE_COOKIE = 'caravan_device';
const MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
// Only the password sign-in reads it: no other request carries it.
const COOKIE_PATH = `/_api${calls.auth.login.path}`;

/** The account as the throttle counts it and the cookie binds it: the e-mail as typed, trimmed, lower case. */
export const accountKey = (email: string) => email.trim().toLowerCase();

export interface DeviceCookies {
  /** A new cookie value for a browser that just proved it holds the account. */
  issue(email: string): string;
  /** The device's nonce when `value` is a cookie this server issued for this account; null otherwise. */
  deviceOf(value: string | undefined, email: string): string | null;
}

export function deviceCookies(secret: string): DeviceCookies {
  const signature = (email: string, nonce: string) =>
    createHmac('sha256', secret).update(`${accountKey(email)}\n${nonce}`).digest('base64url');
  return {
    issue(email) {
      const nonce = randomToken(16);
      return `${nonce}.${signature(email, nonce)}`;
    },
    deviceOf(value, email) {
      const [nonce, signed, ...rest] = value?.split('.') ?? [];
      if (!nonce || !signed || rest.length > 0) return null;
      return sameToken(signed, signature(email, nonce)) ? nonce : null;
    },
  };
}

export function setDeviceCookie(ctx: ParameterizedContext, value: string): void {
  ctx.cookies.set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: overHttps(ctx),
    path: COOKIE_PATH,
    maxAge: MAX_AGE_MS,
    overwrite: true,
  });
}

export function readDeviceCookie(ctx: ParameterizedContext): string | undefined {
  return ctx.cookies.get(DEVICE_COOKIE);
}
