/** Builds the web app when its build is missing or older than anything it is built from. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@caravan/engine';

/** What the bundle is made of: the web app's sources and config, and the shared code it imports. */
const INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'shared/src'];

function newestModification(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const file of fs.readdirSync(entry, { withFileTypes: true, recursive: true })) {
    if (file.isFile()) newest = Math.max(newest, fs.statSync(path.join(file.parentPath, file.name)).mtimeMs);
  }
  return newest;
}

/** True when web/dist was built after the last change to any input (`root`: the repository's folder). */
export function webBuildIsCurrent(root = repoRoot): boolean {
  const index = path.join(root, 'web', 'dist', 'index.html');
  if (!fs.existsSync(index)) return false;
  const sources = Math.max(...INPUTS.map((input) => newestModification(path.join(root, input))));
  return fs.statSync(index).mtimeMs >= sources;
}

export function ensureWebBuilt(): void {
  if (webBuildIsCurrent()) return;
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', '@caravan/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}
