import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, orderedStops } from '@caravan/shared';
import { buildTrip, buildUser } from '@caravan/server/test';
import { connectClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

const t = useTestStack();

describe('one origin for the browser', () => {
  it('reaches the collab server through the API server and persists the edit', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const trip = await buildTrip(t.server.deps.dataSource, owner);
    const client = connectClient(t.collabUrl, trip.id, await t.cookieFor(owner), { origin: t.server.deps.config.publicOrigin });
    try {
      await client.synced();
      addStop(client.doc, randomUUID(), { name: 'Through the proxy' });
      await client.saved();
      expect(orderedStops(client.doc).map((stop) => stop.name)).toEqual(['San Francisco', 'Through the proxy']);
      const rows = await t.server.deps.dataSource.query(`SELECT name FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [trip.id]);
      expect(rows).toEqual([{ name: 'San Francisco' }, { name: 'Through the proxy' }]);
    } finally {
      client.destroy();
    }
  });
});
