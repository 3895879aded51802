/** /_api/trips/comments: list (members), create (any member), resolve (owner or editor). */
import Router from '@koa/router';
import { calls, canComment, canResolveComments, canViewComments } from '@caravan/shared';
import { commentCreator } from '../../commands/commentCreator.ts';
import { commentResolver } from '../../commands/commentResolver.ts';
import { commentListQuery, commentQuery } from '../../queries/commentList.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function commentRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.comments.list, canViewComments, ({ body: { tripId, stopId } }) => commentListQuery(dataSource, tripId, { stopId }));

  tripCall(
    calls.comments.create,
    canComment,
    async ({ user, body }) => commentQuery(dataSource, body.tripId, await commentCreator(dataSource, tripDocs, user, body)),
    { status: 201 },
  );

  tripCall(calls.comments.resolve, canResolveComments, async ({ user, body }) => {
    await commentResolver(tripDocs, user, body);
    return commentQuery(dataSource, body.tripId, body.commentId);
  });

  return router;
}
