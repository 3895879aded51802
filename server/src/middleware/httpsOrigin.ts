/**
 * Decides whether responses go out as HTTPS: the request came over HTTPS, or users reach Caravan at an https
 * PUBLIC_ORIGIN (a TLS proxy in front whose X-Forwarded-Proto is not trusted without TRUST_PROXY). Cookies are
 * then Secure and HSTS is sent; ../lib/overHttps.ts reads what it decided.
 */
import type { Middleware } from 'koa';
import type { Config } from '@caravan/engine';

export function httpsOrigin(config: Pick<Config, 'publicOrigin'>): Middleware {
  return async (ctx, next) => {
    // The cookie jar refuses to set a Secure cookie unless it is told the connection is secure.
    ctx.cookies.secure = ctx.secure || config.publicOrigin.startsWith('https:');
    await next();
  };
}
