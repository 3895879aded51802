/**
 * An OpenID Connect identity waiting for its member's consent to be linked to an existing account with the
 * same (verified) e-mail. The provider proved the e-mail; only the password proves the account, so the link is
 * made when this browser next logs in with the password of that very e-mail (auth.ts). The cookie is signed,
 * so nobody can bring one naming an identity the provider never vouched for, and lives 10 minutes.
 */
import { createHmac } from 'node:crypto';
import { calls } from '@caravan/shared';
import { sameToken } from '@caravan/engine';
import { overHttps } from '../lib/overHttps.ts';
import type { ParameterizedContext } from 'koa';

export const PENDING_LINK_COOKIE = 'caravan_pending_link';
const MAX_AGE_MS = 10 * 60 * 1000;
// Only the password sign-in reads it.
const COOKIE_PATH = `/_api${calls.auth.login.path}`;

export interface PendingLink {
  provider: string;
  providerUserId: string;
  email: string;
}

export interface PendingLinks {
  set(ctx: ParameterizedContext, link: PendingLink): void;
  /** The link this browser holds, if the signature and expiry check out. */
  read(ctx: ParameterizedContext): PendingLink | null;
  clear(ctx: ParameterizedContext): void;
}

export function pendingLinks(secret: string): PendingLinks {
  // Its own key, so no other signed value of ours can pass for a pending link.
  const key = createHmac('sha256', secret).update('caravan pending OIDC link').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const options = (ctx: ParameterizedContext) => ({ httpOnly: true, sameSite: 'lax' as const, secure: overHttps(ctx), path: COOKIE_PATH, overwrite: true });
  return {
    set(ctx, link) {
      const payload = Buffer.from(JSON.stringify({ ...link, expiresAt: Date.now() + MAX_AGE_MS })).toString('base64url');
      ctx.cookies.set(PENDING_LINK_COOKIE, `${payload}.${sign(payload)}`, { ...options(ctx), maxAge: MAX_AGE_MS });
    },
    read(ctx) {
      const [payload, signature, ...rest] = ctx.cookies.get(PENDING_LINK_COOKIE)?.split('.') ?? [];
      if (!payload || !signature || rest.length > 0 || !sameToken(signature, sign(payload))) return null;
      const link = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PendingLink & { expiresAt: number };
      if (!(link.expiresAt > Date.now())) return null;
      return { provider: link.provider, providerUserId: link.providerUserId, email: link.email };
    },
    clear(ctx) {
      ctx.cookies.set(PENDING_LINK_COOKIE, null, options(ctx));
    },
  };
}
