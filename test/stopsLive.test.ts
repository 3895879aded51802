import { afterEach, describe, expect, it } from 'vitest';
import { orderedStops, readMeta } from '@caravan/shared';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, waitFor, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

/** The REST door and the live door end in the same document: a change made by a call reaches open pages. */
const t = useTestStack();
let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

async function memberOnline() {
  const dataSource = t.server.deps.dataSource;
  const owner = await buildUser(dataSource);
  const viewer = await buildUser(dataSource);
  const trip = await buildTrip(dataSource, owner);
  await addMember(dataSource, trip, viewer, 'viewer');
  const client = connectClient(t.collabUrl, trip.id, await t.cookieFor(viewer), { origin: t.server.deps.config.publicOrigin });
  clients.push(client);
  await client.synced();
  return { owner, trip, client };
}

describe('stop calls reach connected members live', () => {
  it('shows a stop added with POST /trips/stops in a member\'s open document within 1 s', async () => {
    const { owner, trip, client } = await memberOnline();
    expect(orderedStops(client.doc).map((stop) => stop.name)).toEqual(['San Francisco']);
    const started = Date.now();
    const response = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Santa Cruz', latitude: 36.97, longitude: -122.03 }, { as: owner });
    expect(response.status).toBe(201);
    await waitFor(() => orderedStops(client.doc).some((stop) => stop.name === 'Santa Cruz'), 1000 - (Date.now() - started), 'the new stop');
    expect(orderedStops(client.doc).map(({ id, name }) => ({ id, name }))).toEqual([
      { id: expect.any(String), name: 'San Francisco' },
      { id: response.body.id, name: 'Santa Cruz' },
    ]);
  });

  it('shows reorder, visited and sharing changes live too', async () => {
    const { owner, trip, client } = await memberOnline();
    const added = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Carmel' }, { as: owner });
    await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: added.body.id, newOrder: 0 }, { as: owner });
    await t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: added.body.id }, { as: owner });
    await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    await waitFor(
      () => orderedStops(client.doc)[0]?.name === 'Carmel' && orderedStops(client.doc)[0].visited && readMeta(client.doc).isPublic === true,
      1000,
      'the changes',
    );
  });
});
