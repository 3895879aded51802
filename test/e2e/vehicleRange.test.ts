/**
 * The car and its range in Debian's Chromium: the owner sets an electric car in Road Settings with the keyboard
 * (its range in miles, the member's unit by the en-US browser), and where its range runs out is warned in that
 * day's header and marked on the map's route, on the owner's page and live on a viewer's, in the words the server's
 * own schedule gives. Under the warning, Find a charger searches the stretch (a stand-in Overpass with known
 * stations behind the real adapter) and offers the chargers within reach; the viewer may look, the owner adds one by
 * keyboard, and the warning clears live on both pages; the map's mark opens the same offer. Plan my days proposes
 * the chargers within reach for the run-out it cannot meet, and one Add clears it. The dialog, the itinerary and the
 * offer pass axe at 1366 and 390 px, light and dark, and fit the window; the map's mark keeps its words on the map and,
 * with its open popup, passes axe at both widths, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSchedule, orderedStops, rangeRunsOutText, readMeta, refuelsAt } from '@caravan/shared';
import type { Config, Trip, User } from '@caravan/engine';
import { startCorridorOverpassStandIn, type CorridorOverpassStandIn } from '@caravan/engine/test';
import { planDaysMessages, stationText } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { cutOffControls, elementsPastTheEdge } from './layoutChecks.ts';
import { screenshot } from './browser.ts';
import { tripMap, tripView, waitForNames } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

/** The share of the way along the straight line from San Francisco to Eureka (the estimate line the search follows). */
const onFirstLeg = (share: number) => ({ lat: 37.7749 + (40.8021 - 37.7749) * share, lon: -122.4194 + (-124.1637 + 122.4194) * share });
const charger = (id: number, name: string, share: number, tags: Record<string, string> = {}) => ({ type: 'node' as const, id, ...onFirstLeg(share), tags: { amenity: 'charging_station', name, ...tags } });

const config: Partial<Config> = {};
let overpass: CorridorOverpassStandIn;
beforeAll(async () => {
  // 320 mi with 10 % kept runs out about 97 % of the way to Eureka: the last charger is past it, the fuel is not a charger.
  overpass = await startCorridorOverpassStandIn([
    charger(1, 'Ukiah Chargers', 0.3),
    { type: 'node', id: 2, ...onFirstLeg(0.6), tags: { amenity: 'fuel', name: 'Laytonville Fuel' } },
    charger(3, 'Garberville Chargers', 0.8, { opening_hours: '24/7', 'socket:type2_combo': '4', 'socket:type2_combo:output': '150 kW' }),
    charger(4, 'Fortuna Chargers', 0.99),
    // 30 % of the way from Crescent City to Cannon Beach: within reach of a charge at Garberville.
    { type: 'node', id: 5, lat: 41.756 + (45.8918 - 41.756) * 0.3, lon: -124.2026 + (-123.9615 + 124.2026) * 0.3, tags: { amenity: 'charging_station', name: 'Gold Beach Chargers' } },
  ]);
  config.overpassUrl = overpass.url;
});
afterAll(() => overpass?.close());

const t = useTestStack(config);
const pages = useTripPages(t, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
let owner: User;
let trip: Trip;
let ownerPage: Page;
let viewerPage: Page;
/** 'Range runs out … mi after …', as the first test finds it. */
let runOutWords = '';

/** Each range mark on the map whose words run past the map's edge (a mark off the map is not asked). */
const wordsOffTheMap = (page: Page) =>
  tripMap(page).evaluate((region) => {
    const map = (region.querySelector('.maplibregl-map, .mapboxgl-map') ?? region).getBoundingClientRect();
    return [...region.querySelectorAll('.range-mark')].flatMap((mark) => {
      const sign = mark.querySelector('.range-mark-sign')!.getBoundingClientRect();
      const words = mark.querySelector('.range-mark-words')!;
      const box = words.getBoundingClientRect();
      const signOnMap = sign.left >= map.left && sign.right <= map.right;
      const off = box.left < map.left - 1 || box.right > map.right + 1;
      return signOnMap && off ? [`"${words.textContent}" spans ${Math.round(box.left)}–${Math.round(box.right)}, the map ${Math.round(map.left)}–${Math.round(map.right)}`] : [];
    });
  });

/** Up the coast from San Francisco (the trip's first stop): a night in Eureka, then on to Oregon. */
const STOPS = [
  { name: 'Eureka', latitude: 40.8021, longitude: -124.1637 },
  { name: 'Crescent City', latitude: 41.756, longitude: -124.2026 },
  { name: 'Cannon Beach', latitude: 45.8918, longitude: -123.9615 },
];

async function liveDoc() {
  return (await t.server.deps.tripDocs.open(trip.id))!.doc;
}

async function itineraryFor(user: User): Promise<Page> {
  const page = await pages.tripPage(user, trip);
  await tripView(page).getByRole('tab', { name: 'Itinerary View' }).click();
  return page;
}

beforeAll(async () => {
  const crew = await tripWithMember(t, 'viewer', { title: 'Up the Coast', stops: STOPS });
  ({ owner, trip } = crew);
  // The leg keeper gives every pair its leg (estimates: the stack has no router); the walk reads them once they are in.
  for (let waited = 0; orderedStops(await liveDoc()).filter((stop) => stop.driveLeg).length < STOPS.length; waited += 50) {
    if (waited > 20_000) throw new Error('The legs never came');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ownerPage = await itineraryFor(owner);
  viewerPage = await itineraryFor(crew.member);
});

describe('the car and its range', () => {
  it('takes an electric car by keyboard and warns where its range runs out, in the day header and on the map, live for the viewer', async () => {
    const opener = tripView(ownerPage).getByRole('button', { name: 'Road Settings' });
    await opener.focus();
    await ownerPage.keyboard.press('Enter');
    const dialog = ownerPage.getByRole('dialog', { name: 'Road Settings' });
    await dialog.waitFor();
    await dialog.getByLabel('Vehicle').focus();
    await dialog.getByLabel('Vehicle').selectOption('electric');
    const range = dialog.getByLabel('Range on a full tank or charge (mi)');
    await range.focus();
    await ownerPage.keyboard.type('3');
    await ownerPage.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('Range must be from 7 to 1,864 mi.').waitFor();
    await range.fill('');
    await range.focus();
    await ownerPage.keyboard.type('320');
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await expectAccessible(ownerPage, `road settings with a car ${width} ${colorScheme}`, { theme: colorScheme, within: dialog });
        expect(await elementsPastTheEdge(ownerPage), `road settings ${width}`).toEqual([]);
        expect(await cutOffControls(ownerPage), `road settings ${width}`).toEqual([]);
        await screenshot(dialog, `range/road-settings-${width}-${colorScheme}`);
      }
    }
    await ownerPage.setViewportSize({ width: 1366, height: 900 });
    await ownerPage.emulateMedia({ colorScheme: 'light' });
    await ownerPage.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The words the server's own walk gives: the same function the page runs.
    const doc = await liveDoc();
    expect(readMeta(doc).vehicle).toMatchObject({ kind: 'electric', reservePercent: 10, departureFillPercent: 100 });
    const stops = orderedStops(doc);
    const name = (id: string) => stops.find((stop) => stop.id === id)!.name;
    const runOuts = computeSchedule(readMeta(doc), stops).days.flatMap((day) => day.warnings.flatMap((warning) => (warning.kind === 'rangeRunsOut' ? [warning] : [])));
    expect(runOuts.length).toBeGreaterThan(0);
    const words = rangeRunsOutText(runOuts[0].kmAfter, name(runOuts[0].afterStopId), 'mi');
    expect(words).toMatch(/^Range runs out \d+ mi after /);
    runOutWords = words;
    for (const page of [ownerPage, viewerPage]) {
      await tripView(page).getByText('Arrive by 5:00 PM · Drive up to 8h 0m a day · Electric car, 320 mi range, 10% reserve').waitFor();
      await tripView(page).locator('.day-header').getByText(words, { exact: false }).first().waitFor();
      await tripMap(page).locator('.range-mark-words').getByText(words, { exact: true }).first().waitFor();
    }
    await screenshot(tripMap(ownerPage), 'range/map-mark');
  });

  it('passes axe with the warning at 1366 and 390 px, light and dark', async () => {
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await tripView(ownerPage).locator('.day-header').first().scrollIntoViewIfNeeded();
        await expectAccessible(ownerPage, `itinerary with a range warning ${width} ${colorScheme}`, { theme: colorScheme, within: tripView(ownerPage) });
        expect(await elementsPastTheEdge(ownerPage), `itinerary ${width}`).toEqual([]);
        await screenshot(tripView(ownerPage).locator('.day-header').first(), `range/day-header-${width}-${colorScheme}`);
      }
    }
  });

  it("keeps the map mark's words on the map at 1366 and 390 px", async () => {
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      await ownerPage.setViewportSize({ width, height });
      await tripMap(ownerPage).scrollIntoViewIfNeeded();
      await expect.poll(() => wordsOffTheMap(ownerPage), { message: `range mark words at ${width} px` }).toEqual([]);
      await screenshot(tripMap(ownerPage), `range/map-mark-${width}`);
    }
    // Panned so the mark sits in the map's right half, its words go to the sign's left.
    const sides = () =>
      tripMap(ownerPage).evaluate((region) => {
        const map = region.querySelector('.maplibregl-map')!.getBoundingClientRect();
        const sign = region.querySelector('.range-mark-sign')!.getBoundingClientRect();
        const words = region.querySelector('.range-mark-words')!.getBoundingClientRect();
        return { signInRightHalf: sign.left > map.left + map.width / 2 && sign.right < map.right, wordsLeftOfSign: words.right <= sign.left };
      });
    expect(await sides()).toEqual({ signInRightHalf: false, wordsLeftOfSign: false });
    await tripMap(ownerPage).locator('.maplibregl-canvas').focus();
    await ownerPage.keyboard.press('ArrowLeft');
    await expect.poll(sides).toEqual({ signInRightHalf: true, wordsLeftOfSign: true });
    expect(await wordsOffTheMap(ownerPage)).toEqual([]);
    await screenshot(tripMap(ownerPage), 'range/map-mark-390-panned');
    await ownerPage.setViewportSize({ width: 1366, height: 900 });
  });

  it('offers the chargers within reach under the warning, the viewer looks, the owner adds one by keyboard, and the warning clears for both', async () => {
    const WITH_CHARGER = ['San Francisco', 'Garberville Chargers', 'Eureka', 'Crescent City', 'Cannon Beach'];
    const offered = (page: Page) => tripView(page).locator('.station-offer-list strong').allTextContents();
    const find = (page: Page) => tripView(page).getByRole('button', { name: stationText.findLabel('electric', 'Eureka') });

    // On the map, the mark's sign opens the same offer in a popup.
    const map = tripMap(ownerPage);
    await map.getByRole('button', { name: `${runOutWords}: stations within reach` }).first().click();
    const popup = map.locator('.map-popup');
    await popup.getByRole('button', { name: stationText.findLabel('electric', 'Eureka') }).click();
    await expect.poll(() => popup.locator('.station-offer-list strong').allTextContents(), { timeout: 20_000 }).toEqual(['Ukiah Chargers', 'Garberville Chargers']);
    // The popup grew with the list after it opened: the map moved to keep it whole, at both widths.
    const popupOffTheMap = () =>
      map.evaluate((region) => {
        const box = region.querySelector('.maplibregl-map')!.getBoundingClientRect();
        const open = region.querySelector('.map-popup')!.getBoundingClientRect();
        return open.left < box.left || open.right > box.right || open.top < box.top || open.bottom > box.bottom;
      });
    // The mark and its open offer at both widths, light and dark: the itinerary's audits do not reach the map.
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await popup.scrollIntoViewIfNeeded();
        await expect.poll(popupOffTheMap, { message: `the stations' popup inside the map at ${width} px` }).toBe(false);
        await expectAccessible(ownerPage, `map range mark with its stations ${width} ${colorScheme}`, { theme: colorScheme, within: map });
        await screenshot(map, `range/map-stations-${width}-${colorScheme}`);
      }
    }
    await ownerPage.setViewportSize({ width: 1366, height: 900 });
    await ownerPage.emulateMedia({ colorScheme: 'light' });
    await popup.getByRole('button', { name: /close/i }).first().click();
    await expect.poll(() => popup.count()).toBe(0);

    await find(viewerPage).click();
    await expect.poll(() => offered(viewerPage), { timeout: 20_000 }).toEqual(['Ukiah Chargers', 'Garberville Chargers']);
    expect(await tripView(viewerPage).getByRole('button', { name: stationText.addTo('Garberville Chargers') }).count()).toBe(0);

    await find(ownerPage).focus();
    await ownerPage.keyboard.press('Enter');
    await tripView(ownerPage).getByRole('status').getByText(stationText.found(2)).waitFor({ timeout: 20_000 });
    expect(await offered(ownerPage)).toEqual(['Ukiah Chargers', 'Garberville Chargers']);
    const garberville = tripView(ownerPage).locator('.station-offer-list li').nth(1);
    expect(await garberville.textContent()).toMatch(/\d+ mi from San Francisco · \+\d+ min detour \(estimate\) · CCS · 150 kW.*Hours: 24\/7/);
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await garberville.scrollIntoViewIfNeeded();
        await expectAccessible(ownerPage, `stations offered ${width} ${colorScheme}`, { theme: colorScheme, within: tripView(ownerPage) });
        expect(await elementsPastTheEdge(ownerPage), `stations offered ${width}`).toEqual([]);
        await screenshot(tripView(ownerPage).locator('.station-offer').first(), `range/stations-${width}-${colorScheme}`);
      }
    }
    await ownerPage.setViewportSize({ width: 1366, height: 900 });
    await ownerPage.emulateMedia({ colorScheme: 'light' });

    const warned = (page: Page) => tripView(page).locator('.day-header').getByText(runOutWords, { exact: false }).count();
    expect(await warned(viewerPage)).toBe(1);
    await tripView(ownerPage).getByRole('button', { name: stationText.addTo('Garberville Chargers') }).focus();
    await ownerPage.keyboard.press('Enter');
    // A charging stop refuels by its kind: the run-out before Eureka goes for both members, live.
    for (const page of [ownerPage, viewerPage]) {
      await expect.poll(() => warned(page), { timeout: 20_000 }).toBe(0);
      await waitForNames(page, WITH_CHARGER, 20_000);
    }
    // The stored rows, once the collab server has saved the change: a charging stop is a fuel stop, refuelling by its kind (refuels unset, as the REST door leaves a stop).
    const rows = () => t.server.deps.dataSource.query(`SELECT name, kind, refuels FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [trip.id]);
    await expect.poll(async () => (await rows()).map((row: { name: string }) => row.name), { timeout: 20_000 }).toEqual(WITH_CHARGER);
    const charging = (await rows())[1];
    expect(charging).toEqual({ name: 'Garberville Chargers', kind: 'fuel', refuels: null });
    expect(refuelsAt(charging)).toBe(true);
  });

  it('has Plan my days propose the chargers within reach for a run-out it cannot meet: one Add clears it', async () => {
    // From Garberville the car does not reach Cannon Beach: Crescent City to Cannon Beach alone is near its range.
    const names = ['San Francisco', 'Garberville Chargers', 'Eureka', 'Crescent City', 'Cannon Beach'];
    const warned = () => tripView(ownerPage).locator('.day-header').getByText(/Range runs out \d+ mi after Crescent City/).count();
    await expect.poll(warned).toBe(1);
    await ownerPage.getByRole('button', { name: planDaysMessages.open }).focus();
    await ownerPage.keyboard.press('Enter');
    const dialog = ownerPage.getByRole('dialog', { name: planDaysMessages.title });
    await dialog.getByRole('button', { name: planDaysMessages.preview }).focus();
    await ownerPage.keyboard.press('Enter');
    const unmet = dialog.getByRole('list', { name: planDaysMessages.unmetHeading });
    await unmet.getByText(/Range runs out \d+ mi after Crescent City on day \d+, before reaching Cannon Beach/).waitFor({ timeout: 20_000 });
    // Offered at once, no Find to press: the chargers the car reaches from Garberville, in the order along.
    await expect.poll(() => unmet.locator('.station-offer-list strong').allTextContents(), { timeout: 20_000 }).toEqual(['Fortuna Chargers', 'Gold Beach Chargers']);
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await unmet.scrollIntoViewIfNeeded();
        await expectAccessible(ownerPage, `plan my days offering chargers ${width} ${colorScheme}`, { theme: colorScheme, within: dialog });
        expect(await cutOffControls(ownerPage), `plan my days offer ${width}`).toEqual([]);
        await screenshot(unmet, `range/plan-days-stations-${width}-${colorScheme}`);
      }
    }
    await ownerPage.setViewportSize({ width: 1366, height: 900 });
    await ownerPage.emulateMedia({ colorScheme: 'light' });

    await unmet.getByRole('button', { name: stationText.addTo('Gold Beach Chargers') }).focus();
    await ownerPage.keyboard.press('Enter');
    await unmet.getByText(/^In the trip$/).waitFor();
    await dialog.getByRole('button', { name: planDaysMessages.cancel }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const charged = [...names.slice(0, 4), 'Gold Beach Chargers', 'Cannon Beach'];
    for (const page of [ownerPage, viewerPage]) {
      await waitForNames(page, charged, 20_000);
      await expect.poll(() => tripView(page).locator('.day-header li').filter({ hasText: 'Range runs out' }).allTextContents()).toEqual([]);
    }
  });
});
