/** Setting and clearing the session cookie: HttpOnly, SameSite=Lax, Secure over HTTPS (middleware/httpsOrigin.ts). */
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '@caravan/shared';
import { SESSION_COOKIE } from '@caravan/engine';
import { overHttps } from '../lib/overHttps.ts';
import type { AppContext } from '../types.ts';

export function setSessionCookie(ctx: AppContext, token: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(ctx),
    maxAge: SESSION_ABSOLUTE_TIMEOUT_MS,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: AppContext): void {
  ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: overHttps(ctx), overwrite: true });
}
