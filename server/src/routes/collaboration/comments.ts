/** /_api/trips/comments: list (members), create (any member), resolve (owner or editor). */
import Router from '@koa/router';
import { ZCommentsRequest, ZCreateCommentRequest, ZResolveCommentRequest } from '@caravan/shared';
import { commentCreator } from '../../commands/commentCreator.ts';
import { commentResolver } from '../../commands/commentResolver.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canComment, canResolveComments, canViewComments, loadTripAccess } from '../../policies/tripPolicy.ts';
import { commentListQuery } from '../../queries/commentList.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function commentRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/comments' });
  router.use(requireUser);

  router.post('/', async (ctx) => {
    const { tripId, stopId } = input(ZCommentsRequest, ctx.request.body);
    const { role } = await loadTripAccess(dataSource, tripId, currentUser(ctx));
    authorize(canViewComments(role));
    ctx.body = await commentListQuery(dataSource, tripId, { stopId });
  });

  router.post('/create', async (ctx) => {
    const body = input(ZCreateCommentRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canComment(role));
    ctx.status = 201;
    ctx.body = await commentCreator({ dataSource, tripDocs }, user, body);
  });

  router.post('/resolve', async (ctx) => {
    const body = input(ZResolveCommentRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canResolveComments(role));
    ctx.body = await commentResolver({ dataSource, tripDocs }, user, body);
  });

  return router;
}
