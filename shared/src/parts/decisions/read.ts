/** Reading votes and polls from the trip document; entries that fail their schema (readers never trust) are skipped. */
import type * as Y from 'yjs';
import type { SuggestionVote } from '../../contracts/decisionFields.ts';
import { decisionFields } from '../../contracts/decisionFields.ts';
import { messages } from '../../messages.ts';
import { ZDocPoll, pollsMap, votesMap, type DocPoll, type VoteTarget } from './schema.ts';

/** The poll stored under `id`, as the document holds it; null for none (or an entry that is not a poll). */
export function readDocPoll(doc: Y.Doc, id: string): DocPoll | null {
  const parsed = ZDocPoll.safeParse(pollsMap(doc).get(id));
  return parsed.success ? parsed.data : null;
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
  const poll = readDocPoll(doc, id);
  if (!poll) return null;
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
