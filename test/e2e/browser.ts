/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from '../../server/src/config.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Saves a screenshot under test-results/screenshots; with UPDATE_SCREENSHOTS=1, the ones marked `docs`
 * also refresh the README's pictures in docs/.
 */
export async function screenshot(page: Page, name: string, options: { docs?: boolean } = {}): Promise<void> {
  const dir = path.join(repoRoot, 'test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  if (options.docs && process.env.UPDATE_SCREENSHOTS === '1') {
    fs.mkdirSync(path.join(repoRoot, 'docs'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'docs', `${name}.png`) });
  }
}
