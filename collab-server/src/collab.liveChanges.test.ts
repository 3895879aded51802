/** Collab server fan-out: REST-side changes arrive live, one merged message per turn, acks after commit, presence identity. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as syncProtocol from 'y-protocols/sync';
import { addStop, deleteStop, stopsMap, updateStop, type PresenceState } from '@caravan/shared';
import { createDataSource, createLogger, serverOrigin, TripDocHub } from '@caravan/engine';
import { waitFor, type TestClient } from './test/collabClient.ts';
import { hasStops, stopNames, useCollabTrips } from './test/useCollabTrips.ts';

const { t, tripWith, connect, persistedStops } = useCollabTrips();

describe('collab server: live changes from elsewhere and presence', () => {
  it('brings a REST-side (server-origin) change to a connected client live', async () => {
    const { owner, trip } = await tripWith([]);
    const client = await connect(trip.id, owner);
    const restProcess = await createDataSource(t.databaseUrl, 2).initialize();
    try {
      const hub = new TripDocHub(restProcess, createLogger('silent'));
      await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
        transact(() => addStop(doc, randomUUID(), { name: 'Added over REST' })),
      );
      await waitFor(() => stopNames(client.doc).includes('Added over REST'), 2000);
    } finally {
      await restProcess.destroy();
    }
  });

  it('sends updates applied in the same turn as one message to each member, and a sole writer nothing back', async () => {
    const { owner, trip, members } = await tripWith(['editor', 'editor']);
    const group = [await connect(trip.id, owner), await connect(trip.id, members[0]), await connect(trip.id, members[1])];
    const [first, second, third] = group;
    const [x, y] = [randomUUID(), randomUUID()];
    addStop(first.doc, x, { name: 'X' });
    addStop(first.doc, y, { name: 'Y' });
    await first.saved();
    await waitFor(() => stopNames(third.doc).length === 3);
    const room = t.collab.rooms.get(trip.id)!;
    const connectionOf = (userId: number) => [...room.connections].find((connection) => connection.user.id === userId)!;
    // Members' renames as their connections hand them to the document, in one turn of the event loop.
    const renamed = (id: string, name: string) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(room.doc));
      const before = Y.encodeStateVector(doc);
      updateStop(doc, id, { name });
      return Y.encodeStateAsUpdate(doc, before);
    };
    // Messages that carry stop changes: a rename's activity entry follows on its own once the batch commits.
    const received = group.map(() => 0);
    group.forEach((client, i) => {
      const stops = stopsMap(client.doc) as unknown as Y.AbstractType<Y.YEvent<any>>;
      client.doc.on('afterTransaction', (transaction: Y.Transaction) => {
        if (transaction.origin === client.provider && transaction.changedParentTypes.has(stops)) received[i]++;
      });
    });

    // Two writers: everyone gets the one merged message (a writer's own part adds nothing to its document).
    Y.applyUpdate(room.doc, renamed(x, 'X by first'), connectionOf(owner.id));
    Y.applyUpdate(room.doc, renamed(y, 'Y by second'), connectionOf(members[0].id));
    for (const client of group) await waitFor(() => hasStops(client, 'X by first', 'Y by second'), 2000);
    expect(received).toEqual([1, 1, 1]);

    // One writer: the others get it, the writer nothing.
    Y.applyUpdate(room.doc, renamed(x, 'X again by first'), connectionOf(owner.id));
    await waitFor(() => hasStops(second, 'X again by first') && hasStops(third, 'X again by first'), 2000);
    await sleep(100);
    expect(stopNames(first.doc)).not.toContain('X again by first');
    expect(received).toEqual([1, 2, 2]);
  });

  it('keeps writers whose edits shared a turn saving until their commit, though each got its own back', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const [first, second] = [await connect(trip.id, owner), await connect(trip.id, members[0])];
    const doomed = randomUUID();
    addStop(first.doc, doomed, { name: 'Deleted by first' });
    await first.saved();
    await waitFor(() => stopNames(second.doc).includes('Deleted by first'));
    const echoes = [first, second].map(countOwnStructsReceived);
    // Commits wait at a gate, and the fan-out waits until all three writes (first's two transactions arrive as
    // two messages) are in it: one turn for both members, however the sockets' reads happen to fall under load.
    const { hub, rooms } = t.collab;
    const persist = hub.persist;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    hub.persist = async (...args) => {
      await gate;
      return persist.apply(hub, args);
    };
    const room = rooms.get(trip.id)!;
    const fanOut = room['fanOut'];
    const allWritten = () => {
      const names = stopNames(room.doc);
      return names.includes('Added by first') && names.includes('Added by second') && !names.includes('Deleted by first');
    };
    room['fanOut'] = () => (allWritten() ? fanOut() : setImmediate(room['fanOut']));
    try {
      deleteStop(first.doc, doomed);
      addStop(first.doc, randomUUID(), { name: 'Added by first' });
      addStop(second.doc, randomUUID(), { name: 'Added by second' });
      await waitFor(() => [first, second].every((client) => hasStops(client, 'Added by first', 'Added by second')), 2000);
      await sleep(300);
      expect(echoes.map((count) => count())).toEqual([1, 1]);
      expect(first.isSaved()).toBe(false);
      expect(second.isSaved()).toBe(false);
    } finally {
      room['fanOut'] = fanOut;
      hub.persist = persist;
      open();
    }
    await Promise.all([first.saved(), second.saved()]);
    const persisted = (await persistedStops(trip.id)).map((stop) => stop.name);
    expect(persisted).toEqual(expect.arrayContaining(['Added by first', 'Added by second']));
    expect(persisted).not.toContain('Deleted by first');
  });

  it('sets each member\'s presence identity on the server', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const ownerClient = await connect(trip.id, owner);
    const editor = await connect(trip.id, members[0]);
    editor.provider.awareness.setLocalState({ user: { id: owner.id, name: 'Impostor' }, dragging: 'stop-1' });
    const seen = () =>
      [...ownerClient.provider.awareness.getStates().values()].find((state) => (state as PresenceState).dragging === 'stop-1') as
        | PresenceState
        | undefined;
    await waitFor(() => seen() !== undefined, 2000);
    expect(seen()!.user).toEqual({ id: members[0].id, name: members[0].displayName, avatarUrl: null });
  });
});

/** Counts the update messages a client received that carry structs of its own (its writes sent back). */
function countOwnStructsReceived(client: TestClient): () => number {
  let count = 0;
  const handle = client.provider.messageHandlers[0];
  client.provider.messageHandlers[0] = (encoder, decoder, provider, emitSynced, type) => {
    const peek = decoding.clone(decoder);
    if (decoding.readVarUint(peek) === syncProtocol.messageYjsUpdate) {
      const { structs } = Y.decodeUpdate(decoding.readVarUint8Array(peek));
      if (structs.some((struct) => struct.id.client === client.doc.clientID)) count++;
    }
    handle(encoder, decoder, provider, emitSynced, type);
  };
  return () => count;
}
