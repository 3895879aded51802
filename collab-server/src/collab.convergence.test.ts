/** Collab server convergence: clients editing concurrently end on the same stops, and those are what PostgreSQL holds. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import { addStop, deleteStop, moveStop, orderedStops, updateStop } from '@caravan/shared';
import { waitFor } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, clients, tripWith, connect, serverDoc, persistedStops } = useCollabTrips();

describe('collab server: convergence', () => {
  it('gets two and ten clients to the same stops after random concurrent edits, durably', async () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(10) }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(30), to: fc.nat(10) }),
      fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(30), name: fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== '') }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(30) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(2, 10), fc.array(fc.tuple(fc.nat(9), operation), { minLength: 1, maxLength: 40 }), async (count, ops) => {
        const { owner, trip, members } = await tripWith(Array(count - 1).fill('editor'));
        const users = [owner, ...members];
        const group = await Promise.all(users.map((user) => connect(trip.id, user)));
        const added = new Set(orderedStops(group[0].doc).map((stop) => stop.id));
        const deleted = new Set<string>();
        // Edits land concurrently: nobody waits for anyone between them.
        for (const [who, op] of ops) {
          const doc = group[who % count].doc;
          const ids = orderedStops(doc).map((stop) => stop.id);
          const target = ids[('pick' in op ? op.pick : 0) % Math.max(ids.length, 1)];
          if (op.kind === 'add') {
            const id = randomUUID();
            added.add(id);
            addStop(doc, id, { name: `Stop ${added.size}` }, op.at);
          } else if (target && op.kind === 'move') moveStop(doc, target, op.to);
          else if (target && op.kind === 'rename') updateStop(doc, target, { name: op.name });
          else if (target && op.kind === 'delete') {
            deleted.add(target);
            deleteStop(doc, target);
          }
        }
        await Promise.all(group.map((client) => client.saved()));
        const sameState = (doc: Y.Doc) => Buffer.from(Y.encodeSnapshot(Y.snapshot(doc))).toString('base64');
        await waitFor(() => group.every((client) => sameState(client.doc) === sameState(serverDoc(trip.id))), 10_000, 'convergence');
        // Acknowledgements carry a state vector, which a deletion does not advance: wait for the writes themselves.
        await waitFor(() => !t.collab.rooms.get(trip.id)!.hasUnwritten, 5000, 'the last batch to commit');
        const expected = orderedStops(serverDoc(trip.id));
        expect(expected.map((stop) => stop.id).sort()).toEqual([...added].filter((id) => !deleted.has(id)).sort());
        for (const client of group) expect(orderedStops(client.doc)).toEqual(expected);
        expect(await persistedStops(trip.id)).toEqual(expected);
        const rows = await t.dataSource.query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [trip.id]);
        expect(rows.map((row: { id: string }) => row.id)).toEqual(expected.map((stop) => stop.id));
        for (const client of group) client.destroy();
        clients.length = 0;
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('keeps one stop when two clients move the same stop at once', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const [left, right] = [await connect(trip.id, owner), await connect(trip.id, members[0])];
    for (const name of ['B', 'C', 'D']) addStop(left.doc, randomUUID(), { name });
    await waitFor(() => orderedStops(right.doc).length === 4);
    const moving = orderedStops(left.doc)[0].id;
    moveStop(left.doc, moving, 3);
    moveStop(right.doc, moving, 1);
    await Promise.all([left.saved(), right.saved()]);
    await waitFor(() => orderedStops(left.doc).map((s) => s.pos).join() === orderedStops(right.doc).map((s) => s.pos).join());
    expect(orderedStops(left.doc).filter((stop) => stop.id === moving)).toHaveLength(1);
    expect(orderedStops(left.doc)).toEqual(orderedStops(right.doc));
    expect(orderedStops(left.doc)).toHaveLength(4);
  });
});
