import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@caravan/engine';

const run = promisify(execFile);

describe('starting the collab server', () => {
  it('loads the engine, not the REST server: no Koa among the modules its package brings in', async () => {
    // Koa is CommonJS, so loading it leaves it in require's cache, whichever way it was imported.
    const script = `
      import { createRequire } from 'node:module';
      await import('@caravan/collab-server');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify(loaded.filter((file) => /[/]node_modules[/](koa|@koa[/][^/]+)[/]/.test(file)).length));
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: repoRoot, timeout: 60_000 });
    expect(stdout.trim()).toBe('0');
  }, 90_000);
});
