/**
 * Votes and polls read live from the trip document, and this member's writes to them through the decisions part's
 * writers (shared/src/parts/decisions) as their own edits: the live door judges each by the part's rule, so
 * offline votes wait in the document and go out on reconnect.
 */
import type * as Y from 'yjs';
import {
  ZDocPoll,
  decisionWrites,
  pollsMap,
  readPolls,
  suggestionTally,
  votesMap,
  type NewPoll,
  type PollView,
  type SuggestionVote,
  type VoteTally,
} from '@caravan/shared';
import { writeLocal } from '../../lib/collab/localEdit.ts';
import { useDocValue } from '../../lib/collab/useDocValue.ts';

const readVotes = (doc: Y.Doc) => votesMap(doc).toJSON();
const readPollEntries = (doc: Y.Doc) => pollsMap(doc).toJSON();
const NOTHING = {};

/** Re-renders on every change to votes (and polls, with `withPolls`); null until the document is open. */
function useDecisionDoc(doc: Y.Doc | null, withPolls: boolean): Y.Doc | null {
  const votes = useDocValue(doc, votesMap, readVotes, NOTHING);
  const polls = useDocValue(withPolls ? doc : null, pollsMap, readPollEntries, NOTHING);
  return doc && votes.ready && (!withPolls || polls.ready) ? doc : null;
}

export function useSuggestionTally(doc: Y.Doc | null, userId: number) {
  const ready = useDecisionDoc(doc, false);
  return ready ? (suggestionId: string): VoteTally => suggestionTally(ready, suggestionId, userId) : null;
}

export function useLivePolls(doc: Y.Doc | null, userId: number, now: number): PollView[] | null {
  const ready = useDecisionDoc(doc, true);
  return ready ? readPolls(ready, userId, new Date(now)) : null;
}

const author = (userId: number) => ({ userId, now: new Date() });

/** The member's vote on a suggestion; the same vote again takes it back. */
export function toggleSuggestionVote(doc: Y.Doc, userId: number, suggestionId: string, vote: SuggestionVote, current: SuggestionVote | null) {
  writeLocal(doc, decisionWrites.voteSuggestion(suggestionId, vote === current ? null : vote, userId));
}

export function setPollVote(doc: Y.Doc, userId: number, pollId: string, choices: number[]) {
  writeLocal(doc, decisionWrites.votePoll(pollId, choices, userId));
}

/** Starts the poll if the shared table takes it (the server would not otherwise); answers why not, or null. */
export function startPoll(doc: Y.Doc, userId: number, fields: NewPoll): string | null {
  const writes = decisionWrites.startPoll(crypto.randomUUID(), fields, author(userId));
  const checked = ZDocPoll.safeParse(writes[0].value);
  if (!checked.success) return checked.error.issues[0].message;
  writeLocal(doc, writes);
  return null;
}

export function closePoll(doc: Y.Doc, userId: number, poll: PollView) {
  writeLocal(doc, decisionWrites.closePoll(doc, poll.id, author(userId)));
}
