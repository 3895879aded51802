/**
 * Shared costs over real websockets: a viewer records and edits an expense they paid, which persists and records
 * the same activity entry the REST door records (routes/trips/costs.test.ts); one in another's name, or naming
 * someone not on the trip (as members join and leave), closes their socket and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COLLAB_CLOSE, expensesMap, moneyMessages, readMoney, type DocExpense } from '@caravan/shared';
import { createLogger, TripDocHub } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { waitFor } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, tripWith, connect } = useCollabTrips();

const fuel = (paidBy: number, createdBy = paidBy): Omit<DocExpense, 'id'> => ({
  description: 'Fuel',
  amount: 4200,
  currency: 'EUR',
  paidBy,
  createdBy,
  date: '2026-07-01',
  category: 'fuel',
  stopId: null,
  receiptPhoto: null,
  split: { kind: 'equal', parts: [{ userId: paidBy, value: 1 }] },
  rate: null,
  rateTo: null,
  // Made now: a date far from the server's clock is the server's to write (./rewrites.ts).
  createdAt: new Date().toISOString(),
});

const stored = (tripId: string) => async () => readMoney((await new TripDocHub(t.dataSource, createLogger('silent')).open(tripId))!.doc).expenses;

const activityRows = (tripId: string) =>
  t.dataSource.query(`SELECT activity_type AS type, activity_data AS data, user_id AS "userId" FROM activities WHERE trip_id = $1 AND activity_type LIKE 'expense_%' ORDER BY created_at`, [tripId]);

describe('collab server: shared costs', () => {
  it("takes a viewer's own expense and its edit, persisted, with the REST door's activity entries", async () => {
    const { trip, members: [viewer] } = await tripWith(['viewer']);
    const client = await connect(trip.id, viewer);
    const id = randomUUID();
    expensesMap(client.doc).set(id, fuel(viewer.id));
    expensesMap(client.doc).set(id, { ...fuel(viewer.id), amount: 5000 });
    // Persisted: what a fresh process loads from PostgreSQL.
    await expect.poll(stored(trip.id)).toMatchObject([{ id, amount: 5000, paidBy: viewer.id }]);
    expect(client.closes).toEqual([]);
    const data = { expenseId: id, description: 'Fuel', currency: 'EUR', category: 'fuel', paidBy: viewer.id };
    await expect.poll(() => activityRows(trip.id)).toEqual([
      { type: 'expense_added', userId: viewer.id, data: { ...data, amount: 4200 } },
      { type: 'expense_updated', userId: viewer.id, data: { ...data, amount: 5000 } },
    ]);
  });

  it("refuses a viewer's expense in the owner's name: the socket closes and nothing is kept", async () => {
    const { owner, trip, members: [viewer] } = await tripWith(['viewer']);
    const client = await connect(trip.id, viewer);
    expensesMap(client.doc).set(randomUUID(), fuel(owner.id, viewer.id));
    await waitFor(() => client.closes.length > 0);
    expect(client.closes[0]).toEqual({ code: COLLAB_CLOSE.writeRefused, reason: 'expenses entry not yours' });
    expect(expensesMap(t.collab.rooms.get(trip.id)!.doc).size).toBe(0);
  });

  it("refuses an expense naming someone not on the trip with REST's message, and follows members joining and leaving", async () => {
    const { owner, trip, members: [editor, viewer] } = await tripWith(['editor', 'viewer']);
    const newcomer = await buildUser(t.dataSource);
    const withSplit = (...userIds: number[]) => ({ ...fuel(editor.id), split: { kind: 'equal' as const, parts: userIds.map((userId) => ({ userId, value: 1 })) } });
    const kept = randomUUID();
    const client = await connect(trip.id, editor);
    expensesMap(client.doc).set(kept, withSplit(editor.id, viewer.id));
    await expect.poll(stored(trip.id)).toMatchObject([{ id: kept }]);

    // Joins while the room is open: an expense may name them at once.
    await addMember(t.dataSource, trip, newcomer, 'viewer');
    await expect.poll(() => t.collab.rooms.get(trip.id)!.members.has(newcomer.id)).toBe(true);
    const shared = randomUUID();
    expensesMap(client.doc).set(shared, withSplit(editor.id, newcomer.id));
    await expect.poll(stored(trip.id)).toHaveLength(2);

    // Leaves: their past expense stays, a new one naming them is refused and nothing of it is kept.
    await t.dataSource.query('DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2', [trip.id, viewer.id]);
    await expect.poll(() => t.collab.rooms.get(trip.id)!.members.has(viewer.id)).toBe(false);
    expensesMap(client.doc).set(randomUUID(), withSplit(owner.id, viewer.id));
    await waitFor(() => client.closes.length > 0);
    expect(client.closes[0]).toEqual({ code: COLLAB_CLOSE.writeRefused, reason: moneyMessages.notAMember });
    expect([...expensesMap(t.collab.rooms.get(trip.id)!.doc).keys()].sort()).toEqual([kept, shared].sort());
    expect((await stored(trip.id)()).map((expense) => expense.id).sort()).toEqual([kept, shared].sort());
  });
});
