/** Builds the Koa app from its dependencies; used by the process entry point and by tests. */
import Koa from 'koa';
import Router from '@koa/router';
import { messages } from '@caravan/shared';
import { AppError } from './lib/appError.ts';
import { authenticate } from './middleware/authenticate.ts';
import { crossSiteGuard } from './middleware/crossSiteGuard.ts';
import { errorHandler } from './middleware/errorHandler.ts';
import { jsonBody } from './middleware/jsonBody.ts';
import { requestContext } from './middleware/requestContext.ts';
import { securityHeaders } from './middleware/securityHeaders.ts';
import { webApp } from './middleware/webApp.ts';
import { adminRoutes } from './routes/admin/admin.ts';
import { authRoutes } from './routes/auth/auth.ts';
import { oauthRoutes } from './routes/auth/oauth.ts';
import { photoRoutes } from './routes/photos/photos.ts';
import { searchRoutes } from './routes/search/search.ts';
import { tripRoutes } from './routes/trips/trips.ts';
import type { AppDeps, AppState } from './types.ts';

export function buildApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: deps.config.trustProxy });
  app.silent = true;

  const api = new Router<AppState>({ prefix: '/_api' });
  api.use(crossSiteGuard([deps.config.publicOrigin]), jsonBody(), authenticate(deps.dataSource));
  for (const routes of [authRoutes, oauthRoutes, tripRoutes, searchRoutes, adminRoutes, photoRoutes]) {
    const router = routes(deps);
    api.use(router.routes(), router.allowedMethods());
  }

  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(securityHeaders());
  app.use(api.routes());
  app.use(async (ctx, next) => {
    if (ctx.path === '/_api' || ctx.path.startsWith('/_api/')) throw new AppError('not_found', messages.common.notFound);
    await next();
  });
  app.use(webApp(deps.config.webDistDir));
  return app;
}
