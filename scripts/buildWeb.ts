/** Builds the web app when its build is missing or older than its sources. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@caravan/engine';

function newestModification(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function ensureWebBuilt(): void {
  const web = path.join(repoRoot, 'web');
  const index = path.join(web, 'dist', 'index.html');
  const sources = Math.max(newestModification(path.join(web, 'src')), fs.statSync(path.join(web, 'index.html')).mtimeMs);
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', '@caravan/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
}
