/** Legs kept current through the live door: members' edits get their legs from the server, live and durable; no member writes a leg. */
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { addStop, currentLegs, deleteStop, legPairs, legPoint, moveStop, orderedStops, stopsMap, updateStop, type DocStop } from '@caravan/shared';
import { greatCircleEstimate } from '@caravan/engine';
import { checkClientUpdate } from './permissions.ts';
import { waitFor } from './test/collabClient.ts';
import { capture, copyOf, expectRefused, serverDoc } from './test/tripDocUpdates.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, tripWith, connect, persistedStops } = useCollabTrips();

/** Whether every located stop after the first holds the estimate from the located stop before it. */
function legsFollowOrder(stops: DocStop[]): boolean {
  const legs = currentLegs(stops);
  const pairs = legPairs(stops);
  return pairs.length > 0 && pairs.every(({ from, to }) => {
    const estimate = greatCircleEstimate(from, to);
    return legs.get(to.id)?.minutes === estimate.minutes && to.estimatedDriveMinutes === estimate.minutes;
  });
}

/** An editor and the owner connected to a new trip, and the three stops the editor has just added. */
async function editorAddsThreeStops() {
  const { owner, trip, members } = await tripWith(['editor']);
  const [editor, other] = [await connect(trip.id, members[0]), await connect(trip.id, owner)];
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  addStop(editor.doc, ids[0], { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 });
  addStop(editor.doc, ids[1], { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 });
  addStop(editor.doc, ids[2], { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 });
  return { trip, editor, other, ids };
}

describe('legs through the live door', () => {
  it('derives the legs of a member’s stops and brings them to every member, then recomputes after a move', async () => {
    const { trip, editor, other, ids } = await editorAddsThreeStops();
    await waitFor(() => legsFollowOrder(orderedStops(other.doc)), 3000);
    expect(legsFollowOrder(orderedStops(editor.doc))).toBe(true);

    moveStop(editor.doc, ids[2], 1);
    await waitFor(() => orderedStops(other.doc)[1].id === ids[2] && legsFollowOrder(orderedStops(other.doc)), 3000);

    // Durable, and the projection's drive minutes follow the legs (the REST door's test checks the same).
    await t.collab.legs.idle();
    await t.collab.rooms.get(trip.id)!.flush();
    const persisted = await persistedStops(trip.id);
    expect(legsFollowOrder(persisted)).toBe(true);
    const rows: { id: string; estimated_drive_minutes: number | null }[] = await t.dataSource.query(
      'SELECT id, estimated_drive_minutes FROM stops WHERE trip_id = $1 ORDER BY stop_order',
      [trip.id],
    );
    expect(rows.map((row) => row.estimated_drive_minutes)).toEqual(persisted.map((stop) => stop.estimatedDriveMinutes ?? null));
  });

  it('lets a member undo a delete, and computes the restored stop’s leg (or a forged one) again', async () => {
    const { editor, other, ids } = await editorAddsThreeStops();
    await waitFor(() => legsFollowOrder(orderedStops(editor.doc)), 3000);

    const local = Symbol('local');
    const undo = new Y.UndoManager(stopsMap(editor.doc), { trackedOrigins: new Set([local]) });
    editor.doc.transact(() => deleteStop(editor.doc, ids[1]), local);
    await waitFor(() => orderedStops(other.doc).length === 3 && legsFollowOrder(orderedStops(other.doc)), 3000);
    undo.undo();
    await waitFor(() => orderedStops(other.doc).some((stop) => stop.id === ids[1]) && legsFollowOrder(orderedStops(other.doc)), 3000);
    expect(editor.closes).toEqual([]);

    // A new stop whose leg a member made up: let in like a restored one, then replaced by the server's.
    const forged = randomUUID();
    const lastStop = orderedStops(editor.doc).at(-1)!;
    const place = { latitude: 32.7157, longitude: -117.1611 };
    const leg = { fromStopId: lastStop.id, from: legPoint(lastStop), to: legPoint(place), minutes: 1, distanceKm: 1, source: 'osrm' as const, geometry: null };
    addStop(editor.doc, forged, { name: 'San Diego', ...place, driveLeg: leg, estimatedDriveMinutes: 1 });
    await waitFor(() => orderedStops(other.doc).some((stop) => stop.id === forged) && legsFollowOrder(orderedStops(other.doc)), 3000);
    expect(editor.closes).toEqual([]);
  });

  it('refuses a leg or a changed leg written by a member, owner included', () => {
    const server = serverDoc();
    const owner = copyOf(server);
    const leg = { fromStopId: randomUUID(), from: [1, 1], to: [2, 2], minutes: 1, distanceKm: 1, source: 'osrm', geometry: null };
    expectRefused(server, capture(owner, () => stopsMap(owner).get('00000000-0000-4000-8000-000000000061')!.set('driveLeg', leg)), 'owner', 'server-derived stop key: driveLeg');
    const editor = copyOf(server);
    expectRefused(server, capture(editor, () => stopsMap(editor).get('00000000-0000-4000-8000-000000000061')!.set('driveLeg', null)), 'editor', 'server-derived stop key: driveLeg');
    const renamer = copyOf(server);
    expect(checkClientUpdate(server, capture(renamer, () => updateStop(renamer, '00000000-0000-4000-8000-000000000061', { name: 'Fine' })), { role: 'editor' })).toMatchObject({ ok: true });
  });
});
