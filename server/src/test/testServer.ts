/**
 * Starts the real API server on a random port over a fresh database (or the given one), for tests: with
 * PROVIDERS=offline, so no test asks a public service (a test wanting auto mode sets `providers` and its stand-ins' URLs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, createLogger, loadConfig } from '@caravan/engine';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabase } from '@caravan/engine/test';

export async function startTestServer(overrides: Partial<Config> = {}): Promise<RunningServer> {
  const databaseUrl = overrides.databaseUrl ?? (await createTestDatabase());
  // Uploads and the mail outbox go to a throwaway folder, never the developer's .data/; closing removes it.
  const ownDataDir = overrides.dataDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-test-data-'));
  const dataDir = overrides.dataDir ?? ownDataDir!;
  // No history sweep of its own: a version taken mid-test would change the log under a test's snapshot; tests sweep with their clock.
  const config: Config = { ...loadConfig({ PROVIDERS: 'offline' }), port: 0, host: '127.0.0.1', dataDir, historySweep: false, ...overrides };
  if (!overrides.publicOrigin) config.publicOrigin = 'http://localhost';
  const server = await startServer(config, databaseUrl, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'));
  if (!overrides.publicOrigin) server.deps.config.publicOrigin = server.url;
  if (!ownDataDir) return server;
  return {
    ...server,
    close: async () => {
      await server.close();
      fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
