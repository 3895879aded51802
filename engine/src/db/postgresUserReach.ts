/**
 * Run as root, the embedded PostgreSQL runs as the `postgres` user: whatever it must reach (its binaries, its
 * data) lives where every user can enter, under /var/lib/caravan when the checkout sits in a private folder.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SHARED_ROOT = '/var/lib/caravan';

/** A setup problem the person starting Caravan fixes; its message says how, so scripts print it alone. */
export class SetupError extends Error {}

export function runsAsPostgresUser(): boolean {
  return process.getuid?.() === 0;
}

/** Whether a user with no rights of its own (like `postgres`) can enter the folder: "others" may search every ancestor. */
export function everyoneCanEnter(directory: string): boolean {
  for (let current = directory; ; current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
    if (current === path.dirname(current)) return true;
  }
}

/** The shared root, created if missing; a SetupError saying what to do when the `postgres` user cannot have it. */
export function sharedRoot(unreachable: string, root = SHARED_ROOT): string {
  try {
    fs.mkdirSync(root, { recursive: true, mode: 0o755 });
    fs.accessSync(root, fs.constants.W_OK);
    if (everyoneCanEnter(root)) return root;
  } catch (error) {
    throw cannotShare(unreachable, root, error);
  }
  throw cannotShare(unreachable, root, undefined);
}

export function cannotShare(unreachable: string, root: string, error: unknown): SetupError {
  const reason = (error as NodeJS.ErrnoException | undefined)?.code ?? 'not enterable by every user';
  return new SetupError(
    `The embedded PostgreSQL runs as the postgres user, who cannot enter ${unreachable}, and ${root} is not usable instead (${reason}): set DATABASE_URL to a PostgreSQL server, or move the checkout to a folder every user can enter.`,
  );
}
