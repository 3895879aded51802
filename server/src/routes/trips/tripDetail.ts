/** /_api/trips/details, /share, /public, /route-mode and /road-settings: the trip page's own reads and settings (docs/product.md#trip-page). */
import Router from '@koa/router';
import { calls, canSetRoadSettings, canSetRouteMode, canShareTrip } from '@caravan/shared';
import { tripRoadSettingsSetter } from '../../commands/tripRoadSettingsSetter.ts';
import { tripRouteModeSetter } from '../../commands/tripRouteModeSetter.ts';
import { tripSharer } from '../../commands/tripSharer.ts';
import { ifNoneMatch } from '../../lib/ifNoneMatch.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { publicTripQuery } from '../../queries/publicTripQuery.ts';
import { tripDetailResponse } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { routeCall, serveCall } from '../callRoute.ts';
import { tripCallsOn } from '../tripCall.ts';

export function tripDetailRoutes({ dataSource, tripDocs, tripStops }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  // The answer is the cached JSON text of the trip's details, sent as it is: not an object to type-check.
  // A client that presents the answer's ETag gets 304 and no body, only after the role check passed; one that
  // accepts Brotli or gzip gets the form compressed once for everyone.
  routeCall(router, calls.trips.details, requireUser, async (ctx) => {
    const { tripId } = input(calls.trips.details.request, ctx.request.body);
    const answer = await tripDetailResponse(dataSource, tripStops, tripId, currentUser(ctx).id);
    const coding = ctx.get('Accept-Encoding') ? ctx.acceptsEncodings('br', 'gzip', 'identity') : false;
    const compressed = coding === 'br' || coding === 'gzip' ? coding : null;
    ctx.vary('Accept-Encoding');
    ctx.set('ETag', answer.etagOf(compressed));
    // Kept by the caller only: revalidated on every use, never stored by a shared cache.
    ctx.set('Cache-Control', 'private, no-cache');
    if (ifNoneMatch(ctx.get('If-None-Match'), answer.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    if (compressed) ctx.set('Content-Encoding', compressed);
    ctx.body = compressed ? answer.encoded(compressed) : answer.body;
  });

  // Anyone with the link, signed in or not.
  serveCall(router, calls.trips.public, ({ shareToken }) => publicTripQuery(dataSource, shareToken), { guard: [] });

  tripCall(calls.trips.share, canShareTrip, ({ user, body }) => tripSharer(tripDocs, user.id, body));

  tripCall(calls.trips.routeMode, canSetRouteMode, ({ user, body }) => tripRouteModeSetter(tripDocs, user.id, body));

  tripCall(calls.trips.roadSettings, canSetRoadSettings, ({ user, body }) => tripRoadSettingsSetter(tripDocs, user.id, body));

  return router;
}
