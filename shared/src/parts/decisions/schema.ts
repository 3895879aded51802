/**
 * Votes and polls in the trip document (docs/architecture.md#votes-and-polls), read and written alike by the web
 * app, the REST commands and the live door through this part (./index.ts):
 * - votes: Y.Map<voteKey, value>  one entry per member and thing voted on, keyed `suggestion:<id>:<userId>`
 *                                 ('up' | 'down') or `poll:<id>:<userId>` (the chosen option numbers), so the
 *                                 live door can tell whose vote an entry is from its key alone
 * - polls: Y.Map<pollId, DocPoll> each poll one plain value: it is created whole and changes once, when closed
 */
import type * as Y from 'yjs';
import { z } from 'zod';
import { decisionFields } from '../../contracts/decisionFields.ts';

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
