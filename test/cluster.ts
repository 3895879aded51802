/**
 * A deployment past one machine, for a test file: several collab processes and several API processes (each its
 * own child process, as `docker compose up` runs them) over one fresh database, every API process forwarding
 * /collab/ upgrades to all the collab processes (COLLAB_URLS). Everything started is stopped after the file.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DataSource } from 'typeorm';
import { startCollabProcess, type CollabProcess } from '@caravan/collab-server';
import { connectClient, type TestClient } from '@caravan/collab-server/test';
import { createDataSource, type User } from '@caravan/engine';
import { createTestDatabase, freePort } from '@caravan/engine/test';
import { startApiProcess, type ApiProcess } from '@caravan/server';
import { sessionCookieFor } from '@caravan/server/test';

export interface Cluster {
  readonly dataSource: DataSource;
  readonly collab: CollabProcess[];
  /** The collab processes' URLs as the API processes list them (http://127.0.0.1:port). */
  readonly collabUrls: string[];
  readonly api: ApiProcess[];
  /** A member's client through `api`'s /collab/ door, synced; it reconnects quickly (300 ms at most between tries). */
  connectThrough: (api: ApiProcess, tripId: string, user: User) => Promise<TestClient>;
  /**
   * A member's client straight to the collab process at `collabUrl`, whatever the trip's ranking names (a client on
   * a stale route, or a failover window: two processes holding one trip); synced unless `synced` is false.
   */
  connectTo: (collabUrl: string, tripId: string, user: User, synced?: boolean) => Promise<TestClient>;
  /** Starts the collab process at `collabUrl` again (after a test killed it), on the same port. */
  restartCollab: (collabUrl: string) => Promise<CollabProcess>;
  /** What a collab process's /healthz says: its instance and how many trips and sockets it holds. */
  health: (collabUrl: string) => Promise<{ instance: string; rooms: number; connections: number } | null>;
}

export function useCluster(counts: { collab: number; api: number }): Cluster {
  const cluster = { collab: [] as CollabProcess[], collabUrls: [] as string[], api: [] as ApiProcess[] } as Cluster & {
    dataSource: DataSource;
  };
  const clients: TestClient[] = [];
  let common: NodeJS.ProcessEnv = {};
  let publicOrigin = '';
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    cluster.dataSource = await createDataSource(databaseUrl, 4).initialize();
    // One public origin, as behind the proxy: the collab processes admit websockets from it.
    publicOrigin = `http://localhost:${await freePort()}`;
    // CLUSTER_LOG_LEVEL=info shows what the processes log, when a cluster test needs looking into.
    common = { DATABASE_URL: databaseUrl, PUBLIC_ORIGIN: publicOrigin, LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'silent', PROVIDERS: 'offline' };
    const ports = await Promise.all(Array.from({ length: counts.collab }, () => freePort()));
    cluster.collab.push(...(await Promise.all(ports.map((port) => startCollabProcess({ ...common, COLLAB_PORT: String(port) })))));
    cluster.collabUrls.push(...ports.map((port) => `http://127.0.0.1:${port}`));
    const apiPorts = await Promise.all(Array.from({ length: counts.api }, () => freePort()));
    cluster.api.push(
      ...(await Promise.all(
        apiPorts.map((port) =>
          startApiProcess({ ...common, PORT: String(port), HOST: '127.0.0.1', COLLAB_URLS: cluster.collabUrls.join(','), HEAVY_WORK_THREADS: '1' }),
        ),
      )),
    );
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await Promise.all([...cluster.api, ...cluster.collab].map((running) => running.stop()));
    await cluster.dataSource?.destroy();
  });
  cluster.connectThrough = async (api, tripId, user) => {
    const door = `${api.url.replace('http://localhost', 'ws://127.0.0.1')}/collab`;
    const client = connectClient(door, tripId, await sessionCookieFor(cluster.dataSource, user), { origin: publicOrigin, maxBackoffTime: 300 });
    clients.push(client);
    await client.synced();
    return client;
  };
  cluster.connectTo = async (collabUrl, tripId, user, synced = true) => {
    const door = collabUrl.replace('http://', 'ws://');
    const client = connectClient(door, tripId, await sessionCookieFor(cluster.dataSource, user), { origin: publicOrigin, maxBackoffTime: 300 });
    clients.push(client);
    if (synced) await client.synced();
    return client;
  };
  cluster.restartCollab = async (collabUrl) => {
    const restarted = await startCollabProcess({ ...common, COLLAB_PORT: new URL(collabUrl).port });
    cluster.collab[cluster.collabUrls.indexOf(collabUrl)] = restarted;
    return restarted;
  };
  cluster.health = async (collabUrl) => {
    try {
      const response = await fetch(`${collabUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  };
  return cluster;
}
