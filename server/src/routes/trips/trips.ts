/** /_api/trips: My Trips list, trip creation and deletion. */
import Router from '@koa/router';
import { ZCreateTripRequest, ZDeleteTripRequest } from '@caravan/shared';
import { tripCreator } from '../../commands/tripCreator.ts';
import { tripDeleter } from '../../commands/tripDeleter.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { input } from '../../lib/input.ts';
import { authorize, canDeleteTrip, loadTripAccess } from '../../policies/tripPolicy.ts';
import { presentTripListItem } from '../../presenters/trip.ts';
import { tripListQuery } from '../../queries/tripList.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function tripRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips' });
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

  router.post('/delete', async (ctx) => {
    const { tripId } = input(ZDeleteTripRequest, ctx.request.body);
    const { role } = await loadTripAccess(dataSource, tripId, currentUser(ctx));
    authorize(canDeleteTrip(role));
    await tripDeleter(dataSource, tripId);
    ctx.body = { success: true };
  });

  return router;
}
