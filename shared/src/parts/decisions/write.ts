/**
 * The only code that sets votes and polls: each writer answers the key writes (../part.ts) that the browser
 * applies as the member's own edit and REST applies once the part's judge has taken them (../registry.ts).
 * A writer reads the document as it is; what it is asked about must exist (the caller has looked).
 */
import type * as Y from 'yjs';
import type { SuggestionVote } from '../../contracts/decisionFields.ts';
import type { KeyWrite } from '../part.ts';
import { readDocPoll } from './read.ts';
import { DECISION_ROOTS, voteKey, type DocPoll } from './schema.ts';

const { votes, polls } = DECISION_ROOTS;

/** Who writes, and when. */
export interface DecisionAuthor {
  userId: number;
  now: Date;
}

export type NewPoll = Pick<DocPoll, 'question' | 'options' | 'multiple' | 'closesAt'>;

/** One spelling of a time in the document, whatever offset it was given in (text that is no time is left for the schema to refuse). */
const isoSpelling = (time: string) => {
  const at = Date.parse(time);
  return Number.isNaN(at) ? time : new Date(at).toISOString();
};

export function startPoll(id: string, fields: NewPoll, { userId, now }: DecisionAuthor): KeyWrite[] {
  const poll: DocPoll = {
    ...fields,
    closesAt: fields.closesAt === null ? null : isoSpelling(fields.closesAt),
    createdBy: userId,
    createdAt: now.toISOString(),
    closedAt: null,
    closedBy: null,
  };
  return [{ root: polls, key: id, value: poll }];
}

/** Closes the poll as `userId` at `now`, everything else as it was; nothing when there is no such poll. */
export function closePoll(doc: Y.Doc, pollId: string, { userId, now }: DecisionAuthor): KeyWrite[] {
  const poll = readDocPoll(doc, pollId);
  return poll ? [{ root: polls, key: pollId, value: { ...poll, closedAt: now.toISOString(), closedBy: userId } }] : [];
}

/** The member's answer to a poll, its option numbers in order; no choices takes it back. */
export function votePoll(pollId: string, choices: readonly number[], voter: number): KeyWrite[] {
  if (choices.length === 0) return takeBackVote('poll', pollId, voter);
  return [{ root: votes, key: voteKey('poll', pollId, voter), value: [...choices].sort((a, b) => a - b) }];
}

/** The member's vote on a suggestion; null takes it back. */
export function voteSuggestion(suggestionId: string, vote: SuggestionVote | null, voter: number): KeyWrite[] {
  if (vote === null) return takeBackVote('suggestion', suggestionId, voter);
  return [{ root: votes, key: voteKey('suggestion', suggestionId, voter), value: vote }];
}

export function takeBackVote(target: 'suggestion' | 'poll', id: string, voter: number): KeyWrite[] {
  return [{ root: votes, key: voteKey(target, id, voter), value: undefined }];
}
