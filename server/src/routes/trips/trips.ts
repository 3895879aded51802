/** /_api/trips: My Trips list, trip creation and deletion. */
import Router from '@koa/router';
import { ZCreateTripRequest, ZDeleteTripRequest } from '@caravan/shared';
import { tripCreator } from '../../commands/tripCreator.ts';
import { tripDeleter } from '../../commands/tripDeleter.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { input } from '../../lib/input.ts';
import { canDeleteTrip } from '../../policies/tripPolicy.ts';
import { presentTripListItem } from '../../presenters/trip.ts';
import { tripListQuery } from '../../queries/tripList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function tripRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.get('/', async (ctx) => {
    ctx.body = await tripListQuery(dataSource, currentUser(ctx).id);
  });

  router.post('/', async (ctx) => {
    const body = input(ZCreateTripRequest, ctx.request.body);
    const user = currentUser(ctx);
    const trip = await tripCreator(dataSource, user.id, body);
    ctx.status = 201;
    ctx.body = presentTripListItem({ ...trip, role: 'owner', stopCount: 1 });
  });

  router.post(
    '/delete',
    tripCall(ZDeleteTripRequest, canDeleteTrip, async ({ trip }) => {
      await tripDeleter(dataSource, trip.id);
      return { success: true };
    }),
  );

  return router;
}
