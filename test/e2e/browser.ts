/** Debian's Chromium driven by playwright-core, with the flags this closed network needs. */
import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { chromium, type Browser, type BrowserContext, type Download, type LaunchOptions, type Locator, type Page } from 'playwright-core';
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

/** Whether this run keeps pictures: SCREENSHOTS=1 (test-results/) or UPDATE_SCREENSHOTS=1 (the README's, in docs/). */
export function takingScreenshots(): boolean {
  return process.env.SCREENSHOTS === '1' || process.env.UPDATE_SCREENSHOTS === '1';
}

/**
 * With SCREENSHOTS=1, saves `subject` under test-results/screenshots/`name`.png: a page whole (unless
 * `fullPage` is false), a locator that element alone. With UPDATE_SCREENSHOTS=1, `docs` also refreshes the
 * README's picture docs/`name`.png (or docs/`docs`.png when it names one; of a page, the window only, to keep
 * it small). Neither set, it takes none: a whole-page picture costs a fifth of a second, and the layout walk
 * alone would take 120 of them. `name` may hold a folder: 'phone/landing'.
 */
export async function screenshot(
  subject: Page | Locator,
  name: string,
  options: { docs?: boolean | string; fullPage?: boolean } = {},
): Promise<void> {
  const isPage = 'goto' in subject;
  const save = async (file: string, whole: boolean) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await (isPage ? subject.screenshot({ path: file, fullPage: whole }) : subject.screenshot({ path: file }));
  };
  if (process.env.SCREENSHOTS === '1') await save(path.join(repoRoot, 'test-results', 'screenshots', `${name}.png`), options.fullPage ?? true);
  if (options.docs && process.env.UPDATE_SCREENSHOTS === '1') {
    await save(path.join(repoRoot, 'docs', `${options.docs === true ? name : options.docs}.png`), false);
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
