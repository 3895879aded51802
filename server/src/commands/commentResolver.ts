/**
 * The owner or an editor marks a comment resolved or unresolved (resolve toggles). Setting the
 * value it already has changes nothing and records nothing.
 */
import { commentsMap, findStop, messages, type TResolveCommentRequest } from '@caravan/shared';
import { AppError, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function commentResolver(
  tripDocs: TripDocHub,
  user: User,
  params: TResolveCommentRequest,
): Promise<void> {
  await tripDocs.write(params.tripId, serverOrigin(user.id), ({ doc, transact }) => {
    const record = commentsMap(doc).get(params.commentId);
    if (!record) throw new AppError('not_found', messages.collaboration.comments.notFound);
    if (record.get('resolved') === params.resolved) return;
    const stopId = record.get('stopId') as string;
    transact(() => {
      record.set('resolved', params.resolved);
      recordActivity(doc, user, 'comment_resolved', {
        resolved: params.resolved,
        stopId,
        stopName: findStop(doc, stopId)?.name ?? null,
        commentId: params.commentId,
      });
    });
  });
}
