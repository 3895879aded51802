import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import {
  COLLAB_CLOSE,
  addStop,
  commentsMap,
  deleteStop,
  moveStop,
  orderedStops,
  recordMap,
  stopsMap,
  updateStop,
  type PresenceState,
} from '@caravan/shared';
import { createDataSource, createLogger, serverOrigin, TripDocHub } from '@caravan/server';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, socketWithCookie, waitFor, type TestClient } from './test/collabClient.ts';
import { TEST_ORIGIN, useCollabServer } from './test/useCollabServer.ts';

const t = useCollabServer();
let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

async function tripWith(roles: Array<'editor' | 'viewer'>) {
  const owner = await buildUser(t.dataSource);
  const trip = await buildTrip(t.dataSource, owner);
  const members = [];
  for (const role of roles) {
    const user = await buildUser(t.dataSource);
    await addMember(t.dataSource, trip, user, role);
    members.push(user);
  }
  return { owner, trip, members };
}

async function connect(tripId: string, user: Parameters<typeof t.cookieFor>[0]) {
  const client = connectClient(t.collab.url, tripId, await t.cookieFor(user));
  clients.push(client);
  await client.synced();
  return client;
}

const serverDoc = (tripId: string) => t.collab.rooms.get(tripId)!.doc;
const stopNames = (doc: Y.Doc) => orderedStops(doc).map((stop) => stop.name);
const hasStops = (client: TestClient, ...names: string[]) => names.every((name) => stopNames(client.doc).includes(name));

/** The trip as a fresh process would load it from PostgreSQL. */
async function persistedStops(tripId: string) {
  const live = await new TripDocHub(t.dataSource, createLogger('silent')).open(tripId);
  return orderedStops(live!.doc);
}

describe('collab server: convergence', () => {
  it('gets two and ten clients to the same stops after random concurrent edits, durably', async () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), at: fc.nat(10) }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(30), to: fc.nat(10) }),
      fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(30), name: fc.string({ minLength: 1, maxLength: 12 }) }),
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
        clients = [];
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

describe('collab server: authorization', () => {
  it('drops both update and sync-step-2 messages from a viewer', async () => {
    const { owner, trip, members } = await tripWith(['viewer']);
    const ownerClient = await connect(trip.id, owner);
    const viewer = await connect(trip.id, members[0]);
    const before = Y.encodeStateAsUpdate(serverDoc(trip.id));

    addStop(viewer.doc, randomUUID(), { name: 'Viewer stop' });
    const crafted = new Y.Doc();
    Y.applyUpdate(crafted, before);
    addStop(crafted, randomUUID(), { name: 'Smuggled in step 2' });
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeSyncStep2(encoder, crafted, Y.encodeStateVector(serverDoc(trip.id)));
    viewer.provider.ws!.send(encoding.toUint8Array(encoder));

    // A later owner edit arriving proves the viewer's messages were processed (and dropped) before it.
    addStop(ownerClient.doc, randomUUID(), { name: 'Owner stop' });
    await waitFor(() => stopNames(serverDoc(trip.id)).includes('Owner stop'));
    await ownerClient.saved();
    expect(stopNames(serverDoc(trip.id))).toEqual(['San Francisco', 'Owner stop']);
    expect((await persistedStops(trip.id)).map((stop) => stop.name)).toEqual(['San Francisco', 'Owner stop']);
  });

  it("refuses an editor's write to visited and closes that socket with the reason", async () => {
    const { trip, members } = await tripWith(['editor']);
    const editor = await connect(trip.id, members[0]);
    const stopId = orderedStops(editor.doc)[0].id;
    stopsMap(editor.doc).get(stopId)!.set('visited', true);
    await waitFor(() => editor.closes.length > 0);
    expect(editor.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
    expect(orderedStops(serverDoc(trip.id))[0].visited).toBe(false);
  });

  it('asks a client that built on an edit the server lost for what is missing, instead of refusing it', async () => {
    const { trip, members } = await tripWith(['editor']);
    const editor = await connect(trip.id, members[0]);
    // Another member's stop the server fanned out and then lost in a crash: this client holds it, the server not.
    const elsewhere = new Y.Doc();
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(editor.doc));
    const lostStopId = randomUUID();
    elsewhere.on('update', (update: Uint8Array) => Y.applyUpdate(editor.doc, update, editor.provider));
    addStop(elsewhere, lostStopId, { name: 'Fanned out, never committed' });
    updateStop(editor.doc, lostStopId, { name: 'Renamed on top of it' });
    await editor.saved();
    expect(editor.closes).toEqual([]);
    expect(orderedStops(serverDoc(trip.id)).find((stop) => stop.id === lostStopId)?.name).toBe('Renamed on top of it');
    expect((await persistedStops(trip.id)).map((stop) => stop.id)).toContain(lostStopId);
  });

  it('refuses writes outside the stop list, even from the owner', async () => {
    const { owner, trip } = await tripWith([]);
    const client = await connect(trip.id, owner);
    commentsMap(client.doc).set(randomUUID(), recordMap({ content: 'forged' }));
    await waitFor(() => client.closes.length > 0);
    expect(client.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
    expect(commentsMap(serverDoc(trip.id)).size).toBe(0);
  });

  it('stops a member removed while connected from writing within a second', async () => {
    const { owner, trip, members } = await tripWith(['editor']);
    const ownerClient = await connect(trip.id, owner);
    const editor = await connect(trip.id, members[0]);
    await t.dataSource.query(`DELETE FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [trip.id, members[0].id]);
    const removedAt = Date.now();
    await waitFor(() => editor.closes.length > 0, 1000, 'the removed member to be disconnected');
    expect(Date.now() - removedAt).toBeLessThan(1000);
    expect(editor.closes[0].code).toBe(COLLAB_CLOSE.accessRevoked);
    addStop(editor.doc, randomUUID(), { name: 'Too late' });
    addStop(ownerClient.doc, randomUUID(), { name: 'Still fine' });
    await ownerClient.saved();
    expect(stopNames(serverDoc(trip.id))).toEqual(['San Francisco', 'Still fine']);
  });

  it('applies a role change to an open connection', async () => {
    const { trip, members } = await tripWith(['editor']);
    const editor = await connect(trip.id, members[0]);
    await t.dataSource.query(`UPDATE trip_members SET role = 'viewer' WHERE trip_id = $1 AND user_id = $2`, [trip.id, members[0].id]);
    await waitFor(() => [...t.collab.rooms.get(trip.id)!.connections].every((c) => c.role === 'viewer'), 1000);
    addStop(editor.doc, randomUUID(), { name: 'Now read-only' });
    await sleep(200);
    expect(stopNames(serverDoc(trip.id))).toEqual(['San Francisco']);
  });

  it('sends nothing of the trip to non-members, anonymous users or foreign origins', async () => {
    const { trip } = await tripWith([]);
    const stranger = await buildUser(t.dataSource);
    const cases = [
      { cookie: await t.cookieFor(stranger), code: COLLAB_CLOSE.notFound },
      { cookie: null, code: COLLAB_CLOSE.unauthenticated },
      { cookie: 'caravan_session=forged', code: COLLAB_CLOSE.unauthenticated },
    ];
    for (const { cookie, code } of cases) {
      const { messages, close } = await rawSocket(trip.id, cookie);
      expect(await close).toBe(code);
      expect(messages).toEqual([]);
    }
    const ownerCookie = await t.cookieFor((await tripWith([])).owner);
    const foreign = new (socketWithCookie(ownerCookie, 'https://evil.example'))(`${t.collab.url}/${trip.id}`);
    const refused = await new Promise<string>((resolve) => {
      foreign.on('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
      foreign.on('open', () => resolve('opened'));
      foreign.on('error', () => {});
    });
    expect(refused).toBe('403');
  });
});

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
      clients = clients.filter((other) => other !== client);
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
    const received = group.map(() => 0);
    group.forEach((client, i) =>
      client.doc.on('afterTransaction', (transaction: Y.Transaction) => {
        if (transaction.origin === client.provider) received[i]++;
      }),
    );

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
    // Commits wait at a gate, and both members' messages are read in one turn of the server's event loop.
    const { hub, rooms } = t.collab;
    const persist = hub.persist;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    hub.persist = async (...args) => {
      await gate;
      return persist.apply(hub, args);
    };
    const sockets = [...rooms.get(trip.id)!.connections].map((connection) => connection.socket);
    try {
      for (const socket of sockets) socket.pause();
      deleteStop(first.doc, doomed);
      addStop(first.doc, randomUUID(), { name: 'Added by first' });
      addStop(second.doc, randomUUID(), { name: 'Added by second' });
      await sleep(100);
      for (const socket of sockets) socket.resume();
      await waitFor(() => [first, second].every((client) => hasStops(client, 'Added by first', 'Added by second')), 2000);
      await sleep(300);
      expect(echoes.map((count) => count())).toEqual([1, 1]);
      expect(first.isSaved()).toBe(false);
      expect(second.isSaved()).toBe(false);
    } finally {
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

/** A bare websocket: what it received and how it closed ('open' if still open after a while). */
async function rawSocket(tripId: string, cookie: string | null, waitOpen = false) {
  const socket = new (socketWithCookie(cookie, TEST_ORIGIN))(`${t.collab.url}/${tripId}`);
  const messages: Uint8Array[] = [];
  let closedWith: number | null = null;
  socket.on('message', (data: Buffer) => messages.push(new Uint8Array(data)));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve((closedWith = code))));
  if (waitOpen) await new Promise((resolve) => socket.once('open', resolve));
  const close = Promise.race([
    closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1500)),
  ]).then((value) => closedWith ?? value);
  // Members get the server's greeting; that is not what these checks count.
  return { socket: socket as WebSocket, messages: waitOpen ? [] : messages, close };
}

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
