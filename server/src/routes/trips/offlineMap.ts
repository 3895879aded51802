/** /_api/trips/offline-map/plan: the tile list of the trip's route for its offline map, for any member (docs/product.md#map); writes nothing. */
import Router from '@koa/router';
import { calls, canKeepMapOffline } from '@caravan/shared';
import { offlineMapPlanQuery } from '../../queries/offlineMap/offlineMapPlanQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function offlineMapRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, deps.dataSource);
  tripCall(calls.offlineMap.plan, canKeepMapOffline, ({ user, trip }) => offlineMapPlanQuery(deps, user.id, trip.id));
  return router;
}
