/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { chromium, type Browser, type BrowserContext, type Download, type LaunchOptions, type Page } from 'playwright-core';
import { repoRoot, type Trip, type User } from '@caravan/engine';
import type { TestStack } from '../stack.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumOptions(): LaunchOptions {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH).`);
  }
  return {
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
  };
}

/** A Chromium of its own, for a script outside the test run (the browser tests share one: sharedChromium.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions());
}

/**
 * Saves a screenshot under test-results/screenshots (the whole page, unless `fullPage` is false); with
 * UPDATE_SCREENSHOTS=1, the ones marked `docs` also refresh the README's pictures in docs/ (the window
 * only, to keep them small). `name` may hold a folder: 'phone/landing'.
 */
export async function screenshot(page: Page, name: string, options: { docs?: boolean; fullPage?: boolean } = {}): Promise<void> {
  const file = path.join(repoRoot, 'test-results', 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  if (options.docs && process.env.UPDATE_SCREENSHOTS === '1') {
    const docsFile = path.join(repoRoot, 'docs', `${name}.png`);
    fs.mkdirSync(path.dirname(docsFile), { recursive: true });
    await page.screenshot({ path: docsFile });
  }
}

/** Signs `context` in as `user`: a new session's cookie for the stack's server. */
export async function signIn(context: BrowserContext, stack: TestStack, user: User): Promise<void> {
  const [name, value] = (await stack.cookieFor(user)).split('=');
  await context.addCookies([{ name, value, url: stack.server.url }]);
}

/** Opens the trip's page and waits for its title. */
export async function openTripPage(page: Page, stack: TestStack, trip: Pick<Trip, 'id' | 'title'>): Promise<void> {
  await page.goto(`${stack.server.url}/trips/${trip.id}`);
  await page.getByRole('heading', { name: trip.title, level: 1 }).waitFor();
}

/** A download's content, read through the connection: the shared Chromium keeps its files on its side. */
export async function downloadedText(download: Download): Promise<string> {
  return text(await download.createReadStream());
}
