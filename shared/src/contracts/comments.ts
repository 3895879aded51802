/** Stop comments (docs/product.md#comments): list (members), create (any member), resolve (owner or editor). */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { tripId, requestObject } from './common.ts';

const c = messages.collaboration.validation;

export const COMMENT_MAX_LENGTH = 2000;
/** At most this many members mentioned in one comment. */
export const COMMENT_MENTIONS_MAX = 50;

const stopId = z.string({ error: c.stopIdRequired }).uuid(c.stopIdRequired);

/** `stopId` narrows the list to one stop's thread. */
export const ZCommentsRequest = requestObject({ tripId: tripId(), stopId: stopId.optional() });

export const ZCreateCommentRequest = requestObject({
  tripId: tripId(),
  stopId,
  content: z.string({ error: c.commentEmpty }).trim().min(1, c.commentEmpty).max(COMMENT_MAX_LENGTH, c.commentTooLong),
  /** The members picked with '@', by user id; ids of non-members are ignored, not refused. */
  mentions: z
    // User ids are PostgreSQL integers: past 2^31 - 1 no member has the id, and the query could not take it.
    .array(z.number({ error: c.invalidMentions }).int(c.invalidMentions).positive(c.invalidMentions).max(2_147_483_647, c.invalidMentions), { error: c.invalidMentions })
    .max(COMMENT_MENTIONS_MAX, c.invalidMentions)
    .optional(),
});

export const ZResolveCommentRequest = requestObject({
  tripId: tripId(),
  commentId: z.string({ error: c.invalidCommentId }).uuid(c.invalidCommentId),
  resolved: z.boolean({ error: c.resolvedRequired }),
});

/** A member a comment mentions, with their name as the comment wrote it ('@' + name in the text). */
export const ZCommentMention = z.object({ userId: z.number(), name: z.string() });

export const ZComment = z.object({
  id: z.string(),
  stopId: z.string(),
  userId: z.number().nullable(),
  content: z.string(),
  resolved: z.boolean(),
  createdAt: z.string(),
  userDisplayName: z.string(),
  userAvatarUrl: z.string().nullable(),
  mentions: z.array(ZCommentMention),
});

/** Oldest first, the order a thread is read in. */
export const ZCommentsResponse = z.array(ZComment);

export type TCommentsRequest = z.infer<typeof ZCommentsRequest>;
export type TCreateCommentRequest = z.infer<typeof ZCreateCommentRequest>;
export type TResolveCommentRequest = z.infer<typeof ZResolveCommentRequest>;
export type TComment = z.infer<typeof ZComment>;
export type TCommentMention = z.infer<typeof ZCommentMention>;
