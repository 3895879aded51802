/** Polls and their votes written through REST and through the live door leave the same polls, votes, activity and refusals (./parts/doorParity.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as Y from 'yjs';
import { calls, decisionWrites, isPollOpen, parseVoteKey, readDocPoll, readPolls, votesMap, type KeyWrite } from '@caravan/shared';
import { checkDoorParity, ref, sequenceOf, type Actor, type Labels, type PartParityCase, type RestWrite } from './parts/doorParity.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();

type DecisionAction = { actor: Actor; label: string } & (
  | { op: 'startPoll'; question: string; multiple: boolean }
  | { op: 'vote'; poll: string; choices: number[] }
  | { op: 'closePoll'; poll: string }
);

const step = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('startPoll' as const), question: fc.constantFrom('Where to eat?', 'Which beach?'), multiple: fc.boolean() }) },
  // No choice takes the vote back; two on a single-choice poll are refused by the rule.
  { weight: 6, arbitrary: fc.record({ op: fc.constant('vote' as const), poll: ref, choices: fc.constantFrom([0], [1], [2], [0, 1], [1, 2], []) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('closePoll' as const), poll: ref }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const actions = sequenceOf<Step>(
  [['editor', { op: 'startPoll', question: 'Where to eat?', multiple: false }]],
  step,
  { poll: 'poll' },
  (made) => (made.op === 'startPoll' ? 'poll' : null),
) as fc.Arbitrary<DecisionAction[]>;

const OPTIONS = ['Diner', 'Taqueria', 'Picnic'];

const decisions: PartParityCase<DecisionAction> = {
  actions,
  activityTypes: ['poll_opened', 'poll_closed'],

  rest(action, tripId, ids): RestWrite {
    const c = calls.polls;
    switch (action.op) {
      case 'startPoll':
        return { path: c.create.path, body: { tripId, question: action.question, options: OPTIONS, multiple: action.multiple }, creates: action.label };
      case 'vote':
        return { path: c.vote.path, body: { tripId, pollId: ids.id(action.poll), choices: action.choices } };
      case 'closePoll':
        return { path: c.close.path, body: { tripId, pollId: ids.id(action.poll) } };
    }
  },

  // What the page offers: a vote or a close on an open poll only.
  live(action, doc, ids, crew): KeyWrite[] {
    const author = { userId: crew[action.actor].id, now: new Date() };
    if (action.op === 'startPoll') {
      const id = crypto.randomUUID();
      ids.set(action.label, id);
      return decisionWrites.startPoll(id, { question: action.question, options: OPTIONS, multiple: action.multiple, closesAt: null }, author);
    }
    const poll = readDocPoll(doc, ids.id(action.poll));
    if (!poll || !isPollOpen(poll, author.now)) return [];
    return action.op === 'vote' ? decisionWrites.votePoll(ids.id(action.poll), action.choices, author.userId) : decisionWrites.closePoll(doc, ids.id(action.poll), author);
  },

  view(doc: Y.Doc, ids: Labels) {
    const polls = readPolls(doc, 0).map(({ id, question, options, multiple, closesAt, createdBy, closedAt, closedBy }) => ({
      poll: ids.label(id),
      question,
      options,
      multiple,
      closesAt,
      createdBy,
      closed: closedAt !== null,
      closedBy,
    }));
    const votes = [...votesMap(doc).entries()]
      .map(([key, value]) => {
        const vote = parseVoteKey(key)!;
        return { on: `${vote.target}:${ids.label(vote.id)}`, voter: vote.voter, value };
      })
      .sort((a, b) => `${a.on}:${a.voter}`.localeCompare(`${b.on}:${b.voter}`));
    return { polls, votes };
  },
};

describe('polls through both doors', () => {
  it('leave the same polls, votes, activity and refusals for random writes by random members', async () => {
    const tally = await checkDoorParity(t, decisions, 15);
    // Not vacuous: both kinds of outcome, and closes recorded.
    expect(tally.done).toBeGreaterThan(30);
    expect(tally.refused).toBeGreaterThan(5);
    expect(tally.activity).toBeGreaterThan(3);
  }, 240_000);
});
