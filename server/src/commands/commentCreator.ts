/**
 * A member comments on a stop of the trip: the comment and its activity entry go into the trip document
 * in one server-origin change. The author's name and avatar are the account's own, never the client's.
 * Answers the new comment's id.
 */
import { randomUUID } from 'node:crypto';
import { commentsMap, findStop, messages, recordMap, type DocComment, type TCreateCommentRequest } from '@caravan/shared';
import { AppError, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function commentCreator(
  tripDocs: TripDocHub,
  author: User,
  params: TCreateCommentRequest,
): Promise<string> {
  const id = randomUUID();
  await tripDocs.write(params.tripId, serverOrigin(author.id), ({ doc, transact }) => {
    const stop = findStop(doc, params.stopId);
    if (!stop) throw new AppError('not_found', messages.collaboration.comments.stopNotFound);
    const comment: DocComment = {
      id,
      stopId: stop.id,
      userId: author.id,
      content: params.content,
      resolved: false,
      createdAt: new Date().toISOString(),
      userDisplayName: author.displayName,
      userAvatarUrl: author.avatarUrl,
    };
    transact(() => {
      commentsMap(doc).set(id, recordMap(comment));
      recordActivity(doc, author, 'comment_added', { stopName: stop.name, stopId: stop.id, commentId: id });
    });
  });
  return id;
}
