/** /_api/trips/corridor/search: places along the trip's route, for any member, a few times a minute each (docs/product.md#along-the-route); writes nothing. */
import Router from '@koa/router';
import { calls, canSearchAlongRoute } from '@caravan/shared';
import { corridorSearchQuery } from '../../queries/corridor/corridorSearchQuery.ts';
import { SearchAllowance } from '../../queries/corridor/searchAllowance.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function corridorRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, deps.dataSource);
  const allowance = new SearchAllowance(deps.dataSource);
  tripCall(calls.corridor.search, canSearchAlongRoute, async ({ user, trip, body }) => {
    await allowance.take(user.id);
    return corridorSearchQuery(deps, user.id, { ...body, tripId: trip.id });
  });
  return router;
}
