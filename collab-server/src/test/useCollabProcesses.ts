/**
 * Collab servers as child processes over one test database, for the tests that kill one or run two
 * (durability, live activity): start one on a port, connect a member's client to it; everything started is
 * stopped after the file.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, type User } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import { sessionCookieFor } from '@caravan/server/test';
import { startCollabProcess, type CollabProcess } from '../collabProcess.ts';
import { connectClient, type TestClient } from './collabClient.ts';

export interface CollabProcesses {
  /** The test database, ready once the file's beforeAll hooks ran. */
  readonly dataSource: DataSource;
  collabOn: (port: number) => Promise<CollabProcess>;
  /** A member's client on the server at `url`, synced; it reconnects quickly (300 ms at most between tries). */
  connectAs: (url: string, tripId: string, user: User) => Promise<TestClient>;
}

export function useCollabProcesses(): CollabProcesses {
  let databaseUrl = '';
  let dataSource: DataSource | null = null;
  const processes: CollabProcess[] = [];
  const clients: TestClient[] = [];
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    dataSource = await createDataSource(databaseUrl).initialize();
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const running of processes) await running.stop();
    await dataSource?.destroy();
  });
  return {
    get dataSource() {
      return dataSource!;
    },
    async collabOn(port) {
      const running = await startCollabProcess({ DATABASE_URL: databaseUrl, COLLAB_PORT: String(port), LOG_LEVEL: 'silent', PROVIDERS: 'offline' });
      processes.push(running);
      return running;
    },
    async connectAs(url, tripId, user) {
      const client = connectClient(url, tripId, await sessionCookieFor(dataSource!, user), { maxBackoffTime: 300 });
      clients.push(client);
      await client.synced();
      return client;
    },
  };
}
