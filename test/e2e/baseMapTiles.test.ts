/**
 * The base map on a flaky or dead tile service, in Debian's Chromium against a local stand-in of a
 * remote style (tileStandIn.ts): one tile answering 500 while the others load leaves the remote base map in
 * place (its tiles drawn, its attribution shown, no embedded land); every tile failing draws the embedded base
 * map. In that case the style itself loads and the map goes idle, which stops the silence timeout: only the
 * failing tiles can make the switch. In a dark theme the map draws the service's dark style (MAP_STYLE_URL_DARK).
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@caravan/engine';
import { buildTrip, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { openTripPage } from './browser.ts';
import { colourShare } from './mapPixels.ts';
import {
  DARK_TILE_FILL,
  STAND_IN_ATTRIBUTION,
  STAND_IN_DARK_STYLE_URL,
  STAND_IN_STYLE_URL,
  startTileStandIn,
  TILE_FILL,
  type TileStandIn,
} from './tileStandIn.ts';
import { useTripPages } from './tripPages.ts';
import { tripMap } from './tripPageParts.ts';

/** The embedded style's land (web/src/components/tripMap/embedded/embeddedStyle.ts), as baseMap.test.ts reads it. */
const LAND = '#f4f1e8';

const t = useTestStack({ mapStyleUrl: STAND_IN_STYLE_URL, mapStyleUrlDark: STAND_IN_DARK_STYLE_URL });
let standIn: TileStandIn;
// Registered before the pages, so the stand-in closes after them (after-hooks run last-registered first):
// no open page asks a closed stand-in for a tile.
beforeAll(async () => {
  standIn = await startTileStandIn();
});
afterAll(async () => {
  await standIn?.close();
});
const pages = useTripPages(t, { bypassCSP: true, stepTimeout: 15_000 });
let owner: User;

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource, { displayName: 'Tile Watcher' });
});

/** The owner's page on a new trip, its tile requests going to the stand-in from the first one. */
async function openTrip(title: string, options?: BrowserContextOptions): Promise<Page> {
  const trip = await buildTrip(t.server.deps.dataSource, owner, { title });
  const page = await pages.signedInPage(owner, options);
  await standIn.serveTo(page.context());
  await openTripPage(page, t, trip);
  return page;
}

describe('the remote base map when its tiles fail', () => {
  it('stays when one tile answers 500 and the others load', async () => {
    standIn.reset('first');
    const page = await openTrip('One Bad Tile');
    const map = tripMap(page);
    const canvas = map.locator('canvas');
    await map.getByText(STAND_IN_ATTRIBUTION).waitFor({ state: 'attached' });
    await expect.poll(() => colourShare(page, canvas, TILE_FILL), { timeout: 10_000 }).toBeGreaterThan(0.5);
    await expect.poll(() => standIn.broken.length).toBeGreaterThan(0);
    expect(new Set(standIn.broken).size).toBe(1);
    expect(standIn.asked.length).toBeGreaterThan(standIn.broken.length);

    // Long enough for a switch to show: the failed tile's error has long been reported.
    await page.waitForTimeout(1500);
    expect(await colourShare(page, canvas, TILE_FILL)).toBeGreaterThan(0.5);
    expect(await colourShare(page, canvas, LAND)).toBeLessThan(0.01);
    expect(await map.getByText('Natural Earth').count()).toBe(0);
    expect(await map.getByText(STAND_IN_ATTRIBUTION).count()).toBe(1);
  });

  it('gives way to the embedded base map when every tile fails', async () => {
    standIn.reset('all');
    const page = await openTrip('No Tiles At All');
    const map = tripMap(page);
    const canvas = map.locator('canvas');
    await map.getByText('Natural Earth').waitFor({ state: 'attached' });
    await expect.poll(() => colourShare(page, canvas, LAND), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(standIn.broken.length).toBeGreaterThanOrEqual(3);
    expect(await map.getByText(STAND_IN_ATTRIBUTION).count()).toBe(0);
  });

  it("draws the service's dark style in a dark theme, and its light one again when the theme turns light", async () => {
    standIn.reset('none');
    const page = await openTrip('Night Tiles', { colorScheme: 'dark' });
    const canvas = tripMap(page).locator('canvas');
    await expect.poll(() => colourShare(page, canvas, DARK_TILE_FILL), { timeout: 10_000 }).toBeGreaterThan(0.5);
    expect(await colourShare(page, canvas, TILE_FILL)).toBeLessThan(0.01);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => colourShare(page, canvas, TILE_FILL), { timeout: 10_000 }).toBeGreaterThan(0.5);
  });
});
