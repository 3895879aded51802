/**
 * Votes and polls in the trip document (docs/architecture.md#votes-and-polls), read and written alike by the
 * web app, the REST commands and the live door:
 * - votes: Y.Map<voteKey, value>  one entry per member and thing voted on, keyed `suggestion:<id>:<userId>`
 *                                 ('up' | 'down') or `poll:<id>:<userId>` (the chosen option numbers), so the
 *                                 live door can tell whose vote an entry is from its key alone
 * - polls: Y.Map<pollId, DocPoll> each poll one plain value: it is created whole and changes once, when closed
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import { decisionFields, type SuggestionVote } from '../contracts/decisionFields.ts';
import { messages } from '../messages.ts';

export const DECISION_ROOTS = { votes: 'votes', polls: 'polls' } as const;
export type DecisionRoot = (typeof DECISION_ROOTS)[keyof typeof DECISION_ROOTS];

const isoTime = z.string().max(40).refine((value) => !Number.isNaN(Date.parse(value)));
const userId = z.number().int().positive();

/** A poll as the document holds it; the live door checks members' writes against this. */
export const ZDocPoll = z.strictObject({
  question: decisionFields.question,
  options: decisionFields.options,
  multiple: decisionFields.multiple,
  closesAt: decisionFields.closesAt,
  createdBy: userId,
  createdAt: isoTime,
  closedAt: isoTime.nullable(),
  closedBy: userId.nullable(),
});
export type DocPoll = z.infer<typeof ZDocPoll>;

export const votesMap = (doc: Y.Doc) => doc.getMap<unknown>(DECISION_ROOTS.votes);
export const pollsMap = (doc: Y.Doc) => doc.getMap<unknown>(DECISION_ROOTS.polls);

export type VoteTarget = 'suggestion' | 'poll';
export const voteKey = (target: VoteTarget, id: string, voter: number) => `${target}:${id}:${voter}`;

const VOTE_KEY = /^(suggestion|poll):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):([1-9][0-9]{0,9})$/;
export function parseVoteKey(key: string): { target: VoteTarget; id: string; voter: number } | null {
  const match = VOTE_KEY.exec(key);
  return match ? { target: match[1] as VoteTarget, id: match[2], voter: Number(match[3]) } : null;
}

/** Each member's vote on one thing, by user id. */
function votesOn(doc: Y.Doc, target: VoteTarget, id: string): Map<number, unknown> {
  const found = new Map<number, unknown>();
  const prefix = `${target}:${id}:`;
  for (const [key, value] of votesMap(doc)) if (key.startsWith(prefix)) found.set(Number(key.slice(prefix.length)), value);
  return found;
}

export interface VoteTally {
  up: number;
  down: number;
  /** The reader's own vote. */
  mine: SuggestionVote | null;
}

export function suggestionTally(doc: Y.Doc, suggestionId: string, reader: number): VoteTally {
  const tally: VoteTally = { up: 0, down: 0, mine: null };
  for (const [voter, value] of votesOn(doc, 'suggestion', suggestionId)) {
    if (value !== 'up' && value !== 'down') continue;
    tally[value] += 1;
    if (voter === reader) tally.mine = value;
  }
  return tally;
}

/** Open: not closed by anyone and its closing time (if any) not reached. */
export const isPollOpen = (poll: Pick<DocPoll, 'closedAt' | 'closesAt'>, now: Date = new Date()) =>
  poll.closedAt === null && (poll.closesAt === null || Date.parse(poll.closesAt) > now.getTime());

/** Why `choices` cannot be a vote on `poll` (null: they can); an empty list takes a vote back. */
export function pollChoiceProblem(poll: Pick<DocPoll, 'options' | 'multiple'>, choices: readonly number[]): string | null {
  if (!decisionFields.choices.safeParse(choices).success) return messages.decisions.invalidChoices;
  if (!poll.multiple && choices.length > 1) return messages.decisions.oneChoiceOnly;
  if (choices.some((choice) => choice >= poll.options.length)) return messages.decisions.choiceOutOfRange;
  return null;
}

export interface PollResults {
  /** Votes per option, in the options' order. */
  counts: number[];
  voters: number;
  /** The options with the most votes (several on a tie, none before any vote). */
  leaders: number[];
  mine: number[];
}

/** Results of a poll from its votes: only votes that fit the poll count. Pure, so every reader agrees. */
export function pollResults(poll: Pick<DocPoll, 'options' | 'multiple'>, votes: ReadonlyMap<number, unknown>, reader: number): PollResults {
  const counts = poll.options.map(() => 0);
  let voters = 0;
  let mine: number[] = [];
  for (const [voter, value] of votes) {
    if (!Array.isArray(value) || value.length === 0 || pollChoiceProblem(poll, value) !== null) continue;
    voters += 1;
    for (const choice of value as number[]) counts[choice] += 1;
    if (voter === reader) mine = [...(value as number[])].sort((a, b) => a - b);
  }
  const top = Math.max(0, ...counts);
  const leaders = top === 0 ? [] : counts.flatMap((count, index) => (count === top ? [index] : []));
  return { counts, voters, leaders, mine };
}

export interface PollView extends DocPoll {
  id: string;
  open: boolean;
  results: PollResults;
}

/** Reads one poll; null for an entry that is not a poll (the live door lets none in, but readers never trust). */
export function readPoll(doc: Y.Doc, id: string, reader: number, now: Date = new Date()): PollView | null {
  const parsed = ZDocPoll.safeParse(pollsMap(doc).get(id));
  if (!parsed.success) return null;
  const poll = parsed.data;
  return { ...poll, id, open: isPollOpen(poll, now), results: pollResults(poll, votesOn(doc, 'poll', id), reader) };
}

/** Every poll, newest first. */
export function readPolls(doc: Y.Doc, reader: number, now: Date = new Date()): PollView[] {
  return [...pollsMap(doc).keys()]
    .flatMap((id) => readPoll(doc, id, reader, now) ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** The winning options' text, for the activity entry: "Big Sur", or "Big Sur / Carmel" on a tie. */
export const pollWinnerText = (poll: PollView) => poll.results.leaders.map((index) => poll.options[index]).join(' / ');
