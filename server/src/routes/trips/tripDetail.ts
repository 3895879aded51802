/** /_api/trips/details, /share, /public and /route-mode: the trip page's own reads and settings (SPEC-2 §7). */
import Router from '@koa/router';
import { ZPublicTripRequest, ZRouteModeRequest, ZShareTripRequest, ZTripDetailsRequest } from '@caravan/shared';
import { tripRouteModeSetter } from '../../commands/tripRouteModeSetter.ts';
import { tripSharer } from '../../commands/tripSharer.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { canSetRouteMode, canShareTrip } from '../../policies/tripPolicy.ts';
import { publicTripQuery } from '../../queries/publicTripQuery.ts';
import { tripDetailResponse } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function tripDetailRoutes({ dataSource, tripDocs, tripStops }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips' });
  const tripCall = tripCalls(dataSource);

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

  router.post(
    '/share',
    requireUser,
    tripCall(ZShareTripRequest, canShareTrip, ({ user, body }) => tripSharer(tripDocs, user.id, body)),
  );

  router.post(
    '/route-mode',
    requireUser,
    tripCall(ZRouteModeRequest, canSetRouteMode, ({ user, body }) => tripRouteModeSetter(tripDocs, user.id, body)),
  );

  return router;
}
