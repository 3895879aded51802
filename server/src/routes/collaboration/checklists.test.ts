import { describe, expect, it } from 'vitest';
import { MAX_CHECKLISTS, checklistsMap, messages, readActivity, readChecklists } from '@caravan/shared';
import { useTestServer } from '../../test/useTestServer.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { liveDoc } from './collaborationFixture.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const c = messages.checklists;
type Member = 'owner' | 'editor' | 'viewer' | 'outsider';

const docOf = async (crew: Crew) => liveDoc(t.server.deps.tripDocs, crew.trip.id);
const call = (crew: Crew, as: Member, path: string, body: object) => t.api.post(`/trips/checklists${path}`, { tripId: crew.trip.id, ...body }, { as: crew[as] });
const listed = async (crew: Crew, as: Member = 'viewer') => (await call(crew, as, '', {})).body;

async function packing(crew: Crew, as: Member = 'editor') {
  const made = await call(crew, as, '/create', { title: '  Packing  ' });
  expect(made.status).toBe(201);
  return made.body.id as string;
}
async function addItem(crew: Crew, listId: string, text: string, extra: object = {}) {
  const added = await call(crew, 'editor', '/items/add', { listId, text, ...extra });
  expect(added.status).toBe(201);
  return added.body.id as string;
}

describe('checklists over REST', () => {
  it('lets editors make a list and items in order; every member reads them', async () => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const tent = await addItem(crew, listId, 'Pack the tent', { dueDate: '2026-07-01' });
    const stove = await addItem(crew, listId, 'Stove');
    expect(await listed(crew)).toMatchObject([
      {
        id: listId,
        title: 'Packing',
        createdBy: crew.editor.id,
        items: [
          { id: tent, text: 'Pack the tent', done: false, assignee: null, dueDate: '2026-07-01' },
          { id: stove, text: 'Stove', done: false },
        ],
      },
    ]);
  });

  it('lets a viewer tick and untick an item and nothing else (403 with the reason)', async () => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const tent = await addItem(crew, listId, 'Pack the tent');
    expect((await call(crew, 'viewer', '/items/update', { itemId: tent, done: true })).body).toMatchObject({ id: tent, done: true });
    expect((await listed(crew, 'owner'))[0].items[0].done).toBe(true);
    const renamed = await call(crew, 'viewer', '/items/update', { itemId: tent, done: false, text: 'Mine now' });
    expect(renamed.status).toBe(403);
    expect(renamed.body.error).toBe(c.viewerTicksOnly);
    expect((await listed(crew))[0].items[0]).toMatchObject({ text: 'Pack the tent', done: true });
    for (const [path, body] of [
      ['/create', { title: 'Mine' }],
      ['/items/add', { listId, text: 'Mine' }],
      ['/items/move', { itemId: tent, beforeItemId: null }],
      ['/items/delete', { itemId: tent }],
      ['/delete', { listId }],
    ] as const) {
      expect((await call(crew, 'viewer', path, body)).status).toBe(403);
    }
    expect((await call(crew, 'outsider', '', {})).status).toBe(404);
    expect((await call(crew, 'viewer', '/items/update', { itemId: tent, done: false })).body.done).toBe(false);
  });

  it('assigns an item to a member once in the activity feed, and refuses someone outside the trip', async () => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const tent = await addItem(crew, listId, 'Pack the tent');
    const assigned = await call(crew, 'owner', '/items/update', { itemId: tent, assignee: crew.viewer.id });
    expect(assigned.body).toMatchObject({ assignee: crew.viewer.id });
    // The same assignee again and a tick say nothing new.
    await call(crew, 'owner', '/items/update', { itemId: tent, assignee: crew.viewer.id, done: true });
    const outsider = await call(crew, 'owner', '/items/update', { itemId: tent, assignee: crew.outsider.id });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error).toBe(c.invalidAssignee);
    const entries = readActivity(await docOf(crew)).filter((entry) => entry.activityType === 'item_assigned');
    expect(entries).toEqual([
      expect.objectContaining({ userId: crew.owner.id, activityData: { itemId: tent, text: 'Pack the tent', assigneeId: crew.viewer.id, assigneeName: 'Vera Viewer' } }),
    ]);
    const rows = await db().query(`SELECT activity_data FROM activities WHERE trip_id = $1 AND activity_type = 'item_assigned'`, [crew.trip.id]);
    expect(rows).toHaveLength(1);
    const added = await call(crew, 'editor', '/items/add', { listId, text: 'Stove', assignee: crew.owner.id });
    expect(added.body.assignee).toBe(crew.owner.id);
    expect(readActivity(await docOf(crew)).filter((entry) => entry.activityType === 'item_assigned')).toHaveLength(2);
  });

  it("checks the assignee's membership under the trip's row lock: a member removed while the write waits for it is refused", async () => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const tent = await addItem(crew, listId, 'Pack the tent');
    const lockWaits = async () => Number((await db().query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n);
    /** Sends `request` while a removal of `member` holds the trip's row lock, as memberRemover does; commits it once the request waits. */
    const whileRemoving = async (member: 'viewer' | 'editor', request: () => ReturnType<typeof call>) => {
      const removal = db().createQueryRunner();
      await removal.startTransaction();
      try {
        await removal.query(`SELECT 1 FROM trip_docs WHERE trip_id = $1 FOR UPDATE`, [crew.trip.id]);
        const answer = request();
        await expect.poll(lockWaits, { timeout: 15_000 }).toBe(1);
        await removal.query(`DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [crew.trip.id, crew[member].id]);
        await removal.commitTransaction();
        return await answer;
      } finally {
        if (removal.isTransactionActive) await removal.rollbackTransaction();
        await removal.release();
      }
    };

    const assigned = await whileRemoving('viewer', () => call(crew, 'owner', '/items/update', { itemId: tent, assignee: crew.viewer.id }));
    expect([assigned.status, assigned.body.error]).toEqual([400, c.invalidAssignee]);
    const added = await whileRemoving('editor', () => call(crew, 'owner', '/items/add', { listId, text: 'Stove', assignee: crew.editor.id }));
    expect([added.status, added.body.error]).toEqual([400, c.invalidAssignee]);

    expect((await listed(crew, 'owner'))[0].items).toEqual([expect.objectContaining({ id: tent, assignee: null })]);
    expect(readActivity(await docOf(crew)).filter((entry) => entry.activityType === 'item_assigned')).toEqual([]);
  });

  it('moves an item before another or last, and refuses a position outside its list', async () => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const [a, , cItem] = [await addItem(crew, listId, 'A'), await addItem(crew, listId, 'B'), await addItem(crew, listId, 'C')];
    await call(crew, 'editor', '/items/move', { itemId: cItem, beforeItemId: a });
    expect((await listed(crew))[0].items.map((item: { text: string }) => item.text)).toEqual(['C', 'A', 'B']);
    await call(crew, 'owner', '/items/move', { itemId: cItem, beforeItemId: null });
    expect((await listed(crew))[0].items.map((item: { text: string }) => item.text)).toEqual(['A', 'B', 'C']);
    const otherList = await packing(crew);
    const elsewhere = await addItem(crew, otherList, 'X');
    // Another list's item, and the item itself.
    for (const beforeItemId of [elsewhere, cItem]) {
      const bad = await call(crew, 'editor', '/items/move', { itemId: cItem, beforeItemId });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(c.invalidPosition);
    }
  });

  it('deletes an item, and a list with its items', async () => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const tent = await addItem(crew, listId, 'Pack the tent');
    await addItem(crew, listId, 'Stove');
    await call(crew, 'viewer', '/items/update', { itemId: tent, done: true });
    expect((await call(crew, 'editor', '/items/delete', { itemId: tent })).body).toEqual({ id: tent });
    expect((await call(crew, 'editor', '/items/delete', { itemId: tent })).status).toBe(404);
    expect((await call(crew, 'owner', '/delete', { listId })).body).toEqual({ id: listId });
    expect(await listed(crew)).toEqual([]);
    const doc = await docOf(crew);
    expect([doc.getMap('checklistItems').size, doc.getMap('checklistDone').size]).toEqual([0, 0]);
  });

  it.each([
    ['/create', { title: '   ' }, c.titleRequired],
    ['/create', { title: 't'.repeat(101) }, c.titleTooLong],
    ['/create', { title: 'Pack\u0000ing' }, messages.validation.textNotAllowed],
    ['/create', { title: 'Pack \ud800' }, messages.validation.textNotAllowed],
    ['/create', { title: 7 }, c.titleRequired],
    ['/items/add', { text: 'x'.repeat(201) }, c.textTooLong],
    ['/items/add', { text: '' }, c.textRequired],
    ['/items/add', { text: 'Tent', dueDate: '2026-02-30' }, c.invalidDueDate],
    ['/items/add', { text: 'Tent', dueDate: '2026-07-01T10:00:00Z' }, c.invalidDueDate],
    ['/items/add', { text: 'Tent', assignee: -1 }, c.invalidAssignee],
    ['/items/add', { text: 'Tent', assignee: '5' }, c.invalidAssignee],
    ['/items/add', { text: 'Tent', listId: 'nope' }, c.invalidListId],
    ['/items/update', { done: 'yes' }, c.invalidDone],
    ['/items/update', {}, c.nothingToChange],
  ])('%s refuses %j with a clear 400, writing nothing', async (path, change, message) => {
    const crew = await tripWithCrew(db());
    const listId = await packing(crew);
    const tent = await addItem(crew, listId, 'Pack the tent');
    const before = JSON.stringify(readChecklists(await docOf(crew)));
    const response = await call(crew, 'owner', path, { ...(path === '/create' ? {} : path === '/items/add' ? { listId } : { itemId: tent }), ...change });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(JSON.stringify(readChecklists(await docOf(crew)))).toBe(before);
  });

  it('holds a trip to its cap of lists', async () => {
    const crew = await tripWithCrew(db());
    for (let index = 0; index < MAX_CHECKLISTS; index += 1) await packing(crew);
    const over = await call(crew, 'editor', '/create', { title: 'One more' });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(c.tooManyLists);
    expect(checklistsMap(await docOf(crew)).size).toBe(MAX_CHECKLISTS);
  });
});
