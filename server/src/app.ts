/** Builds the Koa app from its dependencies; used by the process entry point and by tests. */
import Koa from 'koa';
import Router from '@koa/router';
import { messages } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { apiMiddleware, responseMiddleware } from './middleware/requestChain.ts';
import { webApp } from './middleware/webApp.ts';
import { adminRoutes } from './routes/admin/admin.ts';
import { accountRoutes } from './routes/account/account.ts';
import { passkeyRoutes } from './routes/account/passkeys.ts';
import { twoFactorRoutes } from './routes/account/twoFactor.ts';
import { notificationRoutes } from './routes/account/notifications.ts';
import { pushRoutes } from './routes/account/pushSubscriptions.ts';
import { authRoutes } from './routes/auth/auth.ts';
import { configRoutes } from './routes/config/config.ts';
import { oauthRoutes } from './routes/auth/oauth.ts';
import { photoRoutes } from './routes/photos/photos.ts';
import { searchRoutes } from './routes/search/search.ts';
import { tripRoutes } from './routes/trips/trips.ts';
import { stopRoutes } from './routes/trips/stops.ts';
import { corridorRoutes } from './routes/trips/corridor.ts';
import { offlineMapRoutes } from './routes/trips/offlineMap.ts';
import { baseMapRoutes } from './routes/map/baseMap.ts';
import { tripDetailRoutes } from './routes/trips/tripDetail.ts';
import { tripDetailsFastPath } from './routes/trips/tripDetailsFastPath.ts';
import { activityRoutes } from './routes/collaboration/activity.ts';
import { commentRoutes } from './routes/collaboration/comments.ts';
import { tripMuteRoutes } from './routes/collaboration/tripMute.ts';
import { invitationRoutes } from './routes/collaboration/invitations.ts';
import { memberRoutes } from './routes/collaboration/members.ts';
import { suggestionRoutes } from './routes/collaboration/suggestions.ts';
import { pollRoutes } from './routes/collaboration/polls.ts';
import { checklistRoutes } from './routes/collaboration/checklists.ts';
import { heroImageRoutes } from './routes/trips/heroImage.ts';
import { journalRoutes } from './routes/trips/journal.ts';
import { placeImportRoutes } from './routes/trips/placeImport.ts';
import { scheduleRoutes } from './routes/trips/schedule.ts';
import { exportRoutes } from './routes/trips/exports.ts';
import { costRoutes } from './routes/trips/costs.ts';
import { historyRoutes } from './routes/trips/history.ts';
import { weatherRoutes } from './routes/trips/weather.ts';
import type { AppDeps, AppState } from './types.ts';

export function buildApp(deps: AppDeps): Koa<AppState> {
  // Behind the one proxy TRUST_PROXY means, only the X-Forwarded-For entry that proxy appended is the client's:
  // entries before it are whatever the client sent, and the login throttle counts by address.
  const app = new Koa<AppState>({ proxy: deps.config.trustProxy, maxIpsCount: 1 });
  app.silent = true;

  const api = new Router<AppState>({ prefix: '/_api' });
  api.use(...apiMiddleware(deps));
  // The trip and collaboration routers have no prefix and no router-wide `use`: each call registered from its
  // contract carries its own requireUser (routes/callRoute.ts), so /trips/public answers anonymous readers
  // wherever it sits. The prefixed routers' `use` middleware runs only for paths under their prefix.
  const routers = [
    tripDetailRoutes,
    configRoutes,
    authRoutes,
    accountRoutes,
    passkeyRoutes,
    twoFactorRoutes,
    notificationRoutes,
    tripMuteRoutes,
    pushRoutes,
    oauthRoutes,
    tripRoutes,
    stopRoutes,
    corridorRoutes,
    offlineMapRoutes,
    memberRoutes,
    invitationRoutes,
    suggestionRoutes,
    pollRoutes,
    checklistRoutes,
    commentRoutes,
    activityRoutes,
    journalRoutes,
    scheduleRoutes,
    placeImportRoutes,
    heroImageRoutes,
    exportRoutes,
    costRoutes,
    historyRoutes,
    weatherRoutes,
    searchRoutes,
    adminRoutes,
    photoRoutes,
  ];
  for (const routes of routers) {
    // No allowedMethods(): every call answers the same 404 for a method it does not take, and each of
    // those middlewares would run on every request.
    api.use(routes(deps).routes());
  }

  // The most read call is matched first and runs the same middleware without the general chain's routers.
  app.use(tripDetailsFastPath(deps));
  for (const middleware of responseMiddleware(deps)) app.use(middleware);
  // The self-hosted base map is public map data: no session is looked up for its thousands of tile requests.
  app.use(baseMapRoutes(deps).routes());
  app.use(api.routes());
  app.use(async (ctx, next) => {
    if (ctx.path === '/_api' || ctx.path.startsWith('/_api/')) throw new AppError('not_found', messages.common.notFound);
    await next();
  });
  app.use(webApp(deps.config.webDistDir));
  return app;
}
