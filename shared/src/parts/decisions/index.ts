/** Votes and polls (./schema.ts), as one part of the trip document (../part.ts). */
import { messages } from '../../messages.ts';
import type { RestRefusal, TripPart } from '../part.ts';
import { decisionActivity } from './activity.ts';
import { judgeDecisions } from './judge.ts';
import { DECISION_ROOTS } from './schema.ts';

export * from './schema.ts';
export * from './read.ts';
export * as decisionWrites from './write.ts';
export type { DecisionAuthor, NewPoll } from './write.ts';

const d = messages.decisions;
/** The rule's refusals that are not a bad request, and REST's status for each. */
const REST_CODES: Readonly<Record<string, RestRefusal['code']>> = {
  [d.pollClosed]: 'conflict',
  [d.notPollCloser]: 'forbidden',
  [d.pollNotFound]: 'not_found',
  [messages.collaboration.suggestions.notFound]: 'not_found',
};

export const decisionsPart: TripPart = {
  name: 'decisions',
  roots: Object.values(DECISION_ROOTS),
  notPlain: () => 'votes, polls and checklists hold plain values',
  judge: judgeDecisions,
  activity: decisionActivity,
  restAnswer: (refusal) => {
    const code = REST_CODES[refusal];
    return code && { code, message: refusal };
  },
};
