/**
 * What an OpenID Connect sign-in must remember between sending the popup to the provider and its callback:
 * the `state` (login CSRF), the `nonce` (binds the ID token to this attempt) and the PKCE code verifier
 * (binds the code to this attempt). Kept in a short-lived HttpOnly SameSite=Lax cookie of the browser that
 * started it, so any API process can finish it; a state is good for one callback, whatever its outcome.
 */
import { OAUTH_POPUP_TIMEOUT_MS } from '@caravan/shared';
import { overHttps } from '../lib/overHttps.ts';
import type { AppContext } from '../types.ts';

export const OIDC_FLOW_COOKIE = 'caravan_oidc_flow';
const COOKIE_PATH = '/_api/auth/oauth_callback';

export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function setOidcFlowCookie(ctx: AppContext, flow: OidcFlow): void {
  const value = Buffer.from(JSON.stringify(flow)).toString('base64url');
  ctx.cookies.set(OIDC_FLOW_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(ctx),
    path: COOKIE_PATH,
    // The web app stops waiting for the popup after this long.
    maxAge: OAUTH_POPUP_TIMEOUT_MS,
    overwrite: true,
  });
}

/** The flow this browser started, or null when it has none (or something that is not one). */
export function readOidcFlowCookie(ctx: AppContext): OidcFlow | null {
  const value = ctx.cookies.get(OIDC_FLOW_COOKIE);
  if (!value) return null;
  try {
    const flow = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcFlow>;
    const { state, nonce, codeVerifier } = flow;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

export function clearOidcFlowCookie(ctx: AppContext): void {
  ctx.cookies.set(OIDC_FLOW_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: overHttps(ctx), path: COOKIE_PATH, overwrite: true });
}
