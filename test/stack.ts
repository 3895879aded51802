/**
 * The whole back end for a test file: a fresh database, the collab server and the API server in front
 * of it (forwarding /collab/ upgrades as in production), an API client and session cookies.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DataSource } from 'typeorm';
import { startCollabServer, type RunningCollabServer } from '@caravan/collab-server';
import { type Config, createDataSource, createLogger, type User } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import type { RunningServer } from '@caravan/server';
import { createApi, sessionCookieFor, startTestServer } from '@caravan/server/test';

export interface TestStack {
  server: RunningServer;
  collab: RunningCollabServer;
  api: ReturnType<typeof createApi>;
  /** A session cookie header value for `user` (a new session each call). */
  cookieFor: (user: User) => Promise<string>;
  /** ws:// base URL of the collab server as the browser sees it (through the API server). */
  collabUrl: string;
  /** The collab server's own database connections (the API server has its own). */
  collabDataSource: DataSource;
}

export function useTestStack(overrides: Partial<Config> = {}): TestStack {
  const stack = {} as TestStack;
  let collabDataSource: Awaited<ReturnType<ReturnType<typeof createDataSource>['initialize']>> | undefined;
  beforeAll(async () => {
    // A database of the file's own (read when the hook runs, so a file may set it in an earlier hook), or a fresh one.
    const databaseUrl = overrides.databaseUrl ?? (await createTestDatabase());
    collabDataSource = await createDataSource(databaseUrl, 4).initialize();
    stack.collabDataSource = collabDataSource;
    const allowedOrigins: string[] = [];
    stack.collab = await startCollabServer({
      dataSource: collabDataSource,
      databaseUrl,
      logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
      port: 0,
      host: '127.0.0.1',
      allowedOrigins,
    });
    stack.server = await startTestServer({
      ...overrides,
      databaseUrl,
      collabUrls: [stack.collab.url.replace('ws://', 'http://')],
    });
    allowedOrigins.push(stack.server.deps.config.publicOrigin, stack.server.url.replace('localhost', '127.0.0.1'));
    stack.api = createApi(stack.server);
    stack.collabUrl = `${stack.server.url.replace('http://', 'ws://')}/collab`;
    stack.cookieFor = (user) => sessionCookieFor(stack.server.deps.dataSource, user);
  });
  afterAll(async () => {
    await stack.collab?.close();
    await stack.server?.close();
    await collabDataSource?.destroy();
  });
  return stack;
}
