/** Refuses state-changing calls that the browser says come from another site (CSRF defence next to SameSite cookies). */
import type { Middleware } from 'koa';
import { messages } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function crossSiteGuard(allowedOrigins: string[]): Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const fetchSite = ctx.get('Sec-Fetch-Site');
      const origin = ctx.get('Origin');
      // Not ctx.origin: Koa 3 answers it from the Origin header itself.
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      const crossSite =
        (fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
        (origin !== '' && origin !== ownOrigin && !allowedOrigins.includes(origin));
      if (crossSite) throw new AppError('forbidden', messages.common.crossSite);
    }
    await next();
  };
}
