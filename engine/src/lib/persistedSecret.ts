/**
 * A random secret the server makes at first start (`make`, a random token by default) and keeps in a file only its
 * owner may read (mode 0600).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens.ts';

export function persistedSecret(file: string, make: () => string = () => randomToken()): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under another name, then linked into place: a second process starting at once, or a crash
    // halfway, never leaves an empty or half-written secret, and the first secret linked wins.
    const staging = `${file}.${randomToken(6)}`;
    fs.writeFileSync(staging, make(), { mode: 0o600 });
    try {
      fs.linkSync(staging, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(staging, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}
