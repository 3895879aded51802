/** Allow-list for a stop comment (docs/product.md#comments); the author's name and avatar come from the account, never the client. */
import { messages, readMentions, type TComment } from '@caravan/shared';

export interface CommentFields {
  id: string;
  stopId: string;
  userId: number | null;
  content: string;
  resolved: boolean;
  createdAt: Date;
  userDisplayName: string | null;
  userAvatarUrl: string | null;
  mentions: unknown;
}

export function presentComment(comment: CommentFields): TComment {
  return {
    id: comment.id,
    stopId: comment.stopId,
    userId: comment.userId,
    content: comment.content,
    resolved: comment.resolved,
    createdAt: comment.createdAt.toISOString(),
    userDisplayName: comment.userDisplayName ?? messages.collaboration.formerMember,
    userAvatarUrl: comment.userAvatarUrl,
    mentions: readMentions(comment.mentions),
  };
}
