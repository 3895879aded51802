/**
 * `npm test` builds the web app only when web/dist is older than what it is built from: after `npm start`
 * built it there is no second build, and a change to the web app or to the shared code it bundles rebuilds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsCurrent } from '../scripts/buildWeb.ts';

let root: string;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

function write(file: string, time: Date): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, '');
  fs.utimesSync(full, time, time);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-web-build-'));
  for (const file of ['web/src/main.tsx', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'shared/src/index.ts']) write(file, at(0));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('whether the web app needs a build', () => {
  it('needs one when there is no build yet', () => {
    expect(webBuildIsCurrent(root)).toBe(false);
  });

  it('needs none when the build is newer than every source', () => {
    write('web/dist/index.html', at(10));
    expect(webBuildIsCurrent(root)).toBe(true);
  });

  it.each(['web/src/features/page.tsx', 'web/index.html', 'web/public/sw.js', 'web/vite.config.ts', 'shared/src/domain/stats.ts'])(
    'needs one after %s changed',
    (file) => {
      write('web/dist/index.html', at(10));
      write(file, at(20));
      expect(webBuildIsCurrent(root)).toBe(false);
    },
  );
});
