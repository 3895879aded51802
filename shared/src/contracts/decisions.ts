/**
 * Votes on suggestions and polls (docs/product.md#votes-and-polls): any member votes, owner and editors start
 * polls, the poll's creator or the owner closes it. Values and messages come from ./decisionFields.ts, which
 * the live door checks too.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';
import { decisionFields } from './decisionFields.ts';

const d = messages.decisions;
const trimmed = (schema: z.ZodType<string>) => z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema);

const suggestionId = () =>
  z.string({ error: messages.collaboration.validation.invalidSuggestionId }).uuid(messages.collaboration.validation.invalidSuggestionId);
const pollId = () => z.string({ error: d.invalidPollId }).uuid(d.invalidPollId);

export const ZSuggestionVoteRequest = requestObject({
  tripId: tripId(),
  suggestionId: suggestionId(),
  /** null takes the caller's vote back. */
  vote: decisionFields.suggestionVote.nullable(),
});

export const ZVoteTally = z.object({
  suggestionId: z.string(),
  up: z.number(),
  down: z.number(),
  mine: z.enum(['up', 'down']).nullable(),
});

export const ZPollsRequest = requestObject({ tripId: tripId() });

export const ZCreatePollRequest = requestObject({
  tripId: tripId(),
  question: trimmed(decisionFields.question),
  options: z.preprocess(
    (value) => (Array.isArray(value) ? value.map((option) => (typeof option === 'string' ? option.trim() : option)) : value),
    decisionFields.options,
  ),
  multiple: decisionFields.multiple.optional().default(false),
  closesAt: decisionFields.closesAt.optional().default(null),
});

export const ZPollVoteRequest = requestObject({
  tripId: tripId(),
  pollId: pollId(),
  /** Option numbers, from 0; an empty list takes the caller's vote back. */
  choices: decisionFields.choices,
});

export const ZClosePollRequest = requestObject({ tripId: tripId(), pollId: pollId() });

export const ZPoll = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  multiple: z.boolean(),
  closesAt: z.string().nullable(),
  createdBy: z.number(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.number().nullable(),
  open: z.boolean(),
  results: z.object({ counts: z.array(z.number()), voters: z.number(), leaders: z.array(z.number()), mine: z.array(z.number()) }),
});

/** Newest first. */
export const ZPollsResponse = z.array(ZPoll);

export type TCreatePollRequest = z.infer<typeof ZCreatePollRequest>;
export type TPoll = z.infer<typeof ZPoll>;
export type TVoteTally = z.infer<typeof ZVoteTally>;
