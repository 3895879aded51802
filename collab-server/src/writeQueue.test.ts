import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { addStop, COLLAB_CLOSE, orderedStops } from '@caravan/shared';
import { createLogger, TripDocHub, type User } from '@caravan/engine';
import type { Connection } from './connection.ts';
import { WriteLedger } from './writeLedger.ts';
import { WriteQueue, type WriteQueueRoom } from './writeQueue.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, tripWith, persistedStops } = useCollabTrips();

/** A room with no one connected over a trip's live document, and the codes it was closed with. */
async function roomOver(tripId: string) {
  const hub = new TripDocHub(t.dataSource, createLogger('silent'));
  const live = (await hub.open(tripId))!;
  const closes: number[] = [];
  const room: WriteQueueRoom = {
    tripId,
    doc: live.doc,
    connections: new Set<Connection>(),
    closeAll: (code) => closes.push(code),
    revertWrites: () => {},
  };
  return { live, closes, queue: new WriteQueue(room, hub, createLogger('silent')) };
}

/** A writer that is no socket: its edits are made here, not recorded in its ledger. */
function writer(doc: Y.Doc, user: User): Connection {
  return { user, ledger: new WriteLedger(doc, {}) } as unknown as Connection;
}

/** The update bytes of one change to `doc`. */
function updateOf(doc: Y.Doc, change: () => void): Uint8Array {
  let update: Uint8Array | null = null;
  const keep = (bytes: Uint8Array) => (update = bytes);
  doc.on('update', keep);
  change();
  doc.off('update', keep);
  return update!;
}

describe("a room's write queue", () => {
  it("writes a member's edit and a derived change in one batch that a fresh process loads", async () => {
    const { trip, owner } = await tripWith([]);
    const { live, queue } = await roomOver(trip.id);
    const edit = updateOf(live.doc, () => addStop(live.doc, randomUUID(), { name: 'Moab' }));
    const derived = updateOf(live.doc, () => addStop(live.doc, randomUUID(), { name: 'Green River' }));
    queue.addEdit(edit, writer(live.doc, owner));
    queue.addDerived(derived);
    expect(queue.hasUnwritten).toBe(true);
    await queue.flush();
    expect(queue.hasUnwritten).toBe(false);
    expect((await persistedStops(trip.id)).map((stop) => stop.name)).toEqual(orderedStops(live.doc).map((stop) => stop.name));
  });

  it('closes the room as not found when its trip is gone, and keeps nothing to retry', async () => {
    const { trip, owner } = await tripWith([]);
    const { live, queue, closes } = await roomOver(trip.id);
    const edit = updateOf(live.doc, () => addStop(live.doc, randomUUID(), { name: 'Moab' }));
    await t.dataSource.query('DELETE FROM trips WHERE id = $1', [trip.id]);
    queue.addEdit(edit, writer(live.doc, owner));
    await queue.flush();
    expect(closes).toEqual([COLLAB_CLOSE.notFound]);
    expect(queue.hasUnwritten).toBe(false);
  });
});
