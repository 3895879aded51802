/**
 * Ids and authorship over the live door, one process (the two-process cases: test/clusterLimits.test.ts): a list
 * re-created under its deleted id is deleted again and never counted, and an entry's author and date are the
 * writer's and the server's.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  MAX_CHECKLISTS,
  checklistItemsMap,
  checklistsMap,
  expensesMap,
  readChecklists,
  readMoney,
  type DocChecklist,
  type DocChecklistItem,
  type DocExpense,
} from '@caravan/shared';
import { createLogger, TripDocHub } from '@caravan/engine';
import { waitFor } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, connect, tripWith, serverDoc } = useCollabTrips();

const FORGED = '2001-01-01T00:00:00.000Z';
const list = (createdBy: number, fields: Partial<DocChecklist> = {}): DocChecklist => ({ title: 'Packing', createdBy, createdAt: new Date().toISOString(), ...fields });

const committed = (tripId: string) => waitFor(() => !t.collab.rooms.get(tripId)!.hasUnwritten, 5000, 'the batch to commit');

/** The trip's document as a fresh process loads it from PostgreSQL. */
async function stored(tripId: string) {
  const hub = new TripDocHub(t.dataSource, createLogger('silent'));
  const live = await hub.open(tripId);
  return { doc: live!.doc, done: () => hub.unload(tripId) };
}

const nearNow = (stamp: string) => Math.abs(Date.parse(stamp) - Date.now()) < 60_000;

describe('ids and authorship over the live door', () => {
  it('deletes lists re-created under their deleted ids again, in the owner\'s name or any date: never more than 50', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const [eddie] = members;
    const editor = await connect(trip.id, eddie);
    const watcher = await connect(trip.id, owner);
    // What each commit leaves: the undo is committed in the batch of the update it undoes.
    let most = 0;
    const unsubscribe = t.collab.hub.onCommitted((tripId) => {
      if (tripId === trip.id) most = Math.max(most, checklistsMap(serverDoc(trip.id)).size);
    });

    const ids = Array.from({ length: MAX_CHECKLISTS }, () => randomUUID());
    editor.doc.transact(() => ids.forEach((id) => checklistsMap(editor.doc).set(id, list(eddie.id))));
    await editor.saved();
    editor.doc.transact(() => ids.forEach((id) => checklistsMap(editor.doc).delete(id)));
    await editor.saved();
    // The trick: the same ids again, five rounds, as the owner and long ago; and 50 new lists beside them.
    const fresh = Array.from({ length: MAX_CHECKLISTS }, () => randomUUID());
    editor.doc.transact(() => fresh.forEach((id) => checklistsMap(editor.doc).set(id, list(eddie.id))));
    for (let round = 0; round < 5; round++) {
      editor.doc.transact(() => ids.forEach((id) => checklistsMap(editor.doc).set(id, list(owner.id, { createdAt: FORGED }))));
      await editor.saved();
    }
    await committed(trip.id);
    await waitFor(() => checklistsMap(watcher.doc).size === MAX_CHECKLISTS, 5000, 'the watcher to hold the 50 new lists');
    unsubscribe();

    expect(most).toBeLessThanOrEqual(MAX_CHECKLISTS);
    expect(editor.closes).toEqual([]);
    await waitFor(() => checklistsMap(editor.doc).size === MAX_CHECKLISTS, 5000, 'the editor to hold the 50 new lists only');
    expect([...checklistsMap(serverDoc(trip.id)).keys()].sort()).toEqual([...fresh].sort());
    const persisted = await stored(trip.id);
    expect(readChecklists(persisted.doc).map((view) => view.id).sort()).toEqual([...fresh].sort());
    expect(readChecklists(persisted.doc).every((view) => view.createdBy === eddie.id)).toBe(true);
    persisted.done();
  });

  it("gives a list, an item and an expense dated long ago the server's time, and puts back the date an edit changes", async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const [eddie] = members;
    const editor = await connect(trip.id, eddie);
    const listId = randomUUID();
    const itemId = randomUUID();
    const expenseId = randomUUID();
    const item: DocChecklistItem = { listId, text: 'Tent', pos: 'a0', assignee: null, dueDate: null, createdBy: eddie.id, createdAt: FORGED };
    const expense: Omit<DocExpense, 'id'> = {
      description: 'Fuel',
      amount: 4200,
      currency: 'EUR',
      paidBy: eddie.id,
      createdBy: eddie.id,
      date: '2026-05-01',
      category: 'fuel',
      stopId: null,
      receiptPhoto: null,
      split: { kind: 'equal', parts: [{ userId: owner.id, value: 1 }, { userId: eddie.id, value: 1 }] },
      rate: null,
      rateTo: null,
      createdAt: FORGED,
    };
    editor.doc.transact(() => {
      checklistsMap(editor.doc).set(listId, list(eddie.id, { createdAt: FORGED }));
      checklistItemsMap(editor.doc).set(itemId, item);
      expensesMap(editor.doc).set(expenseId, expense);
    });
    await editor.saved();
    await committed(trip.id);
    await waitFor(() => (checklistsMap(editor.doc).get(listId) as DocChecklist).createdAt !== FORGED, 5000, "the server's time to reach the editor");

    const persisted = await stored(trip.id);
    const [view] = readChecklists(persisted.doc);
    expect(nearNow(view.createdAt)).toBe(true);
    expect(nearNow(view.items[0].createdAt)).toBe(true);
    const stamped = readMoney(persisted.doc).expenses[0].createdAt;
    expect(nearNow(stamped)).toBe(true);
    persisted.done();
    expect(JSON.stringify(checklistItemsMap(editor.doc).get(itemId))).toBe(JSON.stringify(checklistItemsMap(serverDoc(trip.id)).get(itemId)));

    // An edit that dates the expense back is taken, its date put back.
    expensesMap(editor.doc).set(expenseId, { ...expense, amount: 5000, createdAt: FORGED });
    await editor.saved();
    await committed(trip.id);
    await waitFor(() => (expensesMap(editor.doc).get(expenseId) as DocExpense).createdAt === stamped, 5000, 'the date to be put back');
    expect(readMoney(serverDoc(trip.id)).expenses[0]).toMatchObject({ amount: 5000, createdAt: stamped });
    expect(editor.closes).toEqual([]);
  });
});
