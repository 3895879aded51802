/** A test database, the collab server on a random port, and session cookies for test users. */
import { afterAll, beforeAll } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, createLogger, type User } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import { sessionCookieFor } from '@caravan/server/test';
import { startCollabServer, type RunningCollabServer } from '../collabServer.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface CollabTestContext {
  databaseUrl: string;
  dataSource: DataSource;
  collab: RunningCollabServer;
  cookieFor: (user: User) => Promise<string>;
}

export function useCollabServer(): CollabTestContext {
  const context = {} as CollabTestContext;
  beforeAll(async () => {
    context.databaseUrl = await createTestDatabase();
    context.dataSource = await createDataSource(context.databaseUrl).initialize();
    context.collab = await startCollabServer({
      dataSource: context.dataSource,
      databaseUrl: context.databaseUrl,
      logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
      port: 0,
      host: '127.0.0.1',
      allowedOrigins: [TEST_ORIGIN],
    });
    context.cookieFor = (user) => sessionCookieFor(context.dataSource, user);
  });
  afterAll(async () => {
    await context.collab?.close();
    await context.dataSource?.destroy();
  });
  return context;
}
