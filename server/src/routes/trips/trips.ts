/** /_api/trips: My Trips list and its cards' previews, trip creation and deletion. */
import Router from '@koa/router';
import { calls, canDeleteTrip } from '@caravan/shared';
import { tripCreatorWithCurrency } from '../../commands/tripCreator.ts';
import { tripDeleter } from '../../commands/tripDeleter.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { presentCreatedTrip } from '../../presenters/trip.ts';
import { tripListQuery } from '../../queries/tripList.ts';
import { tripPreviewsQuery } from '../../queries/tripPreviews.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';
import { tripCallsOn } from '../tripCall.ts';

export function tripRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource } = deps;
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  serveCall(router, calls.trips.list, (_body, ctx) => tripListQuery(dataSource, currentUser(ctx).id));
  serveCall(router, calls.trips.previews, (_body, ctx) => tripPreviewsQuery(deps, currentUser(ctx).id));

  serveCall(
    router,
    calls.trips.create,
    async (body, ctx) => presentCreatedTrip(await tripCreatorWithCurrency(deps, currentUser(ctx).id, body)),
    { status: 201 },
  );

  tripCall(calls.trips.delete, canDeleteTrip, async ({ body }) => {
    await tripDeleter(deps, body);
    return { success: true } as const;
  });

  return router;
}
