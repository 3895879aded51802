import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  COLLAB_CLOSE,
  messages,
  checklistDoneMap,
  checklistItemsMap,
  checklistsMap,
  readActivity,
  readChecklists,
  type DocChecklist,
  type DocChecklistItem,
} from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { buildUser } from '@caravan/server/test';
import { waitFor, type TestClient } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, clients, connect, tripWith, serverDoc } = useCollabTrips();

const list = (createdBy: number): DocChecklist => ({ title: 'Packing', createdBy, createdAt: new Date().toISOString() });
const item = (listId: string, createdBy: number, fields: Partial<DocChecklistItem> = {}): DocChecklistItem => ({
  listId,
  text: 'Pack the tent',
  pos: 'a0',
  assignee: null,
  dueDate: null,
  createdBy,
  createdAt: new Date().toISOString(),
  ...fields,
});

const committed = (tripId: string) => waitFor(() => !t.collab.rooms.get(tripId)!.hasUnwritten, 5000, 'the batch to commit');

/** Waits for `client`'s socket to be refused and takes it out of the test's clients; the reason it was given. */
async function refusal(client: TestClient): Promise<string> {
  await waitFor(() => client.closes.length > 0, 5000, 'the socket to close');
  expect(client.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
  clients.splice(clients.indexOf(client), 1);
  client.destroy();
  return client.closes[0].reason;
}

/** A list with one item, written by the owner as REST writes it. */
async function packingList(tripId: string, ownerId: number) {
  const listId = randomUUID();
  const itemId = randomUUID();
  await t.collab.hub.write(tripId, serverOrigin(ownerId), ({ doc, transact }) =>
    transact(() => {
      checklistsMap(doc).set(listId, list(ownerId));
      checklistItemsMap(doc).set(itemId, item(listId, ownerId));
    }),
  );
  return { listId, itemId };
}

describe('checklists over the live door', () => {
  it('lets a viewer tick and untick an item, and refuses their new item', async () => {
    const { owner, trip, members } = await tripWith(['viewer']);
    const [vera] = members;
    const { listId, itemId } = await packingList(trip.id, owner.id);
    const viewer = await connect(trip.id, vera);
    await waitFor(() => checklistItemsMap(viewer.doc).has(itemId), 5000, 'the item to arrive');
    checklistDoneMap(viewer.doc).set(itemId, true);
    await viewer.saved();
    expect(readChecklists(serverDoc(trip.id))[0].items[0]).toMatchObject({ id: itemId, done: true });
    checklistDoneMap(viewer.doc).delete(itemId);
    await viewer.saved();
    expect(readChecklists(serverDoc(trip.id))[0].items[0].done).toBe(false);

    checklistItemsMap(viewer.doc).set(randomUUID(), item(listId, vera.id, { pos: 'a1' }));
    expect(await refusal(viewer)).toBe('viewers only tick items');
    expect(checklistItemsMap(serverDoc(trip.id)).size).toBe(1);
  });

  it('refuses a bad order key, a stranger as assignee and a list made in another member\'s name', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const [eddie] = members;
    const { listId } = await packingList(trip.id, owner.id);
    const stranger = await buildUser(t.dataSource);
    for (const [edit, reason] of [
      [(client: TestClient) => checklistItemsMap(client.doc).set(randomUUID(), item(listId, eddie.id, { pos: 'a0-' })), 'invalid checklist item'],
      [(client: TestClient) => checklistItemsMap(client.doc).set(randomUUID(), item(listId, eddie.id, { text: 'a\u0000b' })), 'invalid checklist item'],
      [(client: TestClient) => checklistItemsMap(client.doc).set(randomUUID(), item(listId, eddie.id, { dueDate: '2026-02-30' })), 'invalid checklist item'],
      [(client: TestClient) => checklistItemsMap(client.doc).set(randomUUID(), item(listId, eddie.id, { assignee: stranger.id })), messages.checklists.invalidAssignee],
      [(client: TestClient) => checklistItemsMap(client.doc).set(randomUUID(), item(randomUUID(), eddie.id)), 'no such list'],
      [(client: TestClient) => checklistsMap(client.doc).set(randomUUID(), list(owner.id)), 'a list is made by its writer'],
    ] as const) {
      const editor = await connect(trip.id, eddie);
      edit(editor);
      expect(await refusal(editor)).toBe(reason);
    }
    expect(readChecklists(serverDoc(trip.id))[0].items).toHaveLength(1);
  });

  it('records "assigned" once when an editor gives an item to a member live, as REST does', async () => {
    const { owner, trip, members } = await tripWith(['editor', 'viewer']);
    const [eddie, vera] = members;
    const { itemId } = await packingList(trip.id, owner.id);
    const editor = await connect(trip.id, eddie);
    const watcher = await connect(trip.id, owner);
    await waitFor(() => checklistItemsMap(editor.doc).has(itemId), 5000, 'the item to arrive');
    checklistItemsMap(editor.doc).set(itemId, { ...(checklistItemsMap(editor.doc).get(itemId) as DocChecklistItem), assignee: vera.id, dueDate: '2026-07-01' });
    await editor.saved();
    await committed(trip.id);
    const entries = readActivity(serverDoc(trip.id)).filter((entry) => entry.activityType === 'item_assigned');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: eddie.id, activityData: { itemId, text: 'Pack the tent', assigneeId: vera.id, assigneeName: vera.displayName } });
    await waitFor(() => readActivity(watcher.doc).some((entry) => entry.activityType === 'item_assigned'), 5000, 'the entry to reach the owner');
    const rows = await t.dataSource.query(`SELECT activity_data FROM activities WHERE trip_id = $1 AND activity_type = 'item_assigned'`, [trip.id]);
    expect(rows.map((row: { activity_data: unknown }) => row.activity_data)).toEqual([entries[0].activityData]);
  });

  it('reads the members again when one leaves: an item is no longer given to them', async () => {
    const { owner, trip, members } = await tripWith(['editor', 'viewer']);
    const [eddie, vera] = members;
    const { itemId } = await packingList(trip.id, owner.id);
    const editor = await connect(trip.id, eddie);
    expect(t.collab.rooms.get(trip.id)!.members.has(vera.id)).toBe(true);
    await t.dataSource.query(`DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [trip.id, vera.id]);
    await waitFor(() => !t.collab.rooms.get(trip.id)!.members.has(vera.id), 5000, 'the room to read its members again');
    checklistItemsMap(editor.doc).set(itemId, { ...(checklistItemsMap(editor.doc).get(itemId) as DocChecklistItem), assignee: vera.id });
    expect(await refusal(editor)).toBe(messages.checklists.invalidAssignee);
  });

  it('takes a viewer\'s offline ticks of an item deleted meanwhile: they stay connected and sync', async () => {
    const { owner, trip, members } = await tripWith(['viewer']);
    const [vera] = members;
    const { itemId } = await packingList(trip.id, owner.id);
    const viewer = await connect(trip.id, vera);
    await waitFor(() => checklistItemsMap(viewer.doc).has(itemId), 5000, 'the item to arrive');
    viewer.provider.disconnect();
    checklistDoneMap(viewer.doc).set(itemId, true);
    checklistDoneMap(viewer.doc).delete(itemId);
    checklistDoneMap(viewer.doc).set(itemId, true);
    await t.collab.hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => checklistItemsMap(doc).delete(itemId)));
    viewer.provider.connect();
    await viewer.synced();
    await viewer.saved();
    expect(viewer.closes).toEqual([]);
    expect(checklistItemsMap(viewer.doc).has(itemId)).toBe(false);
    expect(readChecklists(serverDoc(trip.id))[0].items).toEqual([]);
  });
});
