/** Refuses state-changing calls that the browser says come from another site (CSRF defence next to SameSite cookies). */
import type { Middleware } from 'koa';
import { messages } from '@caravan/shared';
import { AppError, type Config, siteOrigins } from '@caravan/engine';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function crossSiteGuard(config: Pick<Config, 'publicOrigin'>): Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const fetchSite = ctx.get('Sec-Fetch-Site');
      const origin = ctx.get('Origin');
      // The site's own origin comes from PUBLIC_ORIGIN, never from the Host header: a page on a rebound
      // domain sends a Host and an Origin that match each other.
      const crossSite =
        (fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
        (origin !== '' && !siteOrigins(config.publicOrigin).includes(origin));
      if (crossSite) throw new AppError('forbidden', messages.common.crossSite);
    }
    await next();
  };
}
