/** The database for the scripts: DATABASE_URL, or the embedded PostgreSQL under .data/ when it is unset. */
import { type Config, SetupError } from '@caravan/engine';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@caravan/engine/embeddedPostgres';

export async function openDatabase(config: Config): Promise<EmbeddedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  try {
    return await startEmbeddedPostgres({ dataDir: config.dataDir, port });
  } catch (error) {
    // A setup problem is the person's to fix: its one sentence says how; a stack trace would bury it.
    if (!(error instanceof SetupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
