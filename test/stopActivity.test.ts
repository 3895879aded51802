/**
 * Both doors leave the same activity rows: the same stop story told through REST calls and through a
 * member's live document (a real websocket Yjs client, as the web app edits) ends in the same `activities`
 * rows — each add once with the stop's name, a drag's repeated moves as one entry that then notes another
 * stop's moves (the row is updated), visited and deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addStop, deleteStop, moveStop, orderedStops, readActivity, updateStop } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, waitFor, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

const t = useTestStack();
let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

interface ActivityRow {
  activityType: string;
  activityData: Record<string, unknown>;
  userId: number;
}

/** The trip's stop activity as stored, stop ids left out (each trip's stops have their own). */
async function stopActivityRows(tripId: string): Promise<ActivityRow[]> {
  const rows: ActivityRow[] = await t.server.deps.dataSource.query(
    `SELECT activity_type AS "activityType", activity_data - 'stopId' AS "activityData", user_id AS "userId"
       FROM activities WHERE trip_id = $1 AND activity_type LIKE 'stop%' ORDER BY created_at, id`,
    [tripId],
  );
  return rows;
}

const expectedStory = (owner: User): ActivityRow[] => [
  { activityType: 'stop_added', activityData: { stopName: 'Santa Cruz' }, userId: owner.id },
  { activityType: 'stop_added', activityData: { stopName: 'Carmel' }, userId: owner.id },
  { activityType: 'stop_moved', activityData: { stopName: 'Carmel', otherStops: true }, userId: owner.id },
  { activityType: 'stop_visited', activityData: { stopName: 'Carmel', visited: true }, userId: owner.id },
  { activityType: 'stop_deleted', activityData: { stopName: 'Santa Cruz' }, userId: owner.id },
];

async function tellByRest(owner: User, tripId: string) {
  const as = { as: owner };
  const santaCruz = await t.api.post('/trips/stops', { tripId, name: 'Santa Cruz', latitude: 36.97, longitude: -122.03 }, as);
  const carmel = await t.api.post('/trips/stops', { tripId, name: 'Carmel', latitude: 36.55, longitude: -121.92 }, as);
  // A drag's path: three steps of the same stop, one entry.
  for (const newOrder of [1, 0, 1]) await t.api.post('/trips/stops/reorder', { tripId, stopId: carmel.body.id, newOrder }, as);
  // Then another stop there and back: the same entry says others moved too.
  for (const newOrder of [0, 2]) await t.api.post('/trips/stops/reorder', { tripId, stopId: santaCruz.body.id, newOrder }, as);
  await t.api.post('/trips/stops/toggle-visited', { tripId, stopId: carmel.body.id }, as);
  await t.api.post('/trips/stops/delete', { tripId, stopId: santaCruz.body.id }, as);
}

async function tellLive(owner: User, tripId: string) {
  const client = connectClient(t.collabUrl, tripId, await t.cookieFor(owner), { origin: t.server.deps.config.publicOrigin });
  clients.push(client);
  await client.synced();
  const { doc } = client;
  const step = async (edit: () => void) => {
    doc.transact(edit);
    await client.saved();
  };
  const santaCruz = crypto.randomUUID();
  const carmel = crypto.randomUUID();
  await step(() => addStop(doc, santaCruz, { name: 'Santa Cruz', latitude: 36.97, longitude: -122.03 }));
  await step(() => addStop(doc, carmel, { name: 'Carmel', latitude: 36.55, longitude: -121.92 }));
  for (const newOrder of [1, 0, 1]) await step(() => moveStop(doc, carmel, newOrder));
  for (const newOrder of [0, 2]) await step(() => moveStop(doc, santaCruz, newOrder));
  await step(() => updateStop(doc, carmel, { visited: true, visitedAt: new Date().toISOString() }));
  await step(() => deleteStop(doc, santaCruz));
  // The entries reach the member's own document too (the room sends its derived change).
  await waitFor(() => readActivity(doc).filter((entry) => entry.activityType.startsWith('stop')).length === 5, 2000, 'live entries');
  expect(orderedStops(doc).map((stop) => stop.name)).toEqual(['San Francisco', 'Carmel']);
}

describe('stop activity from either door', () => {
  it('records the same rows for REST calls and live edits, each add once with its name', async () => {
    const dataSource = t.server.deps.dataSource;
    const owner = await buildUser(dataSource, { displayName: 'Maya' });
    const restTrip = await buildTrip(dataSource, owner);
    const liveTrip = await buildTrip(dataSource, owner);

    await tellByRest(owner, restTrip.id);
    await tellLive(owner, liveTrip.id);

    expect(await stopActivityRows(restTrip.id)).toEqual(expectedStory(owner));
    expect(await stopActivityRows(liveTrip.id)).toEqual(expectedStory(owner));
  });

  it('records a stop a member added offline once, when it syncs', async () => {
    const dataSource = t.server.deps.dataSource;
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const client = connectClient(t.collabUrl, trip.id, await t.cookieFor(owner), { origin: t.server.deps.config.publicOrigin });
    clients.push(client);
    await client.synced();
    client.provider.disconnect();
    client.doc.transact(() => addStop(client.doc, crypto.randomUUID(), { name: 'Big Sur' }));
    client.provider.connect();
    await client.saved();
    // Reconnecting sends the client's document again: nothing new to record.
    client.provider.disconnect();
    client.provider.connect();
    await client.synced();
    await client.saved();
    expect(await stopActivityRows(trip.id)).toEqual([
      { activityType: 'stop_added', activityData: { stopName: 'Big Sur' }, userId: owner.id },
    ]);
  });
});
