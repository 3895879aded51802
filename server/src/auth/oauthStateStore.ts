/**
 * OAuth `state` without a server session: a random 256-bit value goes to the provider and, in a short-lived
 * HttpOnly SameSite=Lax cookie, to the browser that started the sign-in. The callback must bring both back
 * and they must match, so nobody can finish a sign-in they did not start in this browser (login CSRF).
 * Plugs into passport-oauth2 as its `store` option.
 */
import { timingSafeEqual } from 'node:crypto';
import type { StrategyOptions } from 'passport-google-oauth20';
import { OAUTH_POPUP_TIMEOUT_MS } from '@caravan/shared';
import { overHttps } from '../lib/overHttps.ts';
import type { AppContext } from '../types.ts';
import type { PassportRequest } from './passportRunner.ts';
import { hashToken, randomToken } from '@caravan/engine';

export const OAUTH_STATE_COOKIE = 'caravan_oauth_state';
const COOKIE_PATH = '/_api/auth/oauth_callback';

/** What the strategy fails with when the state does not check out. */
export interface OAuthStateFailure {
  reason: 'invalid_state';
  details: string;
}

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, ok: boolean, info?: OAuthStateFailure) => void;

class CookieStateStore {
  store(req: PassportRequest, _meta: unknown, callback: StoreCallback): void {
    const state = randomToken(32);
    req.ctx.cookies.set(OAUTH_STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: overHttps(req.ctx),
      path: COOKIE_PATH,
      // The web app stops waiting for the popup after this long.
      maxAge: OAUTH_POPUP_TIMEOUT_MS,
      overwrite: true,
    });
    callback(null, state);
  }

  verify(req: PassportRequest, state: unknown, callback: VerifyCallback): void {
    const expected = req.ctx.cookies.get(OAUTH_STATE_COOKIE);
    if (typeof state !== 'string' || !state || !expected) {
      return callback(null, false, { reason: 'invalid_state', details: 'state missing' });
    }
    // Compare digests so the comparison takes the same time whatever the lengths.
    const matches = timingSafeEqual(Buffer.from(hashToken(state)), Buffer.from(hashToken(expected)));
    if (!matches) return callback(null, false, { reason: 'invalid_state', details: 'state mismatch' });
    callback(null, true);
  }
}

/** The strategy's `store` option. Its typings expect an Express request; passportRunner passes a PassportRequest. */
export function cookieStateStore(): NonNullable<StrategyOptions['store']> {
  return new CookieStateStore() as unknown as NonNullable<StrategyOptions['store']>;
}

/** A state is good for one callback, whatever its outcome. */
export function clearOAuthStateCookie(ctx: AppContext): void {
  ctx.cookies.set(OAUTH_STATE_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: overHttps(ctx), path: COOKIE_PATH, overwrite: true });
}
