/** Starts a test server (fresh database) for a test file and an API client for it; closes it after. */
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '@caravan/engine';
import type { RunningServer } from '../server.ts';
import { createApi } from './apiClient.ts';
import { startTestServer } from './testServer.ts';

export interface TestServer {
  server: RunningServer;
  api: ReturnType<typeof createApi>;
}

export function useTestServer(overrides: Partial<Config> = {}): TestServer {
  const context = {} as TestServer;
  beforeAll(async () => {
    context.server = await startTestServer(overrides);
    context.api = createApi(context.server);
  });
  afterAll(() => context.server?.close());
  return context;
}
