/**
 * The whole back end for a test file: a fresh database, the collab server and the API server in front
 * of it (forwarding /collab/ upgrades as in production), an API client and session cookies.
 */
import { afterAll, beforeAll } from 'vitest';
import { startCollabServer, type RunningCollabServer } from '../collab-server/src/collabServer.ts';
import { sessionCreator } from '../server/src/commands/sessionCreator.ts';
import type { Config } from '../server/src/config.ts';
import { createDataSource } from '../server/src/db/dataSource.ts';
import type { User } from '../server/src/entities/user.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { SESSION_COOKIE } from '../server/src/lib/sessionCookie.ts';
import type { RunningServer } from '../server/src/server.ts';
import { createApi } from '../server/src/test/apiClient.ts';
import { createTestDatabase } from '../server/src/test/testDatabase.ts';
import { startTestServer } from '../server/src/test/testServer.ts';

export interface TestStack {
  server: RunningServer;
  collab: RunningCollabServer;
  api: ReturnType<typeof createApi>;
  /** A session cookie header value for `user` (a new session each call). */
  cookieFor: (user: User) => Promise<string>;
  /** ws:// base URL of the collab server as the browser sees it (through the API server). */
  collabUrl: string;
}

export function useTestStack(overrides: Partial<Config> = {}): TestStack {
  const stack = {} as TestStack;
  let collabDataSource: Awaited<ReturnType<ReturnType<typeof createDataSource>['initialize']>> | undefined;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    collabDataSource = await createDataSource(databaseUrl, 4).initialize();
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
      collabUrl: stack.collab.url.replace('ws://', 'http://'),
    });
    allowedOrigins.push(stack.server.deps.config.publicOrigin, stack.server.url.replace('localhost', '127.0.0.1'));
    stack.api = createApi(stack.server);
    stack.collabUrl = `${stack.server.url.replace('http://', 'ws://')}/collab`;
    stack.cookieFor = async (user) =>
      `${SESSION_COOKIE}=${await sessionCreator(stack.server.deps.dataSource, { userId: user.id })}`;
  });
  afterAll(async () => {
    await stack.collab?.close();
    await stack.server?.close();
    await collabDataSource?.destroy();
  });
  return stack;
}
