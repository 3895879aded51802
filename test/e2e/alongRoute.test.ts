/**
 * "Along the route" in Debian's Chromium, with a stand-in Overpass holding known places behind the real adapter: an
 * editor opens the search by keyboard on a trip from San Francisco through Sacramento to Reno, adds EV charging and
 * searches; the places come in route order with their leg and detour; Add puts the fuel station inside the first
 * leg, live on the owner's page, and one Undo takes it out for both. From the Sacramento row the search opens on that
 * leg alone. With Overpass down, it says the search needs a connection and shows what was found before, with its
 * age; with no connection to the server at all, the answer the browser kept for the same search. The dialog passes the axe audit at 1366 and 390 px, light and dark; with SCREENSHOTS=1 its pictures go to
 * test-results/screenshots/along-route/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@caravan/engine';
import { answerWith, startCorridorOverpassStandIn, type CorridorOverpassStandIn } from '@caravan/engine/test';
import { corridorText as text, tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot, takingScreenshots } from './browser.ts';
import { HEAVY_FIRST_MS, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const config: Partial<Config> = {};
let overpass: CorridorOverpassStandIn;
beforeAll(async () => {
  overpass = await startCorridorOverpassStandIn([
    // Beside the straight line from San Francisco to Sacramento, and from Sacramento to Reno.
    { type: 'node', id: 1, lat: 38.19, lon: -121.95, tags: { amenity: 'fuel', name: 'Vacaville Fuel', opening_hours: '24/7' } },
    { type: 'node', id: 2, lat: 39.07, lon: -120.65, tags: { amenity: 'charging_station', name: 'Foresthill Chargers', 'socket:type2_combo': '6', 'socket:type2_combo:output': '150 kW' } },
  ]);
  config.overpassUrl = overpass.url;
});
afterAll(() => overpass?.close());
const t = useTestStack(config);
const pages = useTripPages(t, { bypassCSP: true });
let ownerPage: Page;
let editorPage: Page;

const STOPS = [
  { name: 'Sacramento', latitude: 38.58, longitude: -121.49 },
  { name: 'Reno', latitude: 39.53, longitude: -119.81 },
];
const NAMES = ['San Francisco', 'Sacramento', 'Reno'];

const dialog = (page: Page) => page.getByRole('dialog', { name: text.title });
const results = (page: Page) => dialog(page).getByRole('region', { name: text.results });
const resultNames = (page: Page) => results(page).locator('.corridor-place strong').allTextContents();

/** The dialog's picture (SCREENSHOTS=1), the window made tall enough for all of it. */
async function dialogShot(page: Page, name: string) {
  if (!takingScreenshots()) return;
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 1400 });
  await dialog(page).evaluate((element) => element.scrollTo(0, 0));
  await screenshot(page, `along-route/${name}`, { fullPage: false });
  await page.setViewportSize(viewport);
}

async function press(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}

async function search(page: Page) {
  await press(page, dialog(page).getByRole('button', { name: text.search, exact: true }));
  await dialog(page).getByRole('status').getByText(/along the route\.$/).waitFor({ timeout: HEAVY_FIRST_MS });
}

beforeAll(async () => {
  ({ ownerPage, memberPage: editorPage } = await pages.openCrew('editor', { title: 'Over the Sierra', stops: STOPS }));
});

describe('Along the route', () => {
  it('finds fuel and charging in route order with leg and detour, by keyboard; axe at 1366 and 390 px, light and dark', { timeout: 120_000 }, async () => {
    await waitForNames(editorPage, NAMES);
    await press(editorPage, editorPage.getByRole('button', { name: text.open, exact: true }));
    await dialog(editorPage).waitFor();
    await press(editorPage, dialog(editorPage).getByRole('checkbox', { name: 'EV charging' }), 'Space');
    await dialog(editorPage).getByRole('group', { name: text.charging }).waitFor();
    await search(editorPage);
    expect(await resultNames(editorPage)).toEqual(['Vacaville Fuel', 'Foresthill Chargers']);
    const items = await results(editorPage).getByRole('listitem').allTextContents();
    expect(items[0]).toContain(text.onLeg('San Francisco', 'Sacramento'));
    expect(items[0]).toContain(text.hours('24/7'));
    expect(items[0]).toMatch(/\+\d+ min detour \(estimate\)/);
    expect(items[1]).toContain(text.onLeg('Sacramento', 'Reno'));
    expect(items[1]).toContain('CCS · 150 kW');
    // One request per leg's piece, every category in it.
    expect(overpass.queries).toHaveLength(2);

    for (const colorScheme of ['light', 'dark'] as const) {
      await editorPage.emulateMedia({ colorScheme });
      for (const width of [1366, 390]) {
        await editorPage.setViewportSize({ width, height: width > 600 ? 900 : 844 });
        await expectAccessible(editorPage, `along the route at ${width} px, ${colorScheme}`, { theme: colorScheme });
        await dialogShot(editorPage, `along-route-${width}-${colorScheme}`);
      }
    }
    await editorPage.emulateMedia({ colorScheme: 'light' });
    await editorPage.setViewportSize({ width: 1366, height: 900 });
  });

  it('adds a place inside its leg, live for every member, and one Undo takes it out', async () => {
    await press(editorPage, results(editorPage).getByRole('button', { name: text.addTo('Vacaville Fuel') }));
    await results(editorPage).getByText(text.inTrip).waitFor();
    const withFuel = ['San Francisco', 'Vacaville Fuel', 'Sacramento', 'Reno'];
    await waitForNames(editorPage, withFuel);
    await waitForNames(ownerPage, withFuel);
    await press(editorPage, dialog(editorPage).getByRole('button', { name: text.close }));
    await expect.poll(() => dialog(editorPage).count()).toBe(0);
    await press(editorPage, editorPage.getByRole('button', { name: tripPageMessages.undo, exact: true }));
    await waitForNames(editorPage, NAMES);
    await waitForNames(ownerPage, NAMES);
  });

  it('opens on one leg from a stop', async () => {
    await press(editorPage, editorPage.getByRole('button', { name: text.openFrom('Sacramento') }));
    await dialog(editorPage).waitFor();
    await expect(dialog(editorPage).getByRole('combobox', { name: text.stretch }).inputValue()).resolves.not.toBe('');
    await search(editorPage);
    expect(await resultNames(editorPage)).toEqual([]);
    await press(editorPage, dialog(editorPage).getByRole('checkbox', { name: 'EV charging' }), 'Space');
    await search(editorPage);
    // The notice of the search before matches too: wait for the new answer's places.
    await expect.poll(() => resultNames(editorPage)).toEqual(['Foresthill Chargers']);
    await press(editorPage, dialog(editorPage).getByRole('button', { name: text.close }));
  });

  it('says it needs a connection when Overpass is down, and shows what it found before with its age', async () => {
    overpass.reply = answerWith(503, '{"remark":"overloaded"}');
    await press(editorPage, editorPage.getByRole('button', { name: text.open, exact: true }));
    await press(editorPage, dialog(editorPage).getByRole('checkbox', { name: 'Toilets' }), 'Space');
    await search(editorPage);
    const notice = dialog(editorPage).getByRole('status');
    await notice.getByText(text.needsConnection).waitFor();
    await notice.getByText(/^Showing places found (a minute|\d+ minutes) ago\.$/).waitFor();
    expect(await resultNames(editorPage)).toEqual(['Vacaville Fuel']);
  });

  it('shows the answer this browser kept when it cannot reach the server at all', async () => {
    // A fresh dialog: nothing shown until the search answers.
    await press(editorPage, dialog(editorPage).getByRole('button', { name: text.close }));
    await press(editorPage, editorPage.getByRole('button', { name: text.open, exact: true }));
    await press(editorPage, dialog(editorPage).getByRole('checkbox', { name: 'Toilets' }), 'Space');
    await editorPage.context().setOffline(true);
    try {
      await press(editorPage, dialog(editorPage).getByRole('button', { name: text.search, exact: true }));
      await results(editorPage).waitFor();
      const notice = dialog(editorPage).getByRole('status');
      await notice.getByText(text.needsConnection).waitFor();
      await notice.getByText(/^Showing places found (a minute|\d+ minutes) ago\.$/).waitFor();
      expect(await resultNames(editorPage)).toEqual(['Vacaville Fuel']);
      await expect(dialog(editorPage).getByRole('alert').count()).resolves.toBe(0);
    } finally {
      await editorPage.context().setOffline(false);
    }
  });
});
