/** /_api/trips/details, /share, /public and /route-mode: the trip page's own reads and settings (SPEC-2 §7). */
import Router from '@koa/router';
import { ZPublicTripRequest, ZRouteModeRequest, ZShareTripRequest, ZTripDetailsRequest } from '@caravan/shared';
import { tripRouteModeSetter } from '../../commands/tripRouteModeSetter.ts';
import { tripSharer } from '../../commands/tripSharer.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canSetRouteMode, canShareTrip, loadTripAccess } from '../../policies/tripPolicy.ts';
import { publicTripQuery } from '../../queries/publicTripQuery.ts';
import { tripDetailResponse } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function tripDetailRoutes({ dataSource, tripDocs, tripStops }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips' });

  router.post('/details', requireUser, async (ctx) => {
    const { tripId } = input(ZTripDetailsRequest, ctx.request.body);
    ctx.type = 'application/json';
    ctx.body = await tripDetailResponse(dataSource, tripStops, tripId, currentUser(ctx).id);
  });

  /** Anyone with the link, signed in or not. */
  router.post('/public', async (ctx) => {
    const { shareToken } = input(ZPublicTripRequest, ctx.request.body);
    ctx.body = await publicTripQuery(dataSource, shareToken);
  });

  router.post('/share', requireUser, async (ctx) => {
    const { tripId, isPublic } = input(ZShareTripRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canShareTrip(role));
    ctx.body = await tripSharer(tripDocs, user.id, tripId, isPublic);
  });

  router.post('/route-mode', requireUser, async (ctx) => {
    const { tripId, routeMode } = input(ZRouteModeRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canSetRouteMode(role));
    ctx.body = await tripRouteModeSetter(tripDocs, user.id, tripId, routeMode);
  });

  return router;
}
