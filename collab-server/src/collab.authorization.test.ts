/** Collab server authorization: who may write what, removed members and role changes, and who hears nothing at all. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { COLLAB_CLOSE, addStop, commentsMap, orderedStops, recordMap, stopsMap, updateStop } from '@caravan/shared';
import { buildUser } from '@caravan/server/test';
import { socketWithCookie, waitFor } from './test/collabClient.ts';
import { stopNames, useCollabTrips } from './test/useCollabTrips.ts';

const { t, tripWith, connect, serverDoc, persistedStops, rawSocket } = useCollabTrips();

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
