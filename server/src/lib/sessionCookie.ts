/** The session cookie: HttpOnly, SameSite=Lax, Secure over HTTPS (middleware/httpsOrigin.ts). */
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '@caravan/shared';
import { overHttps } from '../middleware/httpsOrigin.ts';
import type { AppContext } from '../types.ts';

export const SESSION_COOKIE = 'caravan_session';

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

export function readSessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}
