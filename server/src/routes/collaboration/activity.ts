/** /_api/trips/activity: the trip's activity feed, newest first, a page at a time (members only). */
import Router from '@koa/router';
import { calls, canViewActivity } from '@caravan/shared';
import { activityFeedQuery } from '../../queries/activityFeed.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function activityRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.activity.feed, canViewActivity, ({ body: { tripId, limit, before } }) =>
    activityFeedQuery(dataSource, tripId, { limit, before }),
  );

  return router;
}
