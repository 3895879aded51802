/**
 * Members' live documents for a test file on the whole stack: `online(user, tripId)` connects a real websocket Yjs
 * client through the API server, as the browser does, and waits for it to sync; every client is closed after each test.
 */
import { afterEach } from 'vitest';
import type { User } from '@caravan/engine';
import { connectClient, type TestClient } from '@caravan/collab-server/test';
import type { TestStack } from './stack.ts';

export function useLiveClients(t: TestStack): (user: User, tripId: string) => Promise<TestClient> {
  let clients: TestClient[] = [];
  afterEach(() => {
    for (const client of clients) client.destroy();
    clients = [];
  });
  return async (user, tripId) => {
    const client = connectClient(t.collabUrl, tripId, await t.cookieFor(user), { origin: t.server.deps.config.publicOrigin });
    clients.push(client);
    await client.synced();
    return client;
  };
}
