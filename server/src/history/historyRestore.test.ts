/**
 * Comparing and restoring versions through REST: what changed between two versions and since one, with who did
 * it; a restore whole, of one stop, of one expense, each a new forward change another process sees, recorded in the
 * activity feed, and undone by restoring the version it answers; who may restore.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, deleteStop, expensesMap, messages, orderedStops, readActivity, updateStop } from '@caravan/shared';
import { serverOrigin, TripDocHub } from '@caravan/engine';
import { tripWithCrew, type Crew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { SERVER_HISTORY_ACCOUNT } from './versionChanges.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const hub = () => t.server.deps.tripDocs;
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';
const post = (crew: Crew, as: Who, path: string, body: object) => t.api.post(`/trips/history${path}`, { tripId: crew.trip.id, ...body }, { as: crew[as] });

async function edit(crew: Crew, who: Who, change: (doc: import('yjs').Doc) => void) {
  await hub().write(crew.trip.id, serverOrigin(crew[who].id), ({ doc, transact }) => transact(() => change(doc)));
}
const names = (doc: import('yjs').Doc) => orderedStops(doc).map((stop) => stop.name).slice(1);
const liveNames = async (crew: Crew) => hub().read(crew.trip.id, ({ doc }) => names(doc));
const take = async (crew: Crew, name: string) => (await post(crew, 'owner', '/take', { kind: 'named', name })).body.version.id as string;

/** A trip with stops A, B (version "v1"), then the editor renamed A, deleted B and added C. */
async function editedTrip() {
  const crew = await tripWithCrew(db());
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  await edit(crew, 'owner', (doc) => {
    addStop(doc, a, { name: 'Astoria' });
    addStop(doc, b, { name: 'Bandon' });
  });
  const v1 = await take(crew, 'v1');
  await edit(crew, 'editor', (doc) => updateStop(doc, a, { name: 'Astoria OR' }));
  await edit(crew, 'editor', (doc) => deleteStop(doc, b));
  await edit(crew, 'owner', (doc) => addStop(doc, c, { name: 'Coos Bay' }));
  return { crew, a, b, c, v1 };
}

describe('POST /trips/history/diff', () => {
  it('says what changed between two versions, and since one, with who did it', async () => {
    const { crew, a, b, c, v1 } = await editedTrip();
    const v2 = await take(crew, 'v2');
    const between = await post(crew, 'viewer', '/diff', { fromVersionId: v1, toVersionId: v2 });
    expect(between.status).toBe(200);
    const { stops, summary, members } = between.body.changes;
    expect(stops).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ stopId: a, kind: 'changed', by: [crew.editor.id], fields: [expect.objectContaining({ field: 'name', before: 'Astoria', after: 'Astoria OR' })] }),
        expect.objectContaining({ stopId: b, kind: 'removed', by: [crew.editor.id] }),
        expect.objectContaining({ stopId: c, kind: 'added', by: [crew.owner.id] }),
      ]),
    );
    expect(members.map((member: { displayName: string }) => member.displayName).sort()).toEqual(['Eddie Editor', 'Olive Owner']);
    expect(summary).toMatch(/Eddie Editor/);
    // Since v2: the editor's later rename, no version holds yet.
    await edit(crew, 'editor', (doc) => updateStop(doc, c, { name: 'Coos Bay OR' }));
    const since = (await post(crew, 'viewer', '/diff', { fromVersionId: v2 })).body.changes;
    expect(since.stops).toEqual([expect.objectContaining({ stopId: c, kind: 'changed', by: [crew.editor.id] })]);
    expect(await post(crew, 'viewer', '/diff', { fromVersionId: '999999999' })).toMatchObject({ status: 404 });
    expect(await post(crew, 'outsider', '/diff', { fromVersionId: v1 })).toMatchObject({ status: 404 });
  });
});

describe('POST /trips/history/restore', () => {
  it("builds the summary it leaves behind as the server's own work, not one of the member's heavy tasks", async () => {
    const { crew, v1 } = await editedTrip();
    const heavyWork = t.server.deps.heavyWork;
    const real = heavyWork.run;
    const ran: Array<{ account: number; task: string }> = [];
    heavyWork.run = (account, task, ...rest) => {
      ran.push({ account, task });
      return real(account, task, ...rest);
    };
    try {
      const restored = await post(crew, 'editor', '/restore', { versionId: v1 });
      expect(restored.status).toBe(200);
      const summary = async () => (await db().query(`SELECT summary FROM trip_versions WHERE id = $1`, [restored.body.before.id]))[0].summary;
      await expect.poll(summary).toMatch(/Eddie Editor/);
    } finally {
      heavyWork.run = real;
    }
    // The version's state for the restore itself, as the member's task; then the summary's, as the server's.
    const firstServerTask = ran.findIndex((task) => task.account === SERVER_HISTORY_ACCOUNT);
    expect(firstServerTask).toBeGreaterThan(0);
    expect(ran.slice(0, firstServerTask).every((task) => task.account === crew.editor.id)).toBe(true);
    expect(ran.slice(firstServerTask).every((task) => task.account === SERVER_HISTORY_ACCOUNT)).toBe(true);
  });

  it('brings the whole trip back as a new change another process sees, and restoring its answer undoes it', async () => {
    const { crew, a, b, v1 } = await editedTrip();
    // Another process holding the trip (a collab server): it learns the restore from the log, as on its NOTIFY.
    const other = new TripDocHub(db(), t.server.deps.logger);
    const otherDoc = (await other.open(crew.trip.id))!.doc;
    expect(names(otherDoc)).toEqual(['Astoria OR', 'Coos Bay']);

    const restored = await post(crew, 'editor', '/restore', { versionId: v1 });
    expect(restored.status).toBe(200);
    expect(restored.body.before).toMatchObject({ kind: 'before_restore' });
    expect(await liveNames(crew)).toEqual(['Astoria', 'Bandon']);
    const live = await hub().read(crew.trip.id, ({ doc }) => orderedStops(doc).slice(1).map((stop) => stop.id));
    expect(live[0]).toBe(a);
    // A deleted stop comes back under a new id.
    expect(live[1]).not.toBe(b);
    await other.catchUp(crew.trip.id);
    expect(names(otherDoc)).toEqual(['Astoria', 'Bandon']);
    const entry = await hub().read(crew.trip.id, ({ doc }) => readActivity(doc).at(-1));
    expect(entry).toMatchObject({ activityType: 'trip_restored', userId: crew.editor.id, activityData: { versionId: v1, versionName: 'v1' } });
    const [row] = await db().query(`SELECT activity_type FROM activities WHERE trip_id = $1 ORDER BY created_at DESC LIMIT 1`, [crew.trip.id]);
    expect(row.activity_type).toBe('trip_restored');

    // Undo: restore the version taken right before.
    expect((await post(crew, 'owner', '/restore', { versionId: restored.body.before.id })).status).toBe(200);
    expect(await liveNames(crew)).toEqual(['Astoria OR', 'Coos Bay']);
    await other.catchUp(crew.trip.id);
    expect(names(otherDoc)).toEqual(['Astoria OR', 'Coos Bay']);
    const listed = (await post(crew, 'viewer', '', {})).body.versions.map((version: { kind: string }) => version.kind);
    expect(listed).toEqual(['before_restore', 'before_restore', 'named']);
    other.unload(crew.trip.id);
  });

  it('restores one deleted stop under a new id, in its place, leaving the rest as it is now', async () => {
    const { crew, b, v1 } = await editedTrip();
    const response = await post(crew, 'editor', '/restore', { versionId: v1, only: { stopId: b } });
    expect(response.status).toBe(200);
    expect(await liveNames(crew)).toEqual(['Astoria OR', 'Bandon', 'Coos Bay']);
    const ids = await hub().read(crew.trip.id, ({ doc }) => orderedStops(doc).map((stop) => stop.id));
    expect(ids).not.toContain(b);
    expect(await post(crew, 'editor', '/restore', { versionId: v1, only: { stopId: randomUUID() } })).toMatchObject({
      status: 404,
      body: { error: messages.history.notInVersion },
    });
  });

  it('restores one deleted expense', async () => {
    const crew = await tripWithCrew(db());
    const expense = await t.api.post(
      '/trips/costs/expenses',
      { tripId: crew.trip.id, description: 'Fuel', amount: 4200, currency: 'EUR', paidBy: crew.owner.id, date: '2026-07-01', category: 'fuel', split: { kind: 'equal', parts: [{ userId: crew.owner.id, value: 1 }] } },
      { as: crew.owner },
    );
    expect(expense.status).toBe(200);
    const v1 = await take(crew, 'with fuel');
    expect((await t.api.post('/trips/costs/expenses/delete', { tripId: crew.trip.id, expenseId: expense.body.id }, { as: crew.owner })).status).toBe(200);
    // An expense is recorded in its creator's name, so the money part lets its creator bring it back (ZMoney's rule).
    const response = await post(crew, 'owner', '/restore', { versionId: v1, only: { root: 'expenses', key: expense.body.id } });
    expect(response.status).toBe(200);
    const expenses = await hub().read(crew.trip.id, ({ doc }) => [...expensesMap(doc).values()]);
    expect(expenses).toEqual([expect.objectContaining({ description: 'Fuel', amount: 4200 })]);
  });

  it('is for the owner and editors: viewers 403, outsiders 404, an unknown version 404', async () => {
    const { crew, v1 } = await editedTrip();
    expect(await post(crew, 'viewer', '/restore', { versionId: v1 })).toMatchObject({ status: 403 });
    expect(await post(crew, 'outsider', '/restore', { versionId: v1 })).toMatchObject({ status: 404 });
    expect(await post(crew, 'owner', '/restore', { versionId: '424242424242' })).toMatchObject({ status: 404, body: { error: messages.history.versionNotFound } });
    expect(await post(crew, 'owner', '/restore', { versionId: v1, only: { root: 'nope', key: 'x' } })).toMatchObject({ status: 404 });
    expect(await post(crew, 'owner', '/restore', { versionId: v1, only: { root: 'expenses', key: 'x', stopId: 'y' } })).toMatchObject({ status: 400 });
    expect(await liveNames(crew)).toEqual(['Astoria OR', 'Coos Bay']);
  });
});
