/** An embedded PostgreSQL in a temp folder for one bench run, migrated before anything uses it; `stop` removes it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes.ts';

export interface BenchDatabase {
  /** The temp folder holding the cluster (`<dataDir>/postgres`), where bench/processes.ts finds its processes. */
  dataDir: string;
  url: string;
  stop: () => Promise<void>;
}

/** Loads the server's database code only when called, so a bench's own child processes need not load it. */
export async function startBenchDatabase(folderPrefix: string): Promise<BenchDatabase> {
  const { createDataSource, runMigrations } = await import('@caravan/engine');
  const { startEmbeddedPostgres } = await import('@caravan/engine/embeddedPostgres');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'caravan_bench', persistent: false });
  const stop = async () => {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const migrator = await createDataSource(database.url, 1).initialize();
    await runMigrations(migrator);
    await migrator.destroy();
  } catch (error) {
    await stop();
    throw error;
  }
  return { dataDir, url: database.url, stop };
}
