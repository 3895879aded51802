/** /_api/trips/activity: the trip's activity feed, newest first, a page at a time (members only). */
import Router from '@koa/router';
import { ZActivityRequest } from '@caravan/shared';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canViewActivity, loadTripAccess } from '../../policies/tripPolicy.ts';
import { activityFeedQuery } from '../../queries/activityFeed.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function activityRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/activity' });
  router.use(requireUser);

  router.post('/', async (ctx) => {
    const { tripId, limit, before } = input(ZActivityRequest, ctx.request.body);
    const { role } = await loadTripAccess(dataSource, tripId, currentUser(ctx));
    authorize(canViewActivity(role));
    ctx.body = await activityFeedQuery(dataSource, tripId, { limit, before });
  });

  return router;
}
