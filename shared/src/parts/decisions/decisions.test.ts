/** The decisions part driven through its writers, as both doors drive it: the judge's verdicts, its rewrites and the activity a close records. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { messages } from '../../messages.ts';
import { recordMap, suggestionsMap } from '../../tripDoc/access.ts';
import { activityOf, judgeWrites } from '../registry.ts';
import { applyKeyWrites } from '../applyKeyWrites.ts';
import type { KeyWrite, PartWriter } from '../part.ts';
import { DECISION_ROOTS, decisionWrites, readPoll, voteKey } from './index.ts';

const d = messages.decisions;
const OWNER = 1;
const EDITOR = 2;
const VIEWER = 3;
const POLL = '00000000-0000-4000-8000-0000000000b1';
const SUGGESTION = '00000000-0000-4000-8000-0000000000a1';
const NOW = new Date('2026-05-01T12:00:00.000Z');
const members = new Map([OWNER, EDITOR, VIEWER].map((id) => [id, `Member ${id}`]));
const as = (role: PartWriter['role'], userId: number): PartWriter => ({ role, userId, members });
const fields = { question: 'Where do we sleep?', options: ['Big Sur', 'Carmel'], multiple: false, closesAt: '2026-05-02T12:00:00+02:00' };

/** Judges `writes` and, when taken, applies them with their rewrites; answers the refusal or the changes' activity. */
function write(doc: Y.Doc, writes: KeyWrite[], writer: PartWriter, now = NOW) {
  const verdict = judgeWrites(doc, writes, writer, now);
  if (verdict.refusal !== null) return { refusal: verdict.refusal };
  let activity: ReturnType<typeof activityOf> = [];
  doc.transact(() => {
    activity = activityOf(doc, applyKeyWrites(doc, [...writes, ...verdict.rewrites]), writer);
  });
  return { refusal: null, rewrites: verdict.rewrites, activity };
}

function withPoll(): Y.Doc {
  const doc = new Y.Doc();
  expect(write(doc, decisionWrites.startPoll(POLL, fields, { userId: EDITOR, now: NOW }), as('editor', EDITOR))).toMatchObject({
    refusal: null,
    rewrites: [],
    activity: [{ type: 'poll_opened', data: { pollId: POLL, question: fields.question, closesAt: '2026-05-02T10:00:00.000Z' } }],
  });
  return doc;
}

describe('decisions part', () => {
  it('starts a poll in one spelling of its closing time; only owner and editors start one, as themselves', () => {
    const doc = withPoll();
    expect(readPoll(doc, POLL, EDITOR, NOW)).toMatchObject({ closesAt: '2026-05-02T10:00:00.000Z', createdBy: EDITOR, createdAt: NOW.toISOString(), open: true });
    const other = '00000000-0000-4000-8000-0000000000b2';
    expect(write(doc, decisionWrites.startPoll(other, fields, { userId: VIEWER, now: NOW }), as('viewer', VIEWER)).refusal).toBe('may not start polls');
    expect(write(doc, decisionWrites.startPoll(other, fields, { userId: OWNER, now: NOW }), as('editor', EDITOR)).refusal).toBe('a poll is started by its writer');
  });

  it('counts each member once, in order; refuses choices that do not fit with the product message; no choices take a vote back', () => {
    const doc = withPoll();
    expect(write(doc, decisionWrites.votePoll(POLL, [1], VIEWER), as('viewer', VIEWER)).refusal).toBeNull();
    expect(write(doc, decisionWrites.votePoll(POLL, [0, 1], OWNER), as('owner', OWNER)).refusal).toBe(d.oneChoiceOnly);
    expect(write(doc, decisionWrites.votePoll(POLL, [1], OWNER), as('owner', EDITOR)).refusal).toBe("another member's vote");
    expect(readPoll(doc, POLL, VIEWER, NOW)!.results).toEqual({ counts: [0, 1], voters: 1, leaders: [1], mine: [1] });
    expect(write(doc, decisionWrites.votePoll(POLL, [], VIEWER), as('viewer', VIEWER)).refusal).toBeNull();
    expect(readPoll(doc, POLL, VIEWER, NOW)!.results.voters).toBe(0);
  });

  it('is closed by its creator or the owner, recording who closed it and what won; then a vote is put back at once', () => {
    const doc = withPoll();
    write(doc, decisionWrites.votePoll(POLL, [0], VIEWER), as('viewer', VIEWER));
    const closeAs = (userId: number) => decisionWrites.closePoll(doc, POLL, { userId, now: NOW });
    expect(write(doc, closeAs(VIEWER), as('viewer', VIEWER)).refusal).toBe(d.notPollCloser);
    expect(write(doc, closeAs(OWNER), as('owner', OWNER))).toMatchObject({
      refusal: null,
      activity: [{ type: 'poll_closed', data: { pollId: POLL, question: fields.question, winner: 'Big Sur' } }],
    });
    expect(write(doc, closeAs(EDITOR), as('editor', EDITOR)).refusal).toBe(d.pollClosed);
    const late = write(doc, decisionWrites.votePoll(POLL, [1], VIEWER), as('viewer', VIEWER));
    expect(late).toMatchObject({ refusal: null, rewrites: [{ root: DECISION_ROOTS.votes, key: voteKey('poll', POLL, VIEWER), value: [0] }] });
    expect(readPoll(doc, POLL, VIEWER, NOW)!.results).toMatchObject({ counts: [1, 0], mine: [0] });
  });

  it('takes suggestion votes on a pending suggestion; a reviewed one puts them back', () => {
    const doc = new Y.Doc();
    suggestionsMap(doc).set(SUGGESTION, recordMap({ id: SUGGESTION, name: 'Big Sur', status: 'pending' }));
    expect(write(doc, decisionWrites.voteSuggestion(SUGGESTION, 'up', VIEWER), as('viewer', VIEWER)).refusal).toBeNull();
    expect(write(doc, [{ root: DECISION_ROOTS.votes, key: voteKey('suggestion', SUGGESTION, VIEWER), value: 'sideways' }], as('viewer', VIEWER)).refusal).toBe(
      d.invalidVote,
    );
    suggestionsMap(doc).get(SUGGESTION)!.set('status', 'approved');
    const late = write(doc, decisionWrites.voteSuggestion(SUGGESTION, null, VIEWER), as('viewer', VIEWER));
    expect(late).toMatchObject({ refusal: null, rewrites: [{ root: DECISION_ROOTS.votes, key: voteKey('suggestion', SUGGESTION, VIEWER), value: 'up' }] });
  });
});
