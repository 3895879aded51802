import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { COLLAB_CLOSE, addStop, deleteStop, orderedStops, recordMap, stopsMap, updateStop } from '@caravan/shared';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { waitFor } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, clients, connect } = useCollabTrips();

const stopRows = (tripId: string) =>
  t.dataSource.query(`SELECT id, name, visited, visited_at FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);

/** Deletes the stop and sets a new one under its id in one transaction, keeping its other fields. */
function recreate(doc: Y.Doc, stopId: string) {
  const { name, latitude, longitude, pos, createdAt } = stopsMap(doc).get(stopId)!.toJSON();
  doc.transact(() => {
    deleteStop(doc, stopId);
    stopsMap(doc).set(stopId, recordMap({ name, latitude, longitude, pos, createdAt }));
  });
}

describe('stop ids over the live door', () => {
  it("keeps a stop written under another trip's stop id in its own trip's rows, and the other trip's rows as they were", async () => {
    const owner = await buildUser(t.dataSource);
    const [mine, theirs] = [await buildTrip(t.dataSource, owner), await buildTrip(t.dataSource, await buildUser(t.dataSource))];
    const [theirStop] = await stopRows(theirs.id);
    const client = await connect(mine.id, owner);
    addStop(client.doc, theirStop.id, { name: 'Santa Cruz' });
    await client.saved();
    await waitFor(() => !t.collab.rooms.get(mine.id)!.hasUnwritten, 5000, 'the batch to commit');
    expect((await stopRows(mine.id)).map((row: { name: string }) => row.name)).toEqual(['San Francisco', 'Santa Cruz']);
    expect(await stopRows(theirs.id)).toEqual([theirStop]);
  });
});

describe("the owner's stop fields over the live door", () => {
  it('refuses an editor deleting and re-inserting a visited stop in one transaction, and lets the owner', async () => {
    const owner = await buildUser(t.dataSource);
    const editorUser = await buildUser(t.dataSource);
    const trip = await buildTrip(t.dataSource, owner);
    await addMember(t.dataSource, trip, editorUser, 'editor');
    const ownerClient = await connect(trip.id, owner);
    const stopId = orderedStops(ownerClient.doc)[0].id;
    updateStop(ownerClient.doc, stopId, { visited: true, visitedAt: '2025-06-01T10:00:00.000Z' });
    await ownerClient.saved();

    const editor = await connect(trip.id, editorUser);
    recreate(editor.doc, stopId);
    await waitFor(() => editor.closes.length > 0, 5000, 'the editor socket to close');
    expect(editor.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
    editor.destroy();
    clients.splice(clients.indexOf(editor), 1);
    const room = t.collab.rooms.get(trip.id)!;
    expect(orderedStops(room.doc)[0]).toMatchObject({ visited: true, visitedAt: '2025-06-01T10:00:00.000Z' });
    await waitFor(() => !room.hasUnwritten, 5000, 'the batch to commit');
    expect((await stopRows(trip.id))[0]).toMatchObject({ visited: true, visited_at: new Date('2025-06-01T10:00:00.000Z') });

    recreate(ownerClient.doc, stopId);
    await ownerClient.saved();
    await waitFor(() => !room.hasUnwritten, 5000, 'the batch to commit');
    expect(ownerClient.closes).toEqual([]);
    expect(orderedStops(room.doc)[0]).toMatchObject({ id: stopId, visited: false, visitedAt: null });
    expect((await stopRows(trip.id))[0]).toMatchObject({ id: stopId, visited: false, visited_at: null });
  });
});
