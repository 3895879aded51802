/**
 * Parts of the trip page as the browser tests find them (the trip view, the map, the add panel, the collaboration
 * panel, the live status, a toast, the stop list and its order), declared once for every test file; and the keyboard
 * drag both live-editing files make.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const tripView = (page: Page) => page.getByRole('region', { name: 'Trip view' });
export const tripMap = (page: Page) => page.getByRole('region', { name: 'Trip map' });
export const addPanel = (page: Page) => page.getByRole('region', { name: 'Add stops' });
export const collaboration = (page: Page) => page.getByRole('region', { name: 'Collaboration' });
/** Saved / Saving / Offline: the page's word on its live document. */
export const saveStatus = (page: Page) => page.getByRole('status', { name: 'Live status' });

/** Waits for a toast with exactly `text`. */
export const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true }).waitFor();

/** Closes every toast; they also fade on their own, so one may be gone (or fading) as it is reached for. */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close toast' });
  while (await close.count()) await close.first().click({ timeout: 1000 }).catch(() => undefined);
}

/**
 * Clicks the map where nothing lies over its canvas (a marker, a popup, a control), once it is drawn: on a busy
 * machine the first fit may still move the markers when a fixed point of the canvas is clicked.
 */
export async function clickBareMap(page: Page, preferred: { x: number; y: number }): Promise<void> {
  const map = tripMap(page);
  await map.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  const point = await map.locator('canvas').evaluate((canvas, first) => {
    const box = canvas.getBoundingClientRect();
    const fractions = [first, { x: 0.5, y: 0.5 }, { x: 0.2, y: 0.8 }, { x: 0.8, y: 0.2 }, { x: 0.8, y: 0.8 }, { x: 0.2, y: 0.3 }];
    return fractions
      .map(({ x, y }) => ({ x: box.left + box.width * x, y: box.top + box.height * y }))
      .find(({ x, y }) => document.elementFromPoint(x, y) === canvas);
  }, preferred);
  if (!point) throw new Error('every point tried on the map lies under something');
  await page.mouse.click(point.x, point.y);
}

/** The page's stop list, also while a dialog hides the rest of the page from assistive technology. */
export const stopList = (page: Page) => page.getByRole('list', { name: 'Stops', exact: true, includeHidden: true });

export const stopNames = (page: Page) => stopList(page).locator('.stop-name').allTextContents();

/**
 * How long a browser test gives one member's change to show on another member's open page. Live, it takes a fraction
 * of a second (bench:collab has the figure); here two Chromium pages, the servers and another test file share two
 * cores, so the test tells a live change from one seen only after a reload, not the figure.
 */
export const LIVE_MS = 3000;

/**
 * How long a browser test waits for the first answer of a heavy task (a route's proposal, a day plan): it runs in the
 * worker pool, whose thread starts with the first task, a second or two on a quiet machine but tens of seconds with two
 * Chromium pages and another test file on two cores. The page shows its progress meanwhile.
 */
export const HEAVY_FIRST_MS = 60_000;

/** Polls often: a live change from another member lands within moments. */
export const waitForNames = (page: Page, names: string[], timeout = 5000) =>
  expect.poll(() => stopNames(page), { timeout, interval: 25 }).toEqual(names);

/** Picks the stop up with the keyboard (Space on its drag handle). */
export async function pickUp(page: Page, name: string): Promise<void> {
  await stopList(page).getByRole('button', { name: `Drag to reorder ${name}` }).focus();
  await page.keyboard.press('Space');
  // The keyboard sensor listens for the other keys one task later.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Presses `key` until what `heard` reads changes (up to five tries, 2 s each): a press the keyboard sensor missed
 * (on a busy machine, before it has measured the rows) moves nothing and says nothing, so it is pressed again; a press
 * that moved is never followed by another, so a slow page is never carried past where it should go.
 */
export async function pressUntilHeard(page: Page, key: string, heard: () => Promise<unknown>): Promise<void> {
  for (let tries = 0; tries < 5; tries++) {
    const before = await heard();
    await page.keyboard.press(key);
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      if ((await heard()) !== before) return;
      await page.waitForTimeout(20);
    }
  }
}

/**
 * Picks the stop up and carries it to `toPosition` (1-based): arrow keys move it one place a press, each move
 * announced and waited for (`pressUntilHeard`). The caller drops it with Space.
 */
export async function carryWithKeyboard(page: Page, name: string, toPosition: number, total: number): Promise<void> {
  await pickUp(page, name);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const announced = page.getByText(new RegExp(`^(Picked up ${escaped}, position|${escaped} moved to position) \\d+ of ${total}\\.$`));
  const position = async () => Number((await announced.first().textContent())?.match(/position (\d+) of/)?.[1] ?? 0);
  for (let moves = 0; moves < 20; moves++) {
    const at = await position();
    if (at === toPosition) break;
    await pressUntilHeard(page, at < toPosition ? 'ArrowDown' : 'ArrowUp', position);
  }
  await page.getByText(`${name} moved to position ${toPosition} of ${total}.`).waitFor({ state: 'attached' });
}
