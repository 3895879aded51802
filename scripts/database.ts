/** The database for the scripts: DATABASE_URL, or the embedded PostgreSQL under .data/ when it is unset. */
import type { Config } from '../server/src/config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/src/db/embeddedPostgres.ts';

export async function openDatabase(config: Config): Promise<EmbeddedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  return startEmbeddedPostgres({ dataDir: config.dataDir, port });
}
