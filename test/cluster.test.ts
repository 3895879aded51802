import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { addStop, deleteStop, orderedStops, updateStop } from '@caravan/shared';
import { createLogger, TripDocHub, type User } from '@caravan/engine';
import { connectClient, startEditing, waitFor, type TestClient } from '@caravan/collab-server/test';
import { rankCollabProcesses } from '@caravan/server';
import { addMember, buildTrip, buildUser, sessionCookieFor } from '@caravan/server/test';
import { useCluster } from './cluster.ts';

const cluster = useCluster({ collab: 3, api: 2 });

async function tripWithMembers(count: number): Promise<{ tripId: string; users: User[] }> {
  const owner = await buildUser(cluster.dataSource);
  const trip = await buildTrip(cluster.dataSource, owner);
  const users = [owner];
  for (let i = 1; i < count; i++) {
    const user = await buildUser(cluster.dataSource);
    await addMember(cluster.dataSource, trip, user, 'editor');
    users.push(user);
  }
  return { tripId: trip.id, users };
}

/** Members split over the API processes in turn, as a load balancer would send them. */
function connectSpread(tripId: string, users: User[]): Promise<TestClient[]> {
  return Promise.all(users.map((user, i) => cluster.connectThrough(cluster.api[i % cluster.api.length], tripId, user)));
}

/** Sockets each collab process holds, in the order of `cluster.collabUrls`. */
const socketsPerProcess = () => Promise.all(cluster.collabUrls.map(async (url) => (await cluster.health(url))?.connections ?? 0));

describe('several collab and API processes over one database', () => {
  it('sends the members of a trip who reach different API processes to the one collab process its ranking names', async () => {
    for (let trip = 0; trip < 3; trip++) {
      const { tripId, users } = await tripWithMembers(4);
      const before = await socketsPerProcess();
      const group = await connectSpread(tripId, users);
      const after = await socketsPerProcess();
      const holder = cluster.collabUrls.indexOf(rankCollabProcesses(tripId, cluster.collabUrls)[0]);
      expect(after.map((count, i) => count - before[i])).toEqual(cluster.collabUrls.map((_, i) => (i === holder ? 4 : 0)));
      for (const client of group) client.destroy();
      await expect.poll(socketsPerProcess, { timeout: 5000, interval: 50 }).toEqual(before);
    }
  }, 60_000);

  it("moves a killed process's trip to the next process in its ranking within seconds, losing no acknowledged edit", async () => {
    const { tripId, users } = await tripWithMembers(6);
    const [first, second] = rankCollabProcesses(tripId, cluster.collabUrls);
    const killed = cluster.collab[cluster.collabUrls.indexOf(first)];
    const group = await connectSpread(tripId, users);
    expect((await cluster.health(first))?.connections).toBe(6);
    const crew = startEditing(group);

    await new Promise((resolve) => setTimeout(resolve, 800));
    await waitFor(() => crew.acknowledged().length > 10, 20_000, 'edits confirmed before the crash');
    killed.child.kill('SIGKILL');
    await new Promise((resolve) => killed.child.once('exit', resolve));
    const killedAt = Date.now();
    const confirmedBeforeCrash = crew.acknowledged();

    // Every member, whichever API process it reconnects through, lands on the trip's second process.
    await expect.poll(async () => (await cluster.health(second))?.connections, { timeout: 10_000, interval: 20 }).toBe(6);
    const movedInMs = Date.now() - killedAt;
    // Under 2 s on a quiet machine (y-websocket's reconnect and the ranking's next process); up to 2.2 s was seen while
    // other test files shared the two cores. A client that waited for the dead process would take its 30 s timeout.
    expect(movedInMs).toBeLessThan(5000);
    await waitFor(() => group.every((client) => client.provider.synced), 5000, 'members synced again');

    await new Promise((resolve) => setTimeout(resolve, 700));
    await crew.stop();
    await Promise.all(group.map((client) => client.saved(15_000)));
    const live = await new TripDocHub(cluster.dataSource, createLogger('silent')).open(tripId);
    const persisted = orderedStops(live!.doc);
    const persistedIds = new Set(persisted.map((stop) => stop.id));
    expect(confirmedBeforeCrash.length).toBeGreaterThan(10);
    for (const stopId of confirmedBeforeCrash) expect(persistedIds.has(stopId)).toBe(true);
    // What was not acknowledged yet, the members still held and sent again to the next process.
    for (const stopId of crew.added) expect(persistedIds.has(stopId)).toBe(true);
    await waitFor(() => group.every((client) => orderedStops(client.doc).length === persisted.length), 10_000, 'replicas');
    for (const client of group) expect(orderedStops(client.doc)).toEqual(persisted);

    // Back again: the trip's new members go to it; the members already on the next process stay there.
    await cluster.restartCollab(first);
    // The API processes probe every 500 ms: one good probe and they send its trips to it again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const latecomer = await cluster.connectThrough(cluster.api[1], tripId, users[0]);
    expect((await cluster.health(first))?.connections).toBe(1);
    expect((await cluster.health(second))?.connections).toBe(6);
    expect(orderedStops(latecomer.doc)).toEqual(persisted);
  }, 90_000);
});

describe('a role change on a trip two collab processes hold', () => {
  const direct: TestClient[] = [];
  afterEach(() => {
    for (const client of direct.splice(0)) client.destroy();
  });

  /** The trip's stops as a fresh load and the stop rows see them. */
  async function stored(tripId: string) {
    const live = await new TripDocHub(cluster.dataSource, createLogger('silent')).open(tripId);
    const rows: Array<{ id: string; name: string }> = await cluster.dataSource.query(
      `SELECT id, name FROM stops WHERE trip_id = $1 ORDER BY stop_order`,
      [tripId],
    );
    return { doc: orderedStops(live!.doc).map(({ id, name }) => ({ id, name })), rows };
  }

  const post = async (path: string, body: object, as: User) =>
    (
      await fetch(`${cluster.api[0].url}/_api${path}`, {
        method: 'POST',
        headers: { cookie: await sessionCookieFor(cluster.dataSource, as), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).status;

  it.each([
    ['demoted to viewer', (tripId: string, editor: User, owner: User) => post('/trips/members/role', { tripId, userId: editor.id, role: 'viewer' }, owner)],
    ['removed', (tripId: string, editor: User, owner: User) => post('/trips/members/remove', { tripId, userIdToRemove: editor.id }, owner)],
  ])("keeps none of an editor's writes sent right after being %s, on the other of two processes holding the trip", async (_, change) => {
    const { tripId, users } = await tripWithMembers(2);
    const [owner, editor] = users;
    // Each on a process of its own, as in a failover window or on a stale route: both processes hold the trip.
    const up = [];
    for (const url of cluster.collabUrls) if (await cluster.health(url)) up.push(url);
    const connect = async (url: string, user: User) => {
      const client = connectClient(url.replace('http://', 'ws://'), tripId, await sessionCookieFor(cluster.dataSource, user));
      direct.push(client);
      await client.synced();
      return client;
    };
    const ownerClient = await connect(up[0], owner);
    for (const name of ['Duluth', 'Marquette']) addStop(ownerClient.doc, randomUUID(), { name });
    await ownerClient.saved();
    const stale = cluster.collab[cluster.collabUrls.indexOf(up[1])];
    const editorClient = await connect(up[1], editor);
    const before = await stored(tripId);
    const [first, second, third] = before.rows.map((row) => row.id);

    // Stopped, that process hears of the change only after the editor's writes are in its socket's buffer.
    stale.child.kill('SIGSTOP');
    try {
      expect(await change(tripId, editor, owner)).toBe(200);
      deleteStop(editorClient.doc, third);
      for (let round = 0; round < 3; round++) {
        updateStop(editorClient.doc, first, { name: `Renamed after the answer ${round}` });
        updateStop(editorClient.doc, second, { name: `Also renamed ${round}` });
        addStop(editorClient.doc, randomUUID(), { name: `Added after the answer ${round}` });
        await sleep(5);
      }
      await sleep(200);
    } finally {
      stale.child.kill('SIGCONT');
    }

    // Settled: a later write of the owner's has reached the other process too.
    await sleep(500);
    updateStop(ownerClient.doc, first, { address: 'Settled' });
    await ownerClient.saved();
    await sleep(500);
    expect(await stored(tripId)).toEqual(before);
    expect(orderedStops(ownerClient.doc).map(({ id, name }) => ({ id, name }))).toEqual(before.doc);
  }, 60_000);
});
