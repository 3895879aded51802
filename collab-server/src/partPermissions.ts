/**
 * What members may write to the trip document's votes and polls through the live door (the same rules the REST
 * commands hold to: shared/src/domain/tripPermissions.ts, shared/src/contracts/decisionFields.ts):
 * - a vote entry only by the member its key names (the socket's user), with a value that fits what it is on;
 *   taking it back under the same rules. A vote (or take-back) on a suggestion reviewed or a poll closed since
 *   is a late vote: taken, so an honest device that voted offline is never refused for ever (its client would
 *   send the same update on every reconnect), and undone at once by the server (`LateVote`), so the result
 *   stays as it was at the close;
 * - a new poll by owner or editor, as its creator; a poll changes only by being closed, by its creator or the
 *   owner, everything else as it was; polls are never deleted by members. Its dates are near now or the
 *   server's (`createdAt` as it starts, `closedAt` as it closes; a close that changes `createdAt` has it put
 *   back: ./rewrites.ts). A poll written under the id of one the server deleted (past the limit, at a commit:
 *   engine/src/tripDocs/commitLimits.ts) is taken and deleted again, and votes on it are late.
 * Viewers vote; anything else of theirs is refused by ./permissions.ts before it gets here.
 */
import * as Y from 'yjs';
import {
  DECISION_ROOTS,
  MAX_POLLS,
  messages,
  ZDocPoll,
  canClosePoll,
  canCreatePolls,
  canVote,
  decisionFields,
  isPollOpen,
  parseVoteKey,
  pollChoiceProblem,
  pollsMap,
  readRecord,
  suggestionsMap,
  votesMap,
  type DecisionRoot,
  type DocPoll,
  type DocSuggestion,
  type TTripRole,
} from '@caravan/shared';
import { stampDates, takeBack, type Rewrite } from '@caravan/shared';

export interface PartActor {
  role: TTripRole;
  /** The writer; null: no vote or poll is theirs. */
  userId: number | null;
}

/** One key of a part this update writes: `value` undefined when the item carries none (it deletes the key). */
export interface PartWrite {
  root: PartRoot;
  key: string;
  value: unknown;
}

/** The roots of plain values members write here: votes and polls. */
const PART_ROOT_NAMES: ReadonlySet<string> = new Set(Object.values(DECISION_ROOTS));
export type PartRoot = DecisionRoot;
export const isPartRoot = (name: string): name is PartRoot => PART_ROOT_NAMES.has(name);

/** A vote on something no longer open to votes, and the value its key held before (undefined: none), to put back. */
export interface LateVote {
  key: string;
  restore: unknown;
}

const POLL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The value a part item carries: one plain value, or undefined for a deleted one; an error text for anything else. */
export function partValue(item: Y.Item): { value: unknown } | string {
  if (item.content instanceof Y.ContentDeleted) return { value: undefined };
  if (item.content instanceof Y.ContentAny && item.content.arr.length === 1) return { value: item.content.arr[0] };
  return 'votes, polls and checklists hold plain values';
}

const livePoll = (doc: Y.Doc, id: string): DocPoll | null => {
  const parsed = ZDocPoll.safeParse(pollsMap(doc).get(id));
  return parsed.success ? parsed.data : null;
};

/** A poll id that held a poll and holds none now: the server deleted it, and it is never used again. */
const isGonePoll = (doc: Y.Doc, id: string) => pollsMap(doc)._map.has(id) && !pollsMap(doc).has(id);

/**
 * Checks every write to votes and polls of one update; `written` are inserts, `removed` the keys its delete set
 * clears. Late votes it takes are added to `late`, each key once; dates and ids to put right to `rewrites`.
 */
export function checkPartWrites(
  doc: Y.Doc,
  written: PartWrite[],
  removed: Array<Omit<PartWrite, 'value'>>,
  actor: PartActor,
  late: LateVote[] = [],
  now: Date = new Date(),
  rewrites: Rewrite[] = [],
): string | null {
  // Polls this update creates, so votes (and closes) in the same update, as an offline member sends them, find them.
  const newPolls = new Map<string, DocPoll>();
  const pollKeysWritten = new Set<string>();
  for (const { root, key, value } of written) {
    if (root !== DECISION_ROOTS.polls) continue;
    if (!POLL_ID.test(key)) return 'invalid poll id';
    if (value === undefined) continue;
    if (isGonePoll(doc, key)) {
      if (!ZDocPoll.safeParse(value).success) return 'invalid poll';
      takeBack(rewrites, DECISION_ROOTS.polls, key);
      pollKeysWritten.add(key);
      continue;
    }
    const reason = checkPoll(doc, key, value, actor, newPolls, rewrites, now);
    if (reason) return reason;
    pollKeysWritten.add(key);
  }
  const started = [...newPolls.keys()].filter((id) => !pollsMap(doc).has(id)).length;
  if (started && pollsMap(doc).size + started > MAX_POLLS) return messages.decisions.tooManyPolls;
  const pollOf = (id: string) => newPolls.get(id) ?? livePoll(doc, id);

  for (const { root, key, value } of written) {
    if (root === DECISION_ROOTS.votes) {
      const reason = checkVote(doc, key, value, actor, pollOf, late, now);
      if (reason) return reason;
    } else if (value === undefined && (livePoll(doc, key) !== null || !pollKeysWritten.has(key))) {
      return 'polls are not deleted';
    }
  }
  for (const { root, key } of removed) {
    if (root === DECISION_ROOTS.polls) {
      if (!pollKeysWritten.has(key)) return 'polls are not deleted';
      continue;
    }
    const reason = checkVote(doc, key, undefined, actor, pollOf, late, now);
    if (reason) return reason;
  }
  return null;
}

/** A new poll by its creator, or the close of a live one by its creator or the owner. */
function checkPoll(
  doc: Y.Doc,
  id: string,
  value: unknown,
  { role, userId }: PartActor,
  newPolls: Map<string, DocPoll>,
  rewrites: Rewrite[],
  now: Date,
): string | null {
  const parsed = ZDocPoll.safeParse(value);
  if (!parsed.success) return 'invalid poll';
  const poll = parsed.data;
  const before = newPolls.get(id) ?? livePoll(doc, id);
  if (before === null) {
    if (!canCreatePolls(role)) return 'may not start polls';
    if (poll.createdBy !== userId) return 'a poll is started by its writer';
    // Started and closed while offline: the close is its creator's.
    if (poll.closedAt === null ? poll.closedBy !== null : poll.closedBy !== userId) return 'invalid poll close';
    newPolls.set(id, poll);
    stampDates(rewrites, DECISION_ROOTS.polls, id, poll, null, now, ['closedAt']);
    return null;
  }
  if (before.closedAt !== null) return 'the poll is closed';
  if (poll.closedAt === null || poll.closedBy !== userId) return 'a poll changes only by being closed';
  if (userId === null || !canClosePoll(role, userId, before)) return 'may not close this poll';
  const unchanged = { ...poll, createdAt: before.createdAt, closedAt: null, closedBy: null };
  if (JSON.stringify(unchanged) !== JSON.stringify(before)) return 'a poll changes only by being closed';
  newPolls.set(id, poll);
  // A poll started in this same update is new still: its dates are checked as a new poll's.
  stampDates(rewrites, DECISION_ROOTS.polls, id, poll, livePoll(doc, id), now, ['closedAt']);
  return null;
}

/** One member's own vote (or its removal, `value` undefined) that fits what it is on; late when that is no longer open. */
function checkVote(
  doc: Y.Doc,
  key: string,
  value: unknown,
  { role, userId }: PartActor,
  pollOf: (id: string) => DocPoll | null,
  late: LateVote[],
  now: Date,
): string | null {
  const parsed = parseVoteKey(key);
  if (!parsed) return 'invalid vote key';
  if (!canVote(role) || parsed.voter !== userId) return "another member's vote";
  let open: boolean;
  if (parsed.target === 'suggestion') {
    const record = suggestionsMap(doc).get(parsed.id);
    if (!record) return 'suggestion not open to votes';
    if (value !== undefined && !decisionFields.suggestionVote.safeParse(value).success) return 'invalid vote';
    open = readRecord<DocSuggestion>(record).status === 'pending';
  } else {
    const poll = pollOf(parsed.id);
    if (!poll && isGonePoll(doc, parsed.id)) {
      // A poll the server deleted since (past the limit): the vote is taken, so the device syncs, and undone.
      if (!late.some((vote) => vote.key === key)) late.push({ key, restore: votesMap(doc).get(key) });
      return null;
    }
    if (!poll) return 'poll not open to votes';
    if (value !== undefined && !(Array.isArray(value) && value.length > 0 && pollChoiceProblem(poll, value) === null)) return 'invalid vote';
    open = isPollOpen(poll, now);
  }
  if (!open && !late.some((vote) => vote.key === key)) late.push({ key, restore: votesMap(doc).get(key) });
  return null;
}
