/** Stop comments (docs/product.md#comments): list (members), create (any member), resolve (owner or editor). */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { tripId, requestObject } from './common.ts';

const c = messages.collaboration.validation;

export const COMMENT_MAX_LENGTH = 2000;

const stopId = z.string({ error: c.stopIdRequired }).uuid(c.stopIdRequired);

/** `stopId` narrows the list to one stop's thread. */
export const ZCommentsRequest = requestObject({ tripId: tripId(), stopId: stopId.optional() });

export const ZCreateCommentRequest = requestObject({
  tripId: tripId(),
  stopId,
  content: z.string({ error: c.commentEmpty }).trim().min(1, c.commentEmpty).max(COMMENT_MAX_LENGTH, c.commentTooLong),
});

export const ZResolveCommentRequest = requestObject({
  tripId: tripId(),
  commentId: z.string({ error: c.invalidCommentId }).uuid(c.invalidCommentId),
  resolved: z.boolean({ error: c.resolvedRequired }),
});

export const ZComment = z.object({
  id: z.string(),
  stopId: z.string(),
  userId: z.number().nullable(),
  content: z.string(),
  resolved: z.boolean(),
  createdAt: z.string(),
  userDisplayName: z.string(),
  userAvatarUrl: z.string().nullable(),
});

/** Oldest first, the order a thread is read in. */
export const ZCommentsResponse = z.array(ZComment);

export type TCommentsRequest = z.infer<typeof ZCommentsRequest>;
export type TCreateCommentRequest = z.infer<typeof ZCreateCommentRequest>;
export type TResolveCommentRequest = z.infer<typeof ZResolveCommentRequest>;
export type TComment = z.infer<typeof ZComment>;
