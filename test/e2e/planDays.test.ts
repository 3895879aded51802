/**
 * "Plan my days" in Debian's Chromium, with Overpass as a local stand-in behind the real adapter: an editor opens
 * the dialog on a trip whose 14-hour drive is in a poor order, pins a stop with the keyboard and sees the drive the
 * plan cannot split said in words, unpins it and previews again: one day now and two as planned with a place to
 * sleep near the first day's end; applies it; the owner's page shows the new order live
 * and one Undo restores it for both. A suggested place is added as a stop right after the day's end. The dialog
 * passes the axe audit at 1366 and 390 px, light and dark; with SCREENSHOTS=1 its pictures go to
 * test-results/screenshots/plan-days/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, Trip } from '@caravan/engine';
import { startOverpassStandIn, type OverpassStandIn } from '@caravan/engine/test';
import { planDaysMessages as text, tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot, takingScreenshots } from './browser.ts';
import { HEAVY_FIRST_MS, stopNames, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const pinText = tripPageMessages.optimise.pin;
const config: Partial<Config> = {};
let overpass: OverpassStandIn;
// The stand-in must listen before the stack starts: its URL is the server's OVERPASS_URL.
beforeAll(async () => {
  overpass = await startOverpassStandIn();
  config.overpassUrl = overpass.url;
});
afterAll(() => overpass?.close());
const t = useTestStack(config);
const pages = useTripPages(t, { bypassCSP: true });
let trip: Trip;
/** The stops the rows mark as overnights, as both doors project them. */
const overnightRows = async () =>
  (await t.server.deps.dataSource.query(`SELECT name FROM stops WHERE trip_id = $1 AND overnight ORDER BY name`, [trip.id])).map((row: { name: string }) => row.name);
let ownerPage: Page;
let editorPage: Page;

/** After San Francisco (the trip's first stop): about 13 h to the desert, then 7 h back west to Lovelock. */
const POOR_ORDER = [
  { name: 'Great Salt Lake Desert', latitude: 40.73, longitude: -113.4 },
  { name: 'Lovelock', latitude: 40.1794, longitude: -118.4735 },
];
const POOR_NAMES = ['San Francisco', 'Great Salt Lake Desert', 'Lovelock'];
const PLANNED_NAMES = ['San Francisco', 'Lovelock', 'Great Salt Lake Desert'];

const dialog = (page: Page) => page.getByRole('dialog', { name: text.title });
const result = (page: Page) => dialog(page).getByRole('region', { name: text.resultHeading });
const dayItems = (page: Page, heading: string) => result(page).getByRole('list', { name: heading, exact: true }).getByRole('listitem');

/** The dialog's picture (SCREENSHOTS=1), the window made tall enough for all of it (a full-page picture cuts the fixed overlay at the first screen). */
async function dialogShot(page: Page, name: string) {
  if (!takingScreenshots()) return;
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 1500 });
  await dialog(page).evaluate((element) => element.scrollTo(0, 0));
  await screenshot(page, `plan-days/${name}`, { fullPage: false });
  await page.setViewportSize(viewport);
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: text.open }).focus();
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
}

async function preview(page: Page) {
  await dialog(page).getByRole('button', { name: text.preview }).focus();
  await page.keyboard.press('Enter');
  await result(page).waitFor({ timeout: HEAVY_FIRST_MS });
}

async function openAndPreview(page: Page) {
  await openDialog(page);
  await preview(page);
}

beforeAll(async () => {
  ({ ownerPage, memberPage: editorPage, trip } = await pages.openCrew('editor', { title: 'Across the Basin', stops: POOR_ORDER }));
});

describe('Plan my days', () => {
  it('says in words what a pinned stop keeps the plan from meeting, then previews two days with a place to sleep, by keyboard; axe at 1366 and 390 px, light and dark', { timeout: 120_000 }, async () => {
    await waitForNames(editorPage, POOR_NAMES);
    await screenshot(editorPage.locator('.stops-section'), 'plan-days/plan-days-button-1366');
    await openDialog(editorPage);

    // Lovelock pinned last: the 13-hour drive to the desert cannot be split, and the plan says what that misses.
    const pinLovelock = dialog(editorPage).getByRole('button', { name: `${pinText} Lovelock` });
    await pinLovelock.focus();
    await editorPage.keyboard.press('Space');
    await expect(pinLovelock.getAttribute('aria-pressed')).resolves.toBe('true');
    await preview(editorPage);
    const unmet = await result(editorPage).getByRole('list', { name: text.unmetHeading }).getByRole('listitem').allTextContents();
    expect(unmet).toEqual([
      expect.stringMatching(/^Great Salt Lake Desert is reached after the day's latest arrival on day 1 by .+\.$/),
      expect.stringMatching(/^The drive to Great Salt Lake Desert alone is over the daily limit by .+: it gets day 1 to itself\.$/),
    ]);
    expect(await dayItems(editorPage, text.afterHeading).count()).toBe(2);

    await pinLovelock.focus();
    await editorPage.keyboard.press('Space');
    await expect(result(editorPage).count()).resolves.toBe(0);
    await preview(editorPage);

    const before = await dayItems(editorPage, text.beforeHeading).allTextContents();
    const after = await dayItems(editorPage, text.afterHeading).allTextContents();
    expect(before).toHaveLength(1);
    expect(before[0]).toContain(text.dayRoute('San Francisco', 'Lovelock'));
    expect(after).toHaveLength(2);
    expect(after[0]).toContain(text.dayRoute('San Francisco', 'Lovelock'));
    expect(after[0]).toContain(text.sleepsAt('Lovelock'));
    expect(after[1]).toContain(text.dayRoute('Lovelock', 'Great Salt Lake Desert'));
    await result(editorPage).getByText(text.allMet).waitFor();
    await result(editorPage).getByRole('heading', { name: text.lodgingHeading('Lovelock') }).waitFor();
    await result(editorPage).getByRole('button', { name: text.addLabel('Wayside Motor Inn', 'Lovelock') }).waitFor();
    expect(overpass.queries.some((query) => query.includes('around:5000,40.1794,-118.4735'))).toBe(true);

    for (const colorScheme of ['light', 'dark'] as const) {
      await editorPage.emulateMedia({ colorScheme });
      for (const width of [1366, 390]) {
        await editorPage.setViewportSize({ width, height: width > 600 ? 900 : 844 });
        await expectAccessible(editorPage, `plan my days at ${width} px, ${colorScheme}`, { theme: colorScheme });
        await dialogShot(editorPage, `plan-days-${width}-${colorScheme}`);
      }
    }
    await editorPage.emulateMedia({ colorScheme: 'light' });
    await editorPage.setViewportSize({ width: 1366, height: 900 });
  });

  it('applies the plan for every member live, and one Undo restores the order', async () => {
    await dialog(editorPage).getByRole('button', { name: text.apply }).focus();
    await editorPage.keyboard.press('Enter');
    await expect.poll(() => dialog(editorPage).count()).toBe(0);
    await editorPage.getByRole('region', { name: /Notifications/ }).getByText(text.applied).waitFor();
    await waitForNames(editorPage, PLANNED_NAMES);
    await waitForNames(ownerPage, PLANNED_NAMES);
    // The day's end is where the group sleeps, written in the same change as the order.
    await expect.poll(overnightRows).toEqual(['Lovelock']);

    await editorPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForNames(editorPage, POOR_NAMES);
    await waitForNames(ownerPage, POOR_NAMES);
    await expect.poll(overnightRows).toEqual([]);
  });

  it('adds a suggested place to sleep as a stop right after the day it ends', async () => {
    await openAndPreview(editorPage);
    const add = result(editorPage).getByRole('button', { name: text.addLabel('Wayside Motor Inn', 'Lovelock') });
    await add.focus();
    await editorPage.keyboard.press('Enter');
    await expect.poll(() => add.isDisabled()).toBe(true);

    const withInn = ['San Francisco', 'Great Salt Lake Desert', 'Lovelock', 'Wayside Motor Inn'];
    await waitForNames(editorPage, withInn);
    await waitForNames(ownerPage, withInn);
    // The trip changed since the preview: Apply previews again rather than apply a plan of other stops.
    await dialog(editorPage).getByRole('button', { name: text.apply }).click();
    await dialog(editorPage).getByText(text.stale).waitFor();
    await result(editorPage).waitFor();
    expect(await stopNames(ownerPage)).toEqual(withInn);
  });
});
