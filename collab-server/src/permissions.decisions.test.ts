import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DECISION_ROOTS, MAX_POLLS, applyKeyWrites, messages, pollsMap, recordMap, stopsMap, suggestionsMap, votesMap, voteKey, type DocPoll, type TTripRole } from '@caravan/shared';
import { checkClientUpdate, READ_ONLY } from './permissions.ts';
import { capture, copyOf, serverDoc } from './test/tripDocUpdates.ts';

const OWNER = 1;
const EDITOR = 2;
const VIEWER = 3;
const PENDING = '00000000-0000-4000-8000-0000000000a1';
const REVIEWED = '00000000-0000-4000-8000-0000000000a2';
const POLL = '00000000-0000-4000-8000-0000000000b1';
const NEW_POLL = '00000000-0000-4000-8000-0000000000b2';
const d = messages.decisions;
/** A late vote's rewrite: the key put back to what it held before (undefined: none). */
const putBack = (key: string, value: unknown) => ({ root: DECISION_ROOTS.votes, key, value });

const poll = (fields: Partial<DocPoll> = {}): DocPoll => ({
  question: 'Where do we sleep?',
  options: ['Big Sur', 'Carmel'],
  multiple: false,
  closesAt: null,
  createdBy: EDITOR,
  createdAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
  closedBy: null,
  ...fields,
});

function decisionDoc(): Y.Doc {
  const doc = serverDoc();
  suggestionsMap(doc).set(PENDING, recordMap({ id: PENDING, name: 'Big Sur', status: 'pending' }));
  suggestionsMap(doc).set(REVIEWED, recordMap({ id: REVIEWED, name: 'Carmel', status: 'denied' }));
  pollsMap(doc).set(POLL, poll());
  return doc;
}

/** What the socket of `userId` in `role` is told about `edit`, made on a synced copy of `server`. */
function verdict(server: Y.Doc, role: TTripRole, userId: number, edit: (client: Y.Doc) => void) {
  const client = copyOf(server);
  return checkClientUpdate(server, capture(client, () => edit(client)), { role, userId });
}
const accepted = (server: Y.Doc, role: TTripRole, userId: number, edit: (client: Y.Doc) => void) => {
  const client = copyOf(server);
  const update = capture(client, () => edit(client));
  expect(checkClientUpdate(server, update, { role, userId })).toMatchObject({ ok: true });
  Y.applyUpdate(server, update);
};
const reason = (server: Y.Doc, role: TTripRole, userId: number, edit: (client: Y.Doc) => void) => {
  const answer = verdict(server, role, userId, edit);
  return answer.ok ? 'accepted' : answer.reason;
};

describe('live door: votes', () => {
  it('lets a viewer vote on a pending suggestion, change it and take it back, only under their own id', () => {
    const server = decisionDoc();
    accepted(server, 'viewer', VIEWER, (doc) => votesMap(doc).set(voteKey('suggestion', PENDING, VIEWER), 'up'));
    accepted(server, 'viewer', VIEWER, (doc) => votesMap(doc).set(voteKey('suggestion', PENDING, VIEWER), 'down'));
    expect(votesMap(server).get(voteKey('suggestion', PENDING, VIEWER))).toBe('down');
    expect(reason(server, 'viewer', VIEWER, (doc) => votesMap(doc).set(voteKey('suggestion', PENDING, EDITOR), 'up'))).toBe(
      "another member's vote",
    );
    accepted(server, 'editor', EDITOR, (doc) => votesMap(doc).set(voteKey('suggestion', PENDING, EDITOR), 'up'));
    expect(reason(server, 'viewer', VIEWER, (doc) => votesMap(doc).delete(voteKey('suggestion', PENDING, EDITOR)))).toBe(
      "another member's vote",
    );
    accepted(server, 'viewer', VIEWER, (doc) => votesMap(doc).delete(voteKey('suggestion', PENDING, VIEWER)));
    expect(votesMap(server).has(voteKey('suggestion', PENDING, VIEWER))).toBe(false);
  });

  it('takes a vote on a reviewed suggestion as late (put back at once); refuses bad values, bad keys and nested types', () => {
    const server = decisionDoc();
    const set = (key: string, value: unknown) => (doc: Y.Doc) => votesMap(doc).set(key, value);
    expect(verdict(server, 'viewer', VIEWER, set(voteKey('suggestion', REVIEWED, VIEWER), 'up'))).toEqual(
      expect.objectContaining({ ok: true, rewrites: [putBack(voteKey('suggestion', REVIEWED, VIEWER), undefined)] }),
    );
    expect(verdict(server, 'viewer', VIEWER, set(voteKey('suggestion', PENDING, VIEWER), 'up'))).toEqual(expect.objectContaining({ ok: true, rewrites: [] }));
    expect(reason(server, 'viewer', VIEWER, set(voteKey('suggestion', REVIEWED, VIEWER), 'sideways'))).toBe(d.invalidVote);
    expect(reason(server, 'viewer', VIEWER, set(voteKey('suggestion', PENDING, VIEWER), 'sideways'))).toBe(d.invalidVote);
    expect(reason(server, 'viewer', VIEWER, set(voteKey('suggestion', '00000000-0000-4000-8000-0000000000a9', VIEWER), 'up'))).toBe(
      messages.collaboration.suggestions.notFound,
    );
    expect(reason(server, 'viewer', VIEWER, set(`suggestion:${PENDING}:${VIEWER}:x`, 'up'))).toBe('invalid vote key');
    expect(reason(server, 'viewer', VIEWER, set(voteKey('suggestion', PENDING, VIEWER), new Y.Map()))).toBe(
      'votes, polls and checklists hold plain values',
    );
  });

  it('takes poll votes that fit an open poll; on a closed or past-closing poll only as late votes, put back at once', () => {
    const server = decisionDoc();
    const vote = (id: string, choices: unknown) => (doc: Y.Doc) => votesMap(doc).set(voteKey('poll', id, VIEWER), choices);
    expect(reason(server, 'viewer', VIEWER, vote(POLL, [0, 1]))).toBe(d.oneChoiceOnly);
    expect(reason(server, 'viewer', VIEWER, vote(POLL, [2]))).toBe(d.choiceOutOfRange);
    expect(reason(server, 'viewer', VIEWER, vote(POLL, []))).toBe(d.invalidChoices);
    expect(reason(server, 'viewer', VIEWER, vote(POLL, 'up'))).toBe(d.invalidChoices);
    expect(reason(server, 'viewer', VIEWER, vote(NEW_POLL, [0]))).toBe(d.pollNotFound);
    accepted(server, 'viewer', VIEWER, vote(POLL, [1]));
    pollsMap(server).set(NEW_POLL, poll({ closesAt: '2020-01-01T00:00:00.000Z' }));
    const key = (id: string) => voteKey('poll', id, VIEWER);
    expect(verdict(server, 'viewer', VIEWER, vote(NEW_POLL, [0]))).toEqual(expect.objectContaining({ ok: true, rewrites: [putBack(key(NEW_POLL), undefined)] }));
    pollsMap(server).set(POLL, poll({ closedAt: '2026-01-02T00:00:00.000Z', closedBy: EDITOR }));
    expect(verdict(server, 'viewer', VIEWER, vote(POLL, [0]))).toEqual(expect.objectContaining({ ok: true, rewrites: [putBack(key(POLL), [1])] }));
    expect(verdict(server, 'viewer', VIEWER, (doc) => votesMap(doc).delete(key(POLL)))).toEqual(
      expect.objectContaining({ ok: true, rewrites: [putBack(key(POLL), [1])] }),
    );
    // Voted twice offline (a change of mind): put back once, to what it held before either.
    const twice = verdict(server, 'viewer', VIEWER, (doc) => {
      votesMap(doc).set(key(POLL), [0]);
      votesMap(doc).set(key(POLL), [1]);
    });
    expect(twice).toEqual(expect.objectContaining({ ok: true, rewrites: [putBack(key(POLL), [1])] }));
    expect(reason(server, 'viewer', VIEWER, vote(POLL, [5]))).toBe(d.choiceOutOfRange);
    expect(verdict(server, 'viewer', VIEWER, vote(POLL, [1]))).toMatchObject({ ok: true });
  });
});

describe('live door: polls', () => {
  it('lets owner and editor start a poll as themselves; a viewer may not', () => {
    const server = decisionDoc();
    expect(reason(server, 'viewer', VIEWER, (doc) => pollsMap(doc).set(NEW_POLL, poll({ createdBy: VIEWER })))).toBe('may not start polls');
    expect(reason(server, 'editor', EDITOR, (doc) => pollsMap(doc).set(NEW_POLL, poll({ createdBy: OWNER })))).toBe(
      'a poll is started by its writer',
    );
    expect(reason(server, 'editor', EDITOR, (doc) => pollsMap(doc).set(NEW_POLL, poll({ options: ['Only one'] })))).toBe('invalid poll');
    expect(reason(server, 'editor', EDITOR, (doc) => pollsMap(doc).set('not-a-uuid', poll()))).toBe('invalid poll id');
    accepted(server, 'editor', EDITOR, (doc) => pollsMap(doc).set(NEW_POLL, poll()));
  });

  it('takes a poll started offline with its creator vote in the same update', () => {
    const server = decisionDoc();
    accepted(server, 'editor', EDITOR, (doc) => {
      pollsMap(doc).set(NEW_POLL, poll());
      votesMap(doc).set(voteKey('poll', NEW_POLL, EDITOR), [0]);
    });
    expect(votesMap(server).get(voteKey('poll', NEW_POLL, EDITOR))).toEqual([0]);
  });

  it('closes a poll for its creator or the owner only, changing nothing else; never deletes one', () => {
    const server = decisionDoc();
    const close = (by: number, extra: Partial<DocPoll> = {}) => (doc: Y.Doc) =>
      pollsMap(doc).set(POLL, poll({ closedAt: '2026-01-03T00:00:00.000Z', closedBy: by, ...extra }));
    expect(reason(server, 'viewer', VIEWER, close(VIEWER))).toBe(d.notPollCloser);
    expect(reason(server, 'owner', OWNER, close(EDITOR))).toBe('a poll changes only by being closed');
    expect(reason(server, 'editor', EDITOR, close(EDITOR, { question: 'Something else?' }))).toBe('a poll changes only by being closed');
    expect(reason(server, 'editor', EDITOR, (doc) => pollsMap(doc).delete(POLL))).toBe('polls are not deleted');
    accepted(server, 'owner', OWNER, close(OWNER));
    expect(reason(server, 'editor', EDITOR, close(EDITOR))).toBe(d.pollClosed);
  });

  it('keeps a live poll when a crafted update clears its key beside a close: the close is written again', () => {
    const server = decisionDoc();
    const closed = poll({ closedAt: new Date().toISOString(), closedBy: OWNER });
    const closer = copyOf(server);
    closer.clientID = 10;
    const clearer = copyOf(server);
    clearer.clientID = 20; // after the closer's item in Yjs' order: its cleared item is what the key ends with
    const close = capture(closer, () => pollsMap(closer).set(POLL, closed));
    const clear = capture(clearer, () =>
      clearer.transact(() => {
        pollsMap(clearer).set(POLL, poll());
        pollsMap(clearer).delete(POLL);
      }),
    );
    const update = Y.mergeUpdates([close, clear]);
    const answer = checkClientUpdate(server, update, { role: 'owner', userId: OWNER });
    expect(answer).toEqual(expect.objectContaining({ ok: true, rewrites: [{ root: DECISION_ROOTS.polls, key: POLL, value: closed }] }));
    Y.applyUpdate(server, update);
    expect(pollsMap(server).has(POLL)).toBe(false);
    applyKeyWrites(server, answer.ok ? answer.rewrites : []);
    expect(pollsMap(server).get(POLL)).toEqual(closed);
  });

  it('holds a trip to its cap of polls, with the message REST gives', () => {
    const server = decisionDoc();
    for (let index = 1; index < MAX_POLLS; index += 1) pollsMap(server).set(`00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, poll());
    expect(reason(server, 'editor', EDITOR, (doc) => pollsMap(doc).set(NEW_POLL, poll()))).toBe(messages.decisions.tooManyPolls);
  });

  it('still drops a viewer write to stops quietly, as before viewers could vote', () => {
    const server = decisionDoc();
    expect(reason(server, 'viewer', VIEWER, (doc) => stopsMap(doc).get('00000000-0000-4000-8000-000000000061')!.set('name', 'X'))).toBe(
      READ_ONLY,
    );
  });
});
