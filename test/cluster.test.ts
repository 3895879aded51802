import { describe, expect, it } from 'vitest';
import { orderedStops } from '@caravan/shared';
import { createLogger, TripDocHub, type User } from '@caravan/engine';
import { startEditing, waitFor, type TestClient } from '@caravan/collab-server/test';
import { rankCollabProcesses } from '@caravan/server';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
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
