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
} from '@caravan/shared';
import { stopAdder } from '../../commands/stopAdder.ts';
import { stopContentUpdater } from '../../commands/stopContentUpdater.ts';
import { stopDeleter } from '../../commands/stopDeleter.ts';
import { stopReorderer } from '../../commands/stopReorderer.ts';
import { stopVisitedToggler } from '../../commands/stopVisitedToggler.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canEditStopContent, canEditStops, canToggleVisited } from '../../policies/tripPolicy.ts';
import { presentStop } from '../../presenters/tripDetail.ts';
import { tripStopQuery } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function stopRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource, tripDocs } = deps;
  const router = new Router<AppState>({ prefix: '/trips/stops' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post(
    '/',
    tripCall(ZAddStopRequest, canEditStops, async ({ user, body }) => presentStop(await stopAdder(tripDocs, user, body), []), {
      status: 201,
    }),
  );

  router.post(
    '/reorder',
    tripCall(ZReorderStopRequest, canEditStops, ({ user, body }) => stopReorderer(tripDocs, user.id, body)),
  );

  router.post(
    '/delete',
    tripCall(ZDeleteStopRequest, canEditStops, async ({ user, body }) => {
      await stopDeleter(deps, user.id, body);
      return { success: true };
    }),
  );

  router.post(
    '/toggle-visited',
    tripCall(ZToggleVisitedRequest, canToggleVisited, ({ user, body }) => stopVisitedToggler(tripDocs, user.id, body)),
  );

  router.post(
    '/update-content',
    tripCall(ZUpdateStopContentRequest, canEditStopContent, async ({ user, body }) => {
      await stopContentUpdater(deps, user.id, body);
      return tripStopQuery(dataSource, body.tripId, body.stopId);
    }),
  );

  return router;
}
