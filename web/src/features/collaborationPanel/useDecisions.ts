/**
 * Votes and polls read live from the trip document (shared/src/tripDoc/decisions.ts), and this member's writes
 * to them as their own edits: the live door checks each (collab-server/src/partPermissions.ts), so offline votes
 * wait in the document and go out on reconnect.
 */
import type * as Y from 'yjs';
import {
  pollsMap,
  readPolls,
  suggestionTally,
  voteKey,
  votesMap,
  type DocPoll,
  type PollView,
  type SuggestionVote,
  type VoteTally,
} from '@caravan/shared';
import { transactLocal } from '../../lib/collab/localEdit.ts';
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

/** The member's vote on a suggestion; the same vote again takes it back. */
export function toggleSuggestionVote(doc: Y.Doc, userId: number, suggestionId: string, vote: SuggestionVote, current: SuggestionVote | null) {
  const key = voteKey('suggestion', suggestionId, userId);
  transactLocal(doc, () => (vote === current ? votesMap(doc).delete(key) : votesMap(doc).set(key, vote)));
}

export function setPollVote(doc: Y.Doc, userId: number, pollId: string, choices: number[]) {
  const key = voteKey('poll', pollId, userId);
  transactLocal(doc, () => (choices.length ? votesMap(doc).set(key, [...choices].sort((a, b) => a - b)) : votesMap(doc).delete(key)));
}

export function startPoll(doc: Y.Doc, poll: DocPoll): string {
  const id = crypto.randomUUID();
  transactLocal(doc, () => pollsMap(doc).set(id, poll));
  return id;
}

export function closePoll(doc: Y.Doc, userId: number, poll: PollView) {
  const { id, open: _open, results: _results, ...stored } = poll;
  transactLocal(doc, () => pollsMap(doc).set(id, { ...stored, closedAt: new Date().toISOString(), closedBy: userId }));
}
