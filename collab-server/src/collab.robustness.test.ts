/** Collab server robustness and limits: bad frames close only their socket, connection caps, and unloading idle trips. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { COLLAB_CLOSE, COLLAB_LIMITS, addStop } from '@caravan/shared';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { waitFor } from './test/collabClient.ts';
import { stopNames, useCollabTrips } from './test/useCollabTrips.ts';

const { t, clients, tripWith, connect, serverDoc, rawSocket } = useCollabTrips();

describe('collab server: robustness', () => {
  it('closes only the socket that sent random bytes or a truncated message', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const healthy = await connect(trip.id, owner);
    const cookie = await t.cookieFor(members[0]);
    const valid = (() => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(serverDoc(trip.id)));
      const updates: Uint8Array[] = [];
      doc.on('update', (update: Uint8Array) => updates.push(update));
      addStop(doc, randomUUID(), { name: 'Truncated' });
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      syncProtocol.writeUpdate(encoder, updates[0]);
      return encoding.toUint8Array(encoder);
    })();
    const frames = [
      ...fc.sample(fc.uint8Array({ minLength: 1, maxLength: 64 }), 20),
      valid.slice(0, valid.length - 3),
      valid.slice(0, 4),
      Uint8Array.of(0, 2, 200, 200),
      Uint8Array.of(42),
    ];
    for (const frame of frames) {
      const { socket, close } = await rawSocket(trip.id, cookie, true);
      socket.send(frame);
      const code = await close;
      // Some random frames are valid no-ops (an empty awareness update): those sockets stay open.
      if (code !== 'open') expect([COLLAB_CLOSE.malformed, COLLAB_CLOSE.writeRefused]).toContain(code);
      socket.terminate();
    }
    addStop(healthy.doc, randomUUID(), { name: 'After the noise' });
    await healthy.saved();
    expect(stopNames(serverDoc(trip.id))).toEqual(['San Francisco', 'After the noise']);
  });

  it('closes a socket whose frame is over 1 MiB', async () => {
    const { owner, trip } = await tripWith([]);
    const { socket, close } = await rawSocket(trip.id, await t.cookieFor(owner), true);
    socket.send(new Uint8Array(1024 * 1024 + 10));
    expect(await close).toBe(1009);
  });
});

describe('collab server: limits and lifecycle', () => {
  it('refuses the 101st connection to one trip and keeps the others', async () => {
    // Five members with 20 sockets each: one account may not open more than COLLAB_LIMITS.maxSocketsPerUser.
    const { owner, trip, members } = await tripWith(['editor', 'editor', 'viewer', 'viewer']);
    const cookies = await Promise.all([owner, ...members].map((member) => t.cookieFor(member)));
    const sockets = await Promise.all(Array.from({ length: 100 }, (_, at) => rawSocket(trip.id, cookies[at % 5], true)));
    const extra = await rawSocket(trip.id, cookies[0], true);
    expect(await extra.close).toBe(COLLAB_CLOSE.tooManyConnections);
    expect(t.collab.rooms.get(trip.id)!.connections.size).toBe(100);
    for (const { socket } of sockets) socket.terminate();
  });

  it("refuses one account's trip past 20 and socket past 40, while other members join, and counts closed sockets out", async () => {
    const { maxTripsPerUser, maxSocketsPerUser } = COLLAB_LIMITS;
    const holder = await buildUser(t.dataSource);
    const trips = await Promise.all(Array.from({ length: maxTripsPerUser + 1 }, () => buildTrip(t.dataSource, holder)));
    const cookie = await t.cookieFor(holder);
    const open = await Promise.all(trips.slice(0, maxTripsPerUser).map((trip) => rawSocket(trip.id, cookie, true)));
    const lastTrip = trips[maxTripsPerUser];
    const tooManyTrips = await rawSocket(lastTrip.id, cookie, true);
    expect(await tooManyTrips.close).toBe(COLLAB_CLOSE.tooManyOpen);

    // More sockets on trips it already has open, up to 40 in all.
    const more = await Promise.all(Array.from({ length: maxSocketsPerUser - maxTripsPerUser }, () => rawSocket(trips[0].id, cookie, true)));
    const tooManySockets = await rawSocket(trips[1].id, cookie, true);
    expect(await tooManySockets.close).toBe(COLLAB_CLOSE.tooManyOpen);
    for (const socket of [...open, ...more]) expect(await socket.close).toBe('open');

    // Another member of those trips is not counted with the holder.
    const other = await buildUser(t.dataSource);
    await addMember(t.dataSource, lastTrip, other, 'viewer');
    await addMember(t.dataSource, trips[0], other, 'editor');
    expect(stopNames((await connect(lastTrip.id, other)).doc)).toEqual(['San Francisco']);
    await connect(trips[0].id, other);

    // Once one of its trips is closed, the holder may open another.
    open[1].socket.close();
    await waitFor(() => !t.collab.rooms.get(trips[1].id)?.connections.size, 3000, 'the socket to close');
    const reopened = await rawSocket(lastTrip.id, cookie, true);
    expect(await reopened.close).toBe('open');
    for (const { socket } of [...open, ...more, reopened]) socket.terminate();
  });

  it('unloads a trip once its last connection is gone and its writes are done, and answers cold joins from storage', async () => {
    process.env.COLLAB_UNLOAD_AFTER_MS = '100';
    try {
      const { owner, trip } = await tripWith([]);
      const client = await connect(trip.id, owner);
      addStop(client.doc, randomUUID(), { name: 'Before leaving' });
      await client.saved();
      client.destroy();
      clients.splice(clients.indexOf(client), 1);
      await waitFor(() => !t.collab.rooms.has(trip.id) && !t.collab.hub.loaded(trip.id), 3000, 'the room to unload');
      // Unloading folded the log into the snapshot: the next cold join reads and sends one stored value.
      const [{ rows }] = await t.dataSource.query(`SELECT count(*)::int AS rows FROM trip_doc_updates WHERE trip_id = $1`, [trip.id]);
      expect(rows).toBe(0);
      const [again, alongside] = await Promise.all([connect(trip.id, owner), connect(trip.id, owner)]);
      expect(stopNames(again.doc)).toEqual(['San Francisco', 'Before leaving']);
      expect(stopNames(alongside.doc)).toEqual(['San Francisco', 'Before leaving']);
      addStop(again.doc, randomUUID(), { name: 'After coming back' });
      await waitFor(() => stopNames(alongside.doc).length === 3);
      await again.saved();
    } finally {
      delete process.env.COLLAB_UNLOAD_AFTER_MS;
    }
  });
});
