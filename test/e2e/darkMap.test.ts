/**
 * The map in the dark theme, in Debian's Chromium with no network: the embedded base map is drawn in its dark
 * colours when the system asks for dark (no bright block in a dark page) at 1366 and 390 px, passing axe; the
 * light theme keeps its light colours; and a theme change while the page is open redraws the map in the new
 * colours with the route line still on it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_MAP_STYLE, type TCreateTripResponse } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { openTripPage, screenshot } from './browser.ts';
import { colourShare } from './mapPixels.ts';
import { useTripPages } from './tripPages.ts';
import { tripMap } from './tripPageParts.ts';

/** The embedded style's land in each theme (web/src/components/tripMap/embedded/embeddedStyle.ts). */
const LIGHT_LAND = '#f4f1e8';
const DARK_LAND = '#2a3238';

/** `hex` drawn at `opacity` over `under`, as the map blends it. */
function blend(hex: string, under: string, opacity: number): string {
  const channels = (colour: string) => [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16));
  const [top, bottom] = [channels(hex), channels(under)];
  return `#${top.map((channel, index) => Math.round(channel * opacity + bottom[index] * (1 - opacity)).toString(16).padStart(2, '0')).join('')}`;
}
/** An estimated leg (the test stack has no router) within the daily limit: the route colour at 0.6 over the land (RouteLine.tsx). */
const routeOver = (land: string) => blend('#bf5520', land, 0.6);

const t = useTestStack({ mapStyleUrl: EMBEDDED_MAP_STYLE });
const pages = useTripPages(t, { bypassCSP: true, stepTimeout: 15_000 });
let owner: User;
let trip: TCreateTripResponse;
/** The owner's first page: the later ones open beside it, in its context (a new context costs a CPU second to start). */
let firstOwnerPage: Page | undefined;

/** A page of the owner's own on the trip, at `viewport` in `colorScheme` (as the system asks for it) from the start. */
async function ownerTripPage(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = firstOwnerPage ? await pages.pageBeside(firstOwnerPage, viewport) : await pages.signedInPage(owner, { viewport });
  firstOwnerPage ??= page;
  await page.emulateMedia({ colorScheme });
  await openTripPage(page, t, trip);
  return page;
}

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource, { displayName: 'Night Driver' });
  // Across the plains: land fills the fitted map.
  const created = await t.api.post<TCreateTripResponse>(
    '/trips',
    { title: 'Plains by Night', startLocationName: 'Denver', startLocationLatitude: 39.7392, startLocationLongitude: -104.9903 },
    { as: owner },
  );
  expect(created.status).toBe(201);
  trip = created.body;
  for (const stop of [
    { name: 'Kansas City', latitude: 39.0997, longitude: -94.5786 },
    { name: 'Omaha', latitude: 41.2565, longitude: -95.9345 },
  ]) {
    expect((await t.api.post('/trips/stops', { tripId: trip.id, ...stop }, { as: owner })).status).toBe(201);
  }
});

const canvasOf = (page: Page) => tripMap(page).locator('canvas');

describe('the map in the dark theme', () => {
  it.each([
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ])('draws the embedded base map dark at $width px, with no light land, and passes axe', async (viewport) => {
    const page = await ownerTripPage(viewport, 'dark');
    if (viewport.width < 600) await page.getByRole('navigation', { name: 'Trip sections' }).getByRole('link', { name: 'Map' }).click();
    const canvas = canvasOf(page);
    await canvas.waitFor();
    await expect.poll(() => colourShare(page, canvas, DARK_LAND), { timeout: 10_000 }).toBeGreaterThan(0.3);
    // A few pixels at most (the markers drawn over the canvas), never the light land.
    expect(await colourShare(page, canvas, LIGHT_LAND)).toBeLessThan(0.001);
    await screenshot(page, `dark-map-${viewport.width}`, { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the light colours in the light theme, and follows a theme change while the page is open, route line and all', async () => {
    const page = await ownerTripPage({ width: 1366, height: 900 }, 'light');
    const canvas = canvasOf(page);
    await expect.poll(() => colourShare(page, canvas, LIGHT_LAND), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await colourShare(page, canvas, DARK_LAND)).toBeLessThan(0.001);
    // Kansas City to Omaha, a few hours' drive.
    await expect.poll(() => colourShare(page, canvas, routeOver(LIGHT_LAND), 12)).toBeGreaterThan(0.0003);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => colourShare(page, canvas, DARK_LAND), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await colourShare(page, canvas, LIGHT_LAND)).toBeLessThan(0.001);
    // The new style drops what the map added to the old one: the route line is added again.
    await expect.poll(() => colourShare(page, canvas, routeOver(DARK_LAND), 12)).toBeGreaterThan(0.0003);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => colourShare(page, canvas, LIGHT_LAND), { timeout: 10_000 }).toBeGreaterThan(0.3);
  });
});
