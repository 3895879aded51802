/**
 * /_api/trips/stops...: add, reorder, delete, toggle visited, legacy content (SPEC-2 §7). Each change is a
 * server-origin write on the trip's document, so connected members see it at once and the `stops`
 * projection changes in the same commit.
 */
import Router from '@koa/router';
import {
  ZAddStopRequest,
  ZDeleteStopRequest,
  ZReorderStopRequest,
  ZToggleVisitedRequest,
  ZUpdateStopContentRequest,
  messages,
} from '@caravan/shared';
import { stopAdder } from '../../commands/stopAdder.ts';
import { stopContentUpdater } from '../../commands/stopContentUpdater.ts';
import { stopDeleter } from '../../commands/stopDeleter.ts';
import { stopReorderer } from '../../commands/stopReorderer.ts';
import { stopVisitedToggler } from '../../commands/stopVisitedToggler.ts';
import { AppError } from '../../lib/appError.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canEditStopContent, canEditStops, canToggleVisited, loadTripAccess } from '../../policies/tripPolicy.ts';
import { tripStopsQuery } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function stopRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource, tripDocs } = deps;
  const router = new Router<AppState>({ prefix: '/trips/stops' });
  router.use(requireUser);

  router.post('/', async (ctx) => {
    const { tripId, ...fields } = input(ZAddStopRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canEditStops(role));
    ctx.status = 201;
    ctx.body = await stopAdder(tripDocs, user, tripId, fields);
  });

  router.post('/reorder', async (ctx) => {
    const { tripId, stopId, newOrder } = input(ZReorderStopRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canEditStops(role));
    ctx.body = await stopReorderer(tripDocs, user.id, tripId, stopId, newOrder);
  });

  router.post('/delete', async (ctx) => {
    const { tripId, stopId } = input(ZDeleteStopRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canEditStops(role));
    await stopDeleter(deps, user.id, tripId, stopId);
    ctx.body = { success: true };
  });

  router.post('/toggle-visited', async (ctx) => {
    const { tripId, stopId } = input(ZToggleVisitedRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canToggleVisited(role));
    ctx.body = await stopVisitedToggler(tripDocs, user.id, tripId, stopId);
  });

  router.post('/update-content', async (ctx) => {
    const { tripId, stopId, ...content } = input(ZUpdateStopContentRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, tripId, user);
    authorize(canEditStopContent(role));
    await stopContentUpdater(deps, user.id, tripId, stopId, content);
    const [stop] = await tripStopsQuery(dataSource, tripId, [stopId]);
    // Deleted by someone else right after this change committed.
    if (!stop) throw new AppError('not_found', messages.stops.notFound);
    ctx.body = stop;
  });

  return router;
}
