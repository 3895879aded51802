/** Security headers on every response: CSP, nosniff, no referrer, framing refused, HSTS over HTTPS. */
import type { Middleware } from 'koa';
import { overHttps } from '../lib/overHttps.ts';

/**
 * The page may load map styles, tiles and images over HTTPS from anywhere; over plain HTTP only from the base
 * map's own servers (a private deployment's MAP_STYLE_URL and MAP_STYLE_URL_DARK, e.g. a tile server on the local network).
 */
export const contentSecurityPolicy = (...mapStyleUrls: Array<string | undefined>): string => {
  const mapServers = [...new Set(mapStyleUrls.map(plainHttpOrigin).filter((origin) => origin !== null))];
  const alsoMapServer = mapServers.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${alsoMapServer}`,
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: https:${alsoMapServer}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
};

function plainHttpOrigin(url: string | undefined): string | null {
  if (!url?.startsWith('http:')) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function securityHeaders(...mapStyleUrls: Array<string | undefined>): Middleware {
  const policy = contentSecurityPolicy(...mapStyleUrls);
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (overHttps(ctx)) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
