/**
 * Road legs on the web, in Debian's Chromium: the server's leg keeper gives located stops their legs
 * with nobody asking, and a reorder gets new ones; road legs written into the live trip document show at
 * once for the owner and a viewer — drive badges, the over-limit badge, Itinerary Stats' totals, the Edit
 * Stop estimate and the map's route key; bucket-list mode draws no line; 'Open route in Google Maps' gives
 * the whole route and one link per planned day; and what this adds passes axe at 1366 and 390 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dayDirections,
  formatDuration,
  metaMap,
  orderedStops,
  routeDirections,
  updateStop,
  type TTripDetail,
} from '@caravan/shared';
import { greatCircleEstimate, serverOrigin, type Trip, type User } from '@caravan/engine';
import { writeLegs, type LegPlan } from '../roadLegs.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { COAST_STOPS } from './coastStops.ts';
import { tripMap, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let owner: User;
let trip: Trip;
let ownerPage: Page;
let viewerPage: Page;

/** The first legs: a road, an estimate, and a road longer than the default 8 h limit. */
const FIRST_LEGS: LegPlan[] = [
  { minutes: 130, distanceKm: 190.2, source: 'osrm' },
  { minutes: 45, distanceKm: 40.1, source: 'great-circle' },
  { minutes: 540, distanceKm: 480.5, source: 'osrm', points: 300 },
];

/** A server-origin write into the live document, as the leg keeper makes it. */
const serverWrite = (change: (doc: Parameters<typeof writeLegs>[0]) => void) =>
  t.server.deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => change(doc)));

async function details(): Promise<TTripDetail> {
  const response = await t.api.post<TTripDetail>('/trips/details', { tripId: trip.id }, { as: owner });
  expect(response.status).toBe(200);
  return response.body;
}

const routeKey = (page: Page) => tripMap(page).getByRole('list', { name: 'Route key' });
const card = (page: Page, name: string) =>
  tripView(page).locator('.stop-card', { has: page.locator('.stop-card-name').getByText(name, { exact: true }) });
const driveBadges = (page: Page) => tripView(page).locator('.drive-badge').allTextContents();
const stats = (page: Page) => page.getByRole('region', { name: 'Itinerary Stats' });
const statValue = (page: Page, label: string) => stats(page).locator('.stat-card', { hasText: label }).locator('dd');
const keyItems = (page: Page) => routeKey(page).locator('li').allTextContents();

/** Both members see the embedded estimate's leg between each pair of consecutive stops, and its totals. */
async function expectEstimatedLegs(): Promise<void> {
  const stops = (await details()).stops;
  const minutes = stops.slice(1).map((stop, index) => greatCircleEstimate(stops[index], stop).minutes);
  for (const page of [ownerPage, viewerPage]) {
    await expect.poll(() => driveBadges(page)).toEqual(minutes.map((value) => `~${formatDuration(value)} drive`));
    await expect.poll(() => keyItems(page)).toEqual(['Estimated (straight-line)']);
    await expect(statValue(page, 'Total Driving Time').textContent()).resolves.toBe(formatDuration(minutes.reduce((a, b) => a + b)));
  }
}

async function showItinerary(page: Page): Promise<void> {
  await tripView(page).getByRole('tab', { name: 'Itinerary View' }).click();
  await tripView(page).getByRole('button', { name: 'Stats' }).click();
  await stats(page).waitFor();
}

beforeAll(async () => {
  const options = { title: 'Coast Road', description: 'Legs, always current', stops: COAST_STOPS };
  ({ owner, trip, ownerPage, memberPage: viewerPage } = await pages.openCrew('viewer', options));
  await Promise.all([showItinerary(ownerPage), showItinerary(viewerPage)]);
});

describe('drive legs on the trip page', () => {
  it('shows the estimated legs of newly added stops with nobody asking, for the owner and a viewer', async () => {
    await expectEstimatedLegs();
  });

  it('shows legs written into the document at once, for the owner and a viewer', async () => {
    await serverWrite((doc) => writeLegs(doc, (_from, _to, index) => FIRST_LEGS[index]));
    for (const page of [ownerPage, viewerPage]) {
      await card(page, 'Monterey').getByText('~2h 10m drive', { exact: true }).waitFor();
      const estimate = card(page, 'Big Sur').getByText('~0h 45m drive', { exact: true });
      await expect(estimate.getAttribute('title')).resolves.toBe('Estimated (straight-line)');
      await card(page, 'Los Angeles').getByText('~9h 0m drive', { exact: true }).waitFor();
      await card(page, 'Los Angeles').getByText('Over the 8h 0m daily drive limit').waitFor();
      expect(await tripView(page).getByText('Over the 8h 0m daily drive limit').count()).toBe(1);
      await expect(statValue(page, 'Total Driving Time').textContent()).resolves.toBe('11h 55m');
      await expect(statValue(page, 'Total Distance').textContent()).resolves.toBe('441.7 mi'); // 710.8 km: an en-US browser reads miles
      await expect
        .poll(() => keyItems(page))
        .toEqual(['Road route', 'Estimated (straight-line)', 'Over the 8h 0m daily drive limit (1 leg)']);
    }
    await ownerPage.locator('.maplibregl-canvas').waitFor();
    await screenshot(ownerPage, 'road-legs');
  });

  it("shows the current leg in Edit Stop at once and still asks for the estimate", async () => {
    const asked = ownerPage.waitForRequest((request) => request.url().endsWith('/_api/trips/stops/calculate-travel-time'));
    await tripView(ownerPage).getByRole('button', { name: 'Edit stop Monterey' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Edit Stop: Monterey' });
    await dialog.locator('.travel-distance').getByText('118.2 mi').waitFor();
    await asked;
    await dialog.locator('.travel-estimate strong').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('flags legs against the trip’s own daily limit', async () => {
    await serverWrite((doc) => metaMap(doc).set('dailyDriveLimitMinutes', 120));
    await card(ownerPage, 'Monterey').getByText('Over the 2h 0m daily drive limit').waitFor();
    await card(viewerPage, 'Los Angeles').getByText('Over the 2h 0m daily drive limit').waitFor();
    await expect.poll(() => keyItems(viewerPage)).toContain('Over the 2h 0m daily drive limit (2 legs)');
    await serverWrite((doc) => metaMap(doc).delete('dailyDriveLimitMinutes'));
    await expect.poll(() => tripView(ownerPage).getByText('Over the 8h 0m daily drive limit').count()).toBe(1);
  });

  it('replaces the legs a reorder made stale with the new order’s, live, and the map draws them', async () => {
    // The map's own pixels, markers hidden (their numbers change at once): only a redrawn route changes them.
    const hideMarkers = await viewerPage.addStyleTag({ content: '.maplibregl-marker { visibility: hidden !important }' });
    const canvas = tripMap(viewerPage).locator('canvas').first();
    const before = await canvas.screenshot();
    const bigSur = (await details()).stops.find((stop) => stop.name === 'Big Sur')!;
    const moved = await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: bigSur.id, newOrder: 1 }, { as: owner });
    expect(moved.status).toBe(200);
    await expectEstimatedLegs();
    // The route line skips the frame that would draw the old tiles again (skipStaleFrame): the reloaded ones must still show.
    await expect.poll(async () => (await canvas.screenshot()).equals(before), { timeout: 5000 }).toBe(false);
    await hideMarkers.evaluate((style) => (style as Element).remove());
    await screenshot(viewerPage, 'road-legs-after-reorder');
  });

  it('draws no line in bucket-list mode', async () => {
    await tripMap(ownerPage).getByTitle('Switch to Bucket List Mode').click();
    for (const page of [ownerPage, viewerPage]) await expect.poll(() => routeKey(page).count()).toBe(0);
    await tripMap(ownerPage).getByTitle('Switch to Route Mode').click();
    for (const page of [ownerPage, viewerPage]) await expect.poll(() => keyItems(page)).toEqual(['Estimated (straight-line)']);
  });

  it("opens the route in Google Maps for a viewer: the whole route, then one link per planned day", async () => {
    const links = tripView(viewerPage).locator('.route-links');
    await links.getByText('Open route in Google Maps').click();
    const whole = links.getByRole('link', { name: 'Stops 1–4 (opens Google Maps in a new tab)' });
    await expect(whole.getAttribute('href')).resolves.toBe(routeDirections((await details()).stops)[0].url);
    await expect(whole.getAttribute('target')).resolves.toBe('_blank');
    expect(await links.getByText('By day').count()).toBe(0);

    const dates = ['2031-06-06', '2031-06-06', '2031-06-07', '2031-06-09'];
    await serverWrite((doc) => orderedStops(doc).forEach((stop, index) => updateStop(doc, stop.id, { plannedArrivalDate: dates[index] })));
    await links.getByText('By day').waitFor();
    const days = dayDirections((await details()).stops);
    expect(days.map((day) => day.date)).toEqual(['2031-06-06', '2031-06-07', '2031-06-09']);
    const dayLinks = links.locator('li', { hasText: ': stops' }).getByRole('link');
    await expect.poll(() => dayLinks.allTextContents()).toEqual([
      'Fri, Jun 6: stops 1–2 (opens Google Maps in a new tab)',
      'Sat, Jun 7: stops 2–3 (opens Google Maps in a new tab)',
      'Mon, Jun 9: stops 3–4 (opens Google Maps in a new tab)',
    ]);
    expect(await dayLinks.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
      days.map((day) => day.links[0].url),
    );
    await screenshot(viewerPage, 'road-legs-google-maps');
  });

  it('passes axe at 1366 and 390 px with the badges, totals, route key and links showing', async () => {
    await serverWrite((doc) => metaMap(doc).set('dailyDriveLimitMinutes', 60));
    await card(ownerPage, 'Los Angeles').getByText('Over the 1h 0m daily drive limit').waitFor();
    await tripView(ownerPage).locator('.route-links').getByText('Open route in Google Maps').click();
    for (const width of [1366, 390]) {
      await ownerPage.setViewportSize({ width, height: 900 });
      await routeKey(ownerPage).waitFor();
      await expectAccessible(ownerPage, `${width} px`);
      await screenshot(ownerPage, `road-legs-${width}`);
    }
  });
});
