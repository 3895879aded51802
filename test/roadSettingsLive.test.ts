import { afterEach, describe, expect, it } from 'vitest';
import { readMeta } from '@caravan/shared';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, waitFor, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

/** The owner's road settings (POST /trips/road-settings) reach every member's open trip document live. */
const t = useTestStack();
let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

describe('road settings reach connected members live', () => {
  it('shows a new arrival time and driving limit to an editor and a viewer within 1 s', async () => {
    const dataSource = t.server.deps.dataSource;
    const [owner, editor, viewer] = await Promise.all([buildUser(dataSource), buildUser(dataSource), buildUser(dataSource)]);
    const trip = await buildTrip(dataSource, owner);
    await addMember(dataSource, trip, editor, 'editor');
    await addMember(dataSource, trip, viewer, 'viewer');
    for (const member of [editor, viewer]) {
      const client = connectClient(t.collabUrl, trip.id, await t.cookieFor(member), { origin: t.server.deps.config.publicOrigin });
      clients.push(client);
      await client.synced();
      expect(readMeta(client.doc)).toMatchObject({ arrivalTime: '17:00', dailyDriveLimitMinutes: 480 });
    }
    const started = Date.now();
    const response = await t.api.post('/trips/road-settings', { tripId: trip.id, arrivalTime: '10:15', dailyDriveLimitMinutes: 270 }, { as: owner });
    expect(response.status).toBe(200);
    for (const client of clients) {
      await waitFor(
        () => readMeta(client.doc).arrivalTime === '10:15' && readMeta(client.doc).dailyDriveLimitMinutes === 270,
        1000 - (Date.now() - started),
        'the new road settings',
      );
    }
  });
});
