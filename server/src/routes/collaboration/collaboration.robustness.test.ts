/**
 * No body, however malformed, makes a collaboration call answer 5xx; refused calls change nothing. Every
 * call gets 300 bodies, as the owner, a viewer, an outsider or anonymously: random JSON, and objects over
 * the fields these calls know (each call's read from its request schema) whose values are often this
 * trip's ids or text at Unicode's edges. Each body is checked against the contract in-process first: the
 * ones it takes go over HTTP, of the ones it refuses a sample (test/contractGate.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callNamed, requestFields } from '@caravan/shared';
import { pollCreator } from '../../commands/pollCreator.ts';
import { checklistCreator } from '../../commands/checklistLists.ts';
import { checklistItemAdder } from '../../commands/checklistItems.ts';
import { suggestionCreator } from '../../commands/suggestionCreator.ts';
import { goesOverHttp, refusedSample, sendRaw } from '../../test/contractGate.ts';
import { fuzzedCalls } from '../../test/fuzzedCalls.ts';
import { callShapedRecord, edgeText } from '../../test/fuzzValues.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const RUNS = 300;

/** Each call with the fields its request takes. */
const calls = fuzzedCalls.collaboration.map((name) => {
  const contract = callNamed(name);
  return { name, contract, fields: requestFields(contract) };
});
const knownFields = [...new Set(calls.flatMap((call) => call.fields))];

async function tableCounts(): Promise<Record<string, number>> {
  const [row] = await db().query(
    `SELECT (SELECT count(*)::int FROM trip_members) AS members, (SELECT count(*)::int FROM trip_members WHERE role = 'viewer') AS viewers, (SELECT count(*)::int FROM invitations) AS invitations,
            (SELECT count(*)::int FROM stop_suggestions) AS suggestions, (SELECT count(*)::int FROM comments) AS comments,
            (SELECT count(*)::int FROM stops) AS stops, (SELECT count(*)::int FROM trip_doc_updates) AS "docUpdates"`,
  );
  return row;
}

describe('robustness of the collaboration calls', () => {
  it.each(calls)('$name answers every random body with a 2xx or 4xx and an error text, never a 5xx', { timeout: 120_000 }, async (call) => {
    const crew = await tripWithCrew(db());
    const [{ id: stopId }] = await db().query(`SELECT id FROM stops WHERE trip_id = $1`, [crew.trip.id]);
    // Something for the vote and poll calls to act on.
    await suggestionCreator(t.server.deps.tripDocs, crew.viewer, { tripId: crew.trip.id, name: 'Big Sur', address: null, notes: null, latitude: null, longitude: null });
    const list = await checklistCreator(t.server.deps.tripDocs, crew.owner, 'owner', { tripId: crew.trip.id, title: 'Packing' });
    const item = await checklistItemAdder(t.server.deps.tripDocs, crew.owner, 'owner', { tripId: crew.trip.id, listId: list.id, text: 'Tent', assignee: null, dueDate: null });
    const poll = await pollCreator(t.server.deps.tripDocs, crew.owner, 'owner', { tripId: crew.trip.id, question: 'Where?', options: ['A', 'B', 'C'], multiple: true, closesAt: null });
    const value = fc.oneof(
      { arbitrary: fc.constantFrom(crew.trip.id, stopId, crew.outsider.id, crew.viewer.id, '\u0000', 'a\u0000b', '', ' ', 'pending', 'approved', 'viewer', 'owner', 'guest@example.com', true, 5), weight: 3 },
      { arbitrary: edgeText, weight: 3 },
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue(),
    );
    /** Mostly one of these values, now and then edge text or anything at all. */
    const anyOf = (...values: unknown[]) =>
      fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 6 }, { arbitrary: edgeText, weight: 1 }, { arbitrary: value, weight: 1 });
    const text = fc.oneof({ arbitrary: edgeText, weight: 3 }, { arbitrary: fc.string({ minLength: 1 }), weight: 1 }, { arbitrary: value, weight: 1 });
    const fieldValues: Record<string, fc.Arbitrary<unknown>> = {
      tripId: anyOf(crew.trip.id),
      stopId: anyOf(stopId),
      userIdToRemove: anyOf(crew.viewer.id, crew.outsider.id, crew.owner.id),
      userId: anyOf(crew.viewer.id, crew.editor.id, crew.outsider.id, crew.owner.id),
      email: anyOf('guest@example.com', crew.outsider.email),
      role: anyOf('viewer', 'editor'),
      invitationToken: text,
      status: anyOf('pending', 'approved', 'denied', 'archived'),
      placement: anyOf('end', 'best'),
      name: text,
      address: text,
      notes: text,
      content: text,
      // Mentions: members, an outsider, ids no account has, too many, not ids at all.
      mentions: fc.oneof(
        fc.array(anyOf(crew.viewer.id, crew.editor.id, crew.outsider.id, 0, -1, 2 ** 40, 1.5), { maxLength: 4 }),
        fc.constant(Array.from({ length: 51 }, (_, i) => i + 1)),
        value,
      ),
      muted: anyOf(true, false),
      latitude: anyOf(45.5, null),
      longitude: anyOf(-73.5, null),
      suggestionId: anyOf(...(await db().query(`SELECT id FROM stop_suggestions WHERE trip_id = $1`, [crew.trip.id])).map((row: { id: string }) => row.id), crew.trip.id),
      commentId: anyOf(crew.trip.id),
      resolved: anyOf(true, false),
      limit: anyOf(1, 50),
      before: anyOf(crew.trip.id),
      vote: anyOf('up', 'down', null),
      pollId: anyOf(poll.id, crew.trip.id),
      question: text,
      options: fc.oneof(fc.array(text, { maxLength: 12 }), fc.constant(['A', 'B']), value),
      multiple: anyOf(true, false),
      closesAt: anyOf(null, '2099-01-01T00:00:00Z', '2020-01-01T00:00:00Z', 'soon'),
      listId: anyOf(list.id, crew.trip.id),
      itemId: anyOf(item.id, crew.trip.id),
      beforeItemId: anyOf(null, item.id, crew.trip.id),
      title: text,
      text,
      done: anyOf(true, false),
      assignee: anyOf(null, crew.viewer.id, crew.outsider.id, -1, 2 ** 40),
      dueDate: anyOf(null, '2026-07-01', '2026-02-30', '2026-07-01T00:00:00Z'),
      choices: fc.oneof(fc.array(fc.integer({ min: -2, max: 12 }), { maxLength: 12 }), fc.constant([0]), value),
    };
    const callShaped = callShapedRecord(call.fields, fieldValues, { everyFieldOptional: true });
    const anyBody = fc.oneof(
      { arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)), weight: 1 },
      { arbitrary: fc.oneof(fc.string(), edgeText), weight: 1 },
      { arbitrary: fc.dictionary(fc.constantFrom(...knownFields), value).map((json) => JSON.stringify(json)), weight: 2 },
      { arbitrary: callShaped.map((json) => JSON.stringify(json)), weight: 6 },
    );
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(anyBody, fc.constantFrom('owner', 'viewer', 'outsider', null), refusedSample, async (body, as, sampled) => {
        if (!goesOverHttp(call, body, sampled)) return;
        const before = await tableCounts();
        const response = await sendRaw(t.api, call, body, as && crew[as]);
        statuses.add(response.status);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body?.error).toBe('string');
          expect(await tableCounts()).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
    // Some bodies must get through validation, or the commands were never exercised.
    expect([...statuses].some((status) => status < 300 || status === 403 || status === 404)).toBe(true);
  });

  it('refuses NUL in a query string', async () => {
    const crew = await tripWithCrew(db());
    const invitations = await t.api.get(`/trips/invitations?tripId=${encodeURIComponent('\u0000')}`, { as: crew.owner });
    expect(invitations.status).toBe(400);
  });
});
