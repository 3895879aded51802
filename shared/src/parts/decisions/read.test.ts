import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { messages } from '../../messages.ts';
import { isPollOpen, parseVoteKey, pollChoiceProblem, pollResults, readPolls, suggestionTally, pollsMap, votesMap, voteKey } from './index.ts';

const poll = { options: ['Big Sur', 'Carmel', 'Monterey'], multiple: false };
const S = '5f0c2b7e-8a7d-4a51-9a43-0f3c1d2e4b6a';

describe('poll results', () => {
  it('counts one vote per member, names the leaders and the reader own choices', () => {
    const results = pollResults(poll, new Map<number, unknown>([[1, [0]], [2, [2]], [3, [0]]]), 3);
    expect(results).toEqual({ counts: [2, 0, 1], voters: 3, leaders: [0], mine: [0] });
  });

  it('ignores votes that do not fit the poll (several on a one-choice poll, out of range, not a list)', () => {
    const votes = new Map<number, unknown>([[1, [0, 1]], [2, [7]], [3, 'up'], [4, []], [5, [1]]]);
    expect(pollResults(poll, votes, 1)).toEqual({ counts: [0, 1, 0], voters: 1, leaders: [1], mine: [] });
    expect(pollResults({ ...poll, multiple: true }, votes, 1)).toMatchObject({ counts: [1, 2, 0], voters: 2, leaders: [1], mine: [0, 1] });
  });

  it('has every tied option leading, and none before any vote', () => {
    expect(pollResults(poll, new Map([[1, [0]], [2, [1]]]), 9).leaders).toEqual([0, 1]);
    expect(pollResults(poll, new Map(), 9).leaders).toEqual([]);
  });

  it('says why choices do not fit', () => {
    expect(pollChoiceProblem(poll, [0, 1])).toBe(messages.decisions.oneChoiceOnly);
    expect(pollChoiceProblem(poll, [3])).toBe(messages.decisions.choiceOutOfRange);
    expect(pollChoiceProblem(poll, [1.5])).toBe(messages.decisions.invalidChoices);
    expect(pollChoiceProblem({ ...poll, multiple: true }, [0, 2])).toBeNull();
  });

  it('is open until closed or past its closing time', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(isPollOpen({ closedAt: null, closesAt: null }, now)).toBe(true);
    expect(isPollOpen({ closedAt: null, closesAt: '2026-06-01T12:00:01Z' }, now)).toBe(true);
    expect(isPollOpen({ closedAt: null, closesAt: '2026-06-01T12:00:00Z' }, now)).toBe(false);
    expect(isPollOpen({ closedAt: '2026-05-01T00:00:00Z', closesAt: null }, now)).toBe(false);
  });
});

describe('votes in the trip document', () => {
  it('keys a vote by what it is on and who cast it', () => {
    expect(parseVoteKey(voteKey('poll', S, 42))).toEqual({ target: 'poll', id: S, voter: 42 });
    for (const bad of [`poll:${S}:0`, `poll:${S}:42x`, `stop:${S}:1`, `poll:${S.toUpperCase()}:1`, `poll:${S}:1:2`]) {
      expect(parseVoteKey(bad)).toBeNull();
    }
  });

  it('tallies a suggestion and reads polls newest first, skipping entries that are not polls', () => {
    const doc = new Y.Doc();
    votesMap(doc).set(voteKey('suggestion', S, 1), 'up');
    votesMap(doc).set(voteKey('suggestion', S, 2), 'down');
    votesMap(doc).set(voteKey('suggestion', S, 3), 'up');
    expect(suggestionTally(doc, S, 2)).toEqual({ up: 2, down: 1, mine: 'down' });
    const base = { question: 'Where?', options: ['A', 'B'], multiple: false, closesAt: null, createdBy: 1, closedAt: null, closedBy: null };
    pollsMap(doc).set('p1', { ...base, createdAt: '2026-01-01T00:00:00Z' });
    pollsMap(doc).set('p2', { ...base, createdAt: '2026-01-02T00:00:00Z' });
    pollsMap(doc).set('junk', { question: 'no options' });
    expect(readPolls(doc, 1).map((p) => p.id)).toEqual(['p2', 'p1']);
  });
});
