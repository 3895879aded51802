import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addStop, COLLAB_CLOSE, isOrderKey, moveStop, orderedStops, recordMap, stopDefaults, stopsMap } from '@caravan/shared';
import { createLogger, serverOrigin, TripDocHub } from '@caravan/engine';
import { waitFor } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, clients, tripWith, connect, serverDoc, persistedStops } = useCollabTrips();

describe('order keys over the live door', () => {
  it("refuses an editor's stop whose order key fractional-indexing cannot place beside, and keeps the trip as it was", async () => {
    const { trip, members } = await tripWith(['editor']);
    const badKeys = ['zzz', '', 'a', 'a00', 'a0!', `a${'V'.repeat(500)}`, 'A00000000000000000000000000'];
    for (const pos of badKeys) {
      const editor = await connect(trip.id, members[0]);
      const before = orderedStops(serverDoc(trip.id));
      stopsMap(editor.doc).set(randomUUID(), recordMap({ ...stopDefaults(), name: 'Carmel', pos }));
      await waitFor(() => editor.closes.length > 0, 5000, `the socket writing pos ${JSON.stringify(pos.slice(0, 8))} to close`);
      expect(editor.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
      expect(orderedStops(serverDoc(trip.id))).toEqual(before);
      editor.destroy();
      clients.splice(clients.indexOf(editor), 1);
    }
    const moved = await connect(trip.id, members[0]);
    const [stop] = orderedStops(moved.doc);
    stopsMap(moved.doc).get(stop.id)!.set('pos', 'zzz');
    await waitFor(() => moved.closes.length > 0, 5000, 'the socket moving a stop to a bad key to close');
    expect(moved.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
    expect(orderedStops(serverDoc(trip.id))[0].pos).toBe(stop.pos);

    // "a0" ends in 0 but is the library's own first key: it goes in (tied with the first stop, it sorts by id), and its row follows.
    const editor = await connect(trip.id, members[0]);
    const id = randomUUID();
    stopsMap(editor.doc).set(id, recordMap({ ...stopDefaults(), name: 'Carmel', pos: 'a0' }));
    await editor.saved();
    expect(editor.closes).toEqual([]);
    expect(orderedStops(serverDoc(trip.id)).map((s) => s.id)).toContain(id);
    const rows = await t.dataSource.query(`SELECT pos FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [trip.id]);
    expect(rows.map((row: { pos: string }) => row.pos)).toEqual(orderedStops(serverDoc(trip.id)).map((s) => s.pos));
  });

  it('lets an editor add at the end of and move within a trip holding a key stored before keys were checked', async () => {
    const { trip, members } = await tripWith(['editor']);
    const [monterey, bigSur] = [randomUUID(), randomUUID()];
    // Written as the server, past the check, before anyone opens the trip.
    await new TripDocHub(t.dataSource, createLogger('silent')).write(trip.id, serverOrigin(null), ({ doc, transact }) =>
      transact(() => {
        addStop(doc, monterey, { name: 'Monterey' });
        addStop(doc, bigSur, { name: 'Big Sur' });
        stopsMap(doc).get(monterey)!.set('pos', 'zzz');
      }),
    );
    const editor = await connect(trip.id, members[0]);
    addStop(editor.doc, randomUUID(), { name: 'Carmel' });
    moveStop(editor.doc, bigSur, 3);
    await editor.saved();
    expect(editor.closes).toEqual([]);
    const names = ['San Francisco', 'Monterey', 'Carmel', 'Big Sur'];
    expect(orderedStops(serverDoc(trip.id)).map((stop) => stop.name)).toEqual(names);
    const stored = await persistedStops(trip.id);
    expect(stored.map((stop) => stop.name)).toEqual(names);
    expect(stored.every((stop) => isOrderKey(stop.pos))).toBe(true);
  });
});
