/** Collab server robustness and limits: bad frames close only their socket, connection caps, and unloading idle trips. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { COLLAB_CLOSE, addStop } from '@caravan/shared';
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
    const { owner, trip } = await tripWith([]);
    const cookie = await t.cookieFor(owner);
    const sockets = await Promise.all(Array.from({ length: 100 }, () => rawSocket(trip.id, cookie, true)));
    const extra = await rawSocket(trip.id, cookie, true);
    expect(await extra.close).toBe(COLLAB_CLOSE.tooManyConnections);
    expect(t.collab.rooms.get(trip.id)!.connections.size).toBe(100);
    for (const { socket } of sockets) socket.terminate();
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
