/**
 * Restoring the parts' entries through REST: a restore by the owner or an editor is a trusted server change for
 * checklists, polls and votes, and costs, so what comes back keeps the authors it had (another member's list,
 * expense or vote), a poll started since goes, a poll closed since opens again; the activity feed says who restored;
 * owner-only stop fields stay as they are for an editor's restore; a single entry is still held to the trip's limits.
 */
import { describe, expect, it } from 'vitest';
import { checklistsMap, expensesMap, MONEY_ENTRIES_MAX, pollsMap, readActivity, stopsMap, updateStop, votesMap, addStop, moneyWrites, applyKeyWrites } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { tripWithCrew, type Crew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const hub = () => t.server.deps.tripDocs;
type Who = 'owner' | 'editor' | 'viewer';

async function call(crew: Crew, as: Who, path: string, body: object) {
  const response = await t.api.post(path, { tripId: crew.trip.id, ...body }, { as: crew[as] });
  return response;
}
async function ok(crew: Crew, as: Who, path: string, body: object) {
  const response = await call(crew, as, path, body);
  expect([200, 201], `${path}: ${response.status} ${JSON.stringify(response.body)}`).toContain(response.status);
  return response.body;
}
const take = async (crew: Crew, name: string) => (await ok(crew, 'owner', '/trips/history/take', { kind: 'named', name })).version.id as string;
const restore = (crew: Crew, as: Who, body: object) => call(crew, as, '/trips/history/restore', body);
const inDoc = <T>(crew: Crew, read: (doc: import('yjs').Doc) => T) => hub().read(crew.trip.id, ({ doc }) => read(doc));
const polls = async (crew: Crew) => (await ok(crew, 'owner', '/trips/polls', {})) as Array<{ id: string; question: string; open: boolean; createdBy: number; results: { counts: number[] } }>;

/** The last activity entry, in the document and as projected. */
async function lastActivity(crew: Crew) {
  const entry = await inDoc(crew, (doc) => readActivity(doc).at(-1));
  const [row] = await db().query(`SELECT activity_type, user_id FROM activities WHERE trip_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [crew.trip.id]);
  return { entry, row };
}

const fuel = (crew: Crew, paidBy: number) => ({
  description: 'Fuel',
  amount: 4200,
  currency: 'EUR',
  paidBy,
  date: '2026-07-01',
  category: 'fuel',
  split: { kind: 'equal', parts: [{ userId: crew.owner.id, value: 1 }, { userId: crew.editor.id, value: 1 }] },
});

describe('restoring what another member wrote', () => {
  it("brings back a list and its item another member made and deleted, still theirs, and says who restored", async () => {
    const crew = await tripWithCrew(db());
    const list = await ok(crew, 'editor', '/trips/checklists/create', { title: 'Packing' });
    await ok(crew, 'editor', '/trips/checklists/items/add', { listId: list.id, text: 'Tent' });
    const v1 = await take(crew, 'with packing');
    await ok(crew, 'editor', '/trips/checklists/delete', { listId: list.id });

    expect((await restore(crew, 'owner', { versionId: v1 })).status).toBe(200);
    const lists = await ok(crew, 'viewer', '/trips/checklists', {});
    expect(lists).toEqual([expect.objectContaining({ title: 'Packing', createdBy: crew.editor.id, items: [expect.objectContaining({ text: 'Tent', createdBy: crew.editor.id })] })]);
    // Under a new id: the deleted one is never used again.
    expect(lists[0].id).not.toBe(list.id);
    const { entry, row } = await lastActivity(crew);
    expect(entry).toMatchObject({ activityType: 'trip_restored', userId: crew.owner.id, activityData: { versionId: v1 } });
    expect(row).toMatchObject({ activity_type: 'trip_restored', user_id: crew.owner.id });
  });

  it("restores one expense another member recorded, by an editor and by the owner, recorded by its author still", async () => {
    const crew = await tripWithCrew(db());
    const owners = await ok(crew, 'owner', '/trips/costs/expenses', fuel(crew, crew.owner.id));
    const editors = await ok(crew, 'editor', '/trips/costs/expenses', { ...fuel(crew, crew.editor.id), description: 'Ferry' });
    const v1 = await take(crew, 'both expenses');
    await ok(crew, 'owner', '/trips/costs/expenses/delete', { expenseId: owners.id });
    await ok(crew, 'editor', '/trips/costs/expenses/delete', { expenseId: editors.id });

    expect((await restore(crew, 'editor', { versionId: v1, only: { root: 'expenses', key: owners.id } })).status).toBe(200);
    expect((await restore(crew, 'owner', { versionId: v1, only: { root: 'expenses', key: editors.id } })).status).toBe(200);
    const expenses = await inDoc(crew, (doc) => [...expensesMap(doc).values()] as Array<{ description: string; createdBy: number; paidBy: number }>);
    expect(expenses.map(({ description, createdBy, paidBy }) => ({ description, createdBy, paidBy })).sort((a, b) => a.description.localeCompare(b.description))).toEqual([
      { description: 'Ferry', createdBy: crew.editor.id, paidBy: crew.editor.id },
      { description: 'Fuel', createdBy: crew.owner.id, paidBy: crew.owner.id },
    ]);
    // The costs read them as any other entry.
    const costs = await ok(crew, 'viewer', '/trips/costs', {});
    expect(costs.expenses).toHaveLength(2);
    expect((await lastActivity(crew)).entry).toMatchObject({ activityType: 'trip_restored', userId: crew.owner.id, activityData: { only: { root: 'expenses' } } });
  });

  it('removes a poll started after the version, and opens again a poll closed since', async () => {
    const crew = await tripWithCrew(db());
    const where = await ok(crew, 'editor', '/trips/polls/create', { question: 'Where?', options: ['Coast', 'Mountains'] });
    const v1 = await take(crew, 'one poll open');
    await ok(crew, 'editor', '/trips/polls/close', { pollId: where.id });
    const when = await ok(crew, 'editor', '/trips/polls/create', { question: 'When?', options: ['June', 'July'] });
    expect((await polls(crew)).map((poll) => [poll.question, poll.open])).toEqual([
      ['When?', true],
      ['Where?', false],
    ]);

    expect((await restore(crew, 'owner', { versionId: v1 })).status).toBe(200);
    expect((await polls(crew)).map((poll) => [poll.id, poll.question, poll.open, poll.createdBy])).toEqual([[where.id, 'Where?', true, crew.editor.id]]);
    expect(await inDoc(crew, (doc) => pollsMap(doc).has(when.id))).toBe(false);
    // Open again: members vote on it.
    await ok(crew, 'viewer', '/trips/polls/vote', { pollId: where.id, choices: [1] });
  });

  it("brings back another member's vote, whole and as a single entry", async () => {
    const crew = await tripWithCrew(db());
    const poll = await ok(crew, 'owner', '/trips/polls/create', { question: 'Where?', options: ['Coast', 'Mountains'] });
    await ok(crew, 'viewer', '/trips/polls/vote', { pollId: poll.id, choices: [0] });
    const v1 = await take(crew, 'voted');
    const voteKey = `poll:${poll.id}:${crew.viewer.id}`;
    await ok(crew, 'viewer', '/trips/polls/vote', { pollId: poll.id, choices: [] });
    expect(await inDoc(crew, (doc) => votesMap(doc).has(voteKey))).toBe(false);

    expect((await restore(crew, 'editor', { versionId: v1, only: { root: 'votes', key: voteKey } })).status).toBe(200);
    expect(await inDoc(crew, (doc) => votesMap(doc).get(voteKey))).toEqual([0]);
    expect((await polls(crew))[0].results.counts).toEqual([1, 0]);

    await ok(crew, 'viewer', '/trips/polls/vote', { pollId: poll.id, choices: [] });
    expect((await restore(crew, 'owner', { versionId: v1 })).status).toBe(200);
    expect(await inDoc(crew, (doc) => votesMap(doc).get(voteKey))).toEqual([0]);
  });

  it("leaves the owner's stop fields as they are for an editor's restore, and restores them for the owner's", async () => {
    const crew = await tripWithCrew(db());
    const stopId = '00000000-0000-4000-8000-0000000000a1';
    await hub().write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) => transact(() => addStop(doc, stopId, { name: 'Astoria' })));
    const v1 = await take(crew, 'not visited');
    await hub().write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) => transact(() => updateStop(doc, stopId, { name: 'Astoria OR', visited: true })));
    const stop = () => inDoc(crew, (doc) => stopsMap(doc).get(stopId)!.toJSON() as { name: string; visited: boolean });

    expect((await restore(crew, 'editor', { versionId: v1 })).status).toBe(200);
    expect(await stop()).toMatchObject({ name: 'Astoria', visited: true });
    expect((await restore(crew, 'owner', { versionId: v1 })).status).toBe(200);
    expect(await stop()).toMatchObject({ name: 'Astoria', visited: false });
  });

  it('refuses a single entry that would take the trip past its limit, and changes nothing', async () => {
    const crew = await tripWithCrew(db());
    const first = await ok(crew, 'owner', '/trips/costs/expenses', fuel(crew, crew.owner.id));
    const v1 = await take(crew, 'one expense');
    await ok(crew, 'owner', '/trips/costs/expenses/delete', { expenseId: first.id });
    // Filled up since, in one write (as many REST calls would).
    await hub().write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
      transact(() =>
        applyKeyWrites(
          doc,
          Array.from({ length: MONEY_ENTRIES_MAX }, (_, n) =>
            moneyWrites.addExpense(doc, `00000000-0000-4000-8000-${(n + 1).toString(16).padStart(12, '0')}`, { ...fuel(crew, crew.owner.id), category: 'fuel', stopId: null, receiptPhoto: null, rate: null } as Parameters<typeof moneyWrites.addExpense>[2], { userId: crew.owner.id, now: new Date() }),
          ).flat(),
        ),
      ),
    );
    const versions = async () => (await db().query(`SELECT count(*)::int AS n FROM trip_versions WHERE trip_id = $1`, [crew.trip.id]))[0].n;
    const before = await versions();
    const refused = await restore(crew, 'owner', { versionId: v1, only: { root: 'expenses', key: first.id } });
    expect(refused.status).toBe(400);
    expect(await inDoc(crew, (doc) => expensesMap(doc).size)).toBe(MONEY_ENTRIES_MAX);
    expect(await versions()).toBe(before);
    expect(await inDoc(crew, (doc) => checklistsMap(doc).size)).toBe(0);
  });
});
