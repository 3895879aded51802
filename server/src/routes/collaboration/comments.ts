/** /_api/trips/comments: list (members), create (any member), resolve (owner or editor). */
import Router from '@koa/router';
import { ZCommentsRequest, ZCreateCommentRequest, ZResolveCommentRequest } from '@caravan/shared';
import { commentCreator } from '../../commands/commentCreator.ts';
import { commentResolver } from '../../commands/commentResolver.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canComment, canResolveComments, canViewComments } from '../../policies/tripPolicy.ts';
import { commentListQuery, commentQuery } from '../../queries/commentList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function commentRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/comments' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post(
    '/',
    tripCall(ZCommentsRequest, canViewComments, ({ body: { tripId, stopId } }) => commentListQuery(dataSource, tripId, { stopId })),
  );

  router.post(
    '/create',
    tripCall(
      ZCreateCommentRequest,
      canComment,
      async ({ user, body }) => commentQuery(dataSource, body.tripId, await commentCreator(tripDocs, user, body)),
      { status: 201 },
    ),
  );

  router.post(
    '/resolve',
    tripCall(ZResolveCommentRequest, canResolveComments, async ({ user, body }) => {
      await commentResolver(tripDocs, user, body);
      return commentQuery(dataSource, body.tripId, body.commentId);
    }),
  );

  return router;
}
