/**
 * The car and its range in Debian's Chromium: the owner sets an electric car in Road Settings with the keyboard
 * (its range in miles, the member's unit by the en-US browser), and where its range runs out is warned in that
 * day's header and marked on the map's route, on the owner's page and live on a viewer's, in the words the server's
 * own schedule gives. The dialog and the itinerary pass axe at 1366 and 390 px, light and dark, and fit the window.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeSchedule, orderedStops, rangeRunsOutText, readMeta } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { cutOffControls, elementsPastTheEdge } from './layoutChecks.ts';
import { screenshot } from './browser.ts';
import { tripMap, tripView } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
let owner: User;
let trip: Trip;
let ownerPage: Page;
let viewerPage: Page;

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
});
