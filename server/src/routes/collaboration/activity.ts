/** /_api/trips/activity: the trip's activity feed, newest first, a page at a time (members only). */
import Router from '@koa/router';
import { ZActivityRequest } from '@caravan/shared';
import { requireUser } from '../../middleware/authenticate.ts';
import { canViewActivity } from '../../policies/tripPolicy.ts';
import { activityFeedQuery } from '../../queries/activityFeed.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function activityRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/activity' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post(
    '/',
    tripCall(ZActivityRequest, canViewActivity, ({ body: { tripId, limit, before } }) =>
      activityFeedQuery(dataSource, tripId, { limit, before }),
    ),
  );

  return router;
}
