/**
 * /_api/trips/share, /public, /route-mode and /road-settings: the trip page's own reads and settings
 * (docs/product.md#trip-page). Its main read, /trips/details, is matched ahead of the general chain
 * (tripDetailsFastPath.ts).
 */
import Router from '@koa/router';
import { calls, canSetRoadSettings, canSetRouteMode, canShareTrip } from '@caravan/shared';
import { tripRoadSettingsSetter } from '../../commands/tripRoadSettingsSetter.ts';
import { tripRouteModeSetter } from '../../commands/tripRouteModeSetter.ts';
import { tripSharer } from '../../commands/tripSharer.ts';
import { publicTripQuery } from '../../queries/publicTripQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { tripCallsOn } from '../tripCall.ts';

export function tripDetailRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  // Anyone with the link, signed in or not.
  serveCall(router, calls.trips.public, ({ shareToken }) => publicTripQuery(dataSource, shareToken), { guard: [] });

  tripCall(calls.trips.share, canShareTrip, ({ user, body }) => tripSharer(tripDocs, user.id, body));

  tripCall(calls.trips.routeMode, canSetRouteMode, ({ user, body }) => tripRouteModeSetter(tripDocs, user.id, body));

  tripCall(calls.trips.roadSettings, canSetRoadSettings, ({ user, body }) => tripRoadSettingsSetter(tripDocs, user.id, body));

  return router;
}
