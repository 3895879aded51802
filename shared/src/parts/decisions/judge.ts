/**
 * Who may write what to votes and polls, for both doors (shared/src/domain/tripPermissions.ts decides the roles):
 * - a vote entry only by the member its key names, with a value that fits what it is on; taking it back under the
 *   same rules. A vote (or take-back) on a suggestion reviewed or a poll closed since is a late vote: taken, so an
 *   honest device that voted offline is never refused for ever (its client would send the same update on every
 *   reconnect), and put back at once to what the key held before (a rewrite: ../rewrites.ts), so the result stays
 *   as it was at the close. REST answers a vote on what is not open before it gets here;
 * - a new poll by owner or editor, as its creator; a poll changes only by being closed, by its creator or the
 *   owner, everything else as it was; polls are never deleted. Its dates are near now or the server's (`createdAt`
 *   as it starts, `closedAt` as it closes; a close that changes `createdAt` has it put back). A poll written under
 *   the id of one the server deleted (past the limit, at a commit: engine/src/tripDocs/commitLimits.ts) is taken
 *   and deleted again, and votes on it are late.
 * A key written twice in one write clears its earlier value: that is the overwrite (a close), not a deletion.
 */
import type * as Y from 'yjs';
import { MAX_POLLS, decisionFields } from '../../contracts/decisionFields.ts';
import { canClosePoll, canCreatePolls, canVote } from '../../domain/tripPermissions.ts';
import { messages } from '../../messages.ts';
import { readRecord, suggestionsMap } from '../../tripDoc/access.ts';
import type { DocSuggestion } from '../../tripDoc/schema.ts';
import { DOC_ID, isGone } from '../keys.ts';
import type { JudgeContext, KeyWrite, PartWriter } from '../part.ts';
import { stampDates, takeBack, type Rewrite } from '../rewrites.ts';
import { isPollOpen, pollChoiceProblem, readDocPoll } from './read.ts';
import { DECISION_ROOTS, ZDocPoll, parseVoteKey, pollsMap, votesMap, type DocPoll } from './schema.ts';

const d = messages.decisions;
const { votes, polls } = DECISION_ROOTS;

export function judgeDecisions(doc: Y.Doc, writes: readonly KeyWrite[], { writer, now, rewrites }: JudgeContext): string | null {
  // Polls this write starts or closes, so votes (and closes) in the same write, as an offline member sends them, find them.
  const newPolls = new Map<string, DocPoll>();
  const pollsSet = new Set<string>();
  for (const { root, key, value } of writes) {
    if (root !== polls) continue;
    if (!DOC_ID.test(key)) return 'invalid poll id';
    if (value === undefined) continue;
    pollsSet.add(key);
    if (isGone(pollsMap(doc), key)) {
      if (!ZDocPoll.safeParse(value).success) return 'invalid poll';
      takeBack(rewrites, polls, key);
      continue;
    }
    const reason = judgePoll(doc, key, value, writer, newPolls, rewrites, now);
    if (reason) return reason;
  }
  const started = [...newPolls.keys()].filter((id) => !pollsMap(doc).has(id)).length;
  if (started && pollsMap(doc).size + started > MAX_POLLS) return d.tooManyPolls;
  for (const { root, key, value } of writes) {
    if (root !== polls || value !== undefined) continue;
    if (!pollsSet.has(key)) return 'polls are not deleted';
    // A live poll closed and cleared in one write: it holds its close whichever way the clear lands (a crafted
    // update could order it after the close), as nothing deletes a poll.
    const closed = newPolls.get(key);
    if (closed && pollsMap(doc).has(key) && !rewrites.some((rewrite) => rewrite.root === polls && rewrite.key === key)) {
      rewrites.push({ root: polls, key, value: closed });
    }
  }

  const pollOf = (id: string) => newPolls.get(id) ?? readDocPoll(doc, id);
  for (const { root, key, value } of writes) {
    if (root !== votes) continue;
    const reason = judgeVote(doc, key, value, writer, pollOf, rewrites, now);
    if (reason) return reason;
  }
  return null;
}

/** A new poll by its creator, or the close of a live one by its creator or the owner. */
function judgePoll(
  doc: Y.Doc,
  id: string,
  value: unknown,
  { role, userId }: PartWriter,
  newPolls: Map<string, DocPoll>,
  rewrites: Rewrite[],
  now: Date,
): string | null {
  const parsed = ZDocPoll.safeParse(value);
  if (!parsed.success) return 'invalid poll';
  const poll = parsed.data;
  const before = newPolls.get(id) ?? readDocPoll(doc, id);
  if (before === null) {
    if (!canCreatePolls(role)) return 'may not start polls';
    if (poll.createdBy !== userId) return 'a poll is started by its writer';
    // Started and closed while offline: the close is its creator's.
    if (poll.closedAt === null ? poll.closedBy !== null : poll.closedBy !== userId) return 'invalid poll close';
    newPolls.set(id, poll);
    stampDates(rewrites, polls, id, poll, null, now, ['closedAt']);
    return null;
  }
  if (before.closedAt !== null) return d.pollClosed;
  if (poll.closedAt === null || poll.closedBy !== userId) return 'a poll changes only by being closed';
  if (userId === null || !canClosePoll(role, userId, before)) return d.notPollCloser;
  const unchanged = { ...poll, createdAt: before.createdAt, closedAt: null, closedBy: null };
  if (JSON.stringify(unchanged) !== JSON.stringify(before)) return 'a poll changes only by being closed';
  newPolls.set(id, poll);
  // A poll started in this same write is new still: its dates are checked as a new poll's.
  stampDates(rewrites, polls, id, poll, readDocPoll(doc, id), now, ['closedAt']);
  return null;
}

/** One member's own vote (or its removal, `value` undefined) that fits what it is on; late when that is no longer open. */
function judgeVote(
  doc: Y.Doc,
  key: string,
  value: unknown,
  { role, userId }: PartWriter,
  pollOf: (id: string) => DocPoll | null,
  rewrites: Rewrite[],
  now: Date,
): string | null {
  const parsed = parseVoteKey(key);
  if (!parsed) return 'invalid vote key';
  if (!canVote(role) || parsed.voter !== userId) return "another member's vote";
  let open: boolean;
  if (parsed.target === 'suggestion') {
    const record = suggestionsMap(doc).get(parsed.id);
    if (!record) return messages.collaboration.suggestions.notFound;
    if (value !== undefined && !decisionFields.suggestionVote.safeParse(value).success) return d.invalidVote;
    open = readRecord<DocSuggestion>(record).status === 'pending';
  } else {
    const poll = pollOf(parsed.id);
    // A poll the server deleted since (past the limit): the vote is taken, so the device syncs, and undone.
    if (!poll && isGone(pollsMap(doc), parsed.id)) return late(doc, key, rewrites);
    if (!poll) return d.pollNotFound;
    if (value !== undefined) {
      if (!Array.isArray(value) || value.length === 0) return d.invalidChoices;
      const problem = pollChoiceProblem(poll, value);
      if (problem) return problem;
    }
    open = isPollOpen(poll, now);
  }
  return open ? null : late(doc, key, rewrites);
}

/** Puts the vote back to what its key held before this write (undefined: none), once per key. */
function late(doc: Y.Doc, key: string, rewrites: Rewrite[]): null {
  if (!rewrites.some((rewrite) => rewrite.root === votes && rewrite.key === key)) rewrites.push({ root: votes, key, value: votesMap(doc).get(key) });
  return null;
}
