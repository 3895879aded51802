/**
 * A member comments on a stop of the trip: the comment and its activity entry go into the trip document
 * in one server-origin change. The author's name and avatar are the account's own, never the client's.
 * Mentions are kept by user id, with the member's name as the text shows it; ids of non-members are dropped.
 * Answers the new comment's id.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { commentsMap, findStop, messages, recordMap, type CommentMention as DocCommentMention, type DocComment, type TCreateCommentRequest } from '@caravan/shared';
import { AppError, recordActivity, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function commentCreator(
  dataSource: DataSource,
  tripDocs: TripDocHub,
  author: User,
  params: TCreateCommentRequest,
): Promise<string> {
  const id = randomUUID();
  const mentions = await mentionedMembers(dataSource, params.tripId, params.mentions ?? []);
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
      mentions,
    };
    transact(() => {
      commentsMap(doc).set(id, recordMap(comment));
      recordActivity(doc, author, 'comment_added', { stopName: stop.name, stopId: stop.id, commentId: id });
    });
  });
  return id;
}

/** The trip's members among `ids`, in the order asked, each once, with their current names. */
async function mentionedMembers(dataSource: DataSource, tripId: string, ids: number[]): Promise<DocCommentMention[]> {
  if (!ids.length) return [];
  const rows: Array<{ id: number; name: string }> = await dataSource.query(
    `SELECT u.id, u.display_name AS name FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = $1 AND m.user_id = ANY($2::int[])`,
    [tripId, ids],
  );
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return [...new Set(ids)].filter((userId) => names.has(userId)).map((userId) => ({ userId, name: names.get(userId)! }));
}
