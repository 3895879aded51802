/**
 * The route's map without a signal, in Debian's Chromium against a local stand-in of OpenFreeMap (its style, TileJSON,
 * vector tiles, glyphs and sprite; engine's vectorTileStandIn.ts), in one page walk: the trip's "Offline map" dialog,
 * reached by keyboard, gives the size before starting and downloads the pack with its progress; with the network gone,
 * the reloaded page draws the route's streets at zoom 14 and zoom 16 near a stop from the app-shell worker's caches
 * (the stand-in sees no request), falls back to the embedded map away from the corridor and comes back on it; the
 * account page lists the pack and deletes it with every file it held. The dialog and the list are axe clean at 1366
 * and 390 px.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, User } from '@caravan/engine';
import { startVectorTileStandIn, type VectorTileStandIn } from '@caravan/engine/test';
import type { TOfflineMapPlanResponse, TTripStop } from '@caravan/shared';
import { buildUser } from '@caravan/server/test';
import { offlinePackMessages as text } from '../../web/src/lib/messages/offlinePackMessages.ts';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { screenshot } from './browser.ts';
import { colourShare } from './mapPixels.ts';
import { SIZES } from './screenChecks.ts';
import { useTripPages } from './tripPages.ts';
import { tripMap } from './tripPageParts.ts';

/** A trip from one to the other, a kilometre apart in a town of the stand-in: the map's fit stops at zoom 14, centred between them. */
const WHARF = { name: 'Old Fisherman’s Wharf', latitude: 36.6037, longitude: -121.8935 };
const CANNERY = { name: 'Cannery Row', latitude: 36.6131, longitude: -121.8985 };
const TOWN = { name: 'Monterey', latitude: 36.6084, longitude: -121.896, radiusKm: 4 };
/** The stand-in style's colours (engine/src/test/vectorTiles/standInStyle.ts): minor streets, buildings. */
const STREET = '#ffffff';
const BUILDING = '#d9d0c9';
/** The embedded base map's land and sea (web/src/components/tripMap/embedded/embeddedStyle.ts). */
const EMBEDDED_LAND = '#f4f1e8';
const EMBEDDED_WATER = '#cfe2ea';

const overrides: Partial<Config> = {};
let standIn: VectorTileStandIn;
// Before the stack (it reads MAP_STYLE_URL when it starts) and the pages (closed first, so no page asks a closed stand-in).
// Tiles to zoom 15 (OpenFreeMap's stop at 14): the pack keeps the plan's zoom-15 tiles around the stops and skips its
// zoom-16 ones, which the map then draws from the zoom-15 tiles, as it does any zoom past its source's deepest.
beforeAll(async () => {
  standIn = await startVectorTileStandIn({ towns: [TOWN], maxZoom: 15 });
  overrides.mapStyleUrl = standIn.styleUrl;
});
afterAll(() => standIn?.close());
const t = useTestStack(overrides);
const pages = useTripPages(t, { bypassCSP: true, stepTimeout: 20_000 });

let owner: User;
let tripId = '';
beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource, { displayName: 'Mara Offline' });
  const trip = await t.api.post<{ id: string }>(
    '/trips',
    { title: 'Monterey Without Signal', startLocationName: WHARF.name, startLocationLatitude: WHARF.latitude, startLocationLongitude: WHARF.longitude },
    { as: owner },
  );
  expect(trip.status).toBe(201);
  tripId = trip.body.id;
  const added = await t.api.post<TTripStop>('/trips/stops', { tripId, ...CANNERY }, { as: owner });
  expect(added.status).toBe(201);
  // The worker pool starts a worker for its first task (seconds on a busy machine): started here, the page asks a warm one.
  expect((await t.api.post('/trips/offline-map/plan', { tripId }, { as: owner })).status).toBe(200);
});

/** A tile of the stand-in the page (its map's worker) asked for: its zoom, and whether the app-shell worker answered it. */
interface TileAsk {
  z: number;
  fromWorker: boolean;
  ok: boolean;
}
/** The page's tile requests from now on, as they finish or fail. */
function watchTiles(page: Page): TileAsk[] {
  const asks: TileAsk[] = [];
  const zoomOf = (url: string) => Number(/\/planet\/stand-in\/(\d+)\//.exec(url)?.[1] ?? -1);
  page.on('response', (response: Response) => {
    const z = zoomOf(response.url());
    if (z >= 0) asks.push({ z, fromWorker: response.fromServiceWorker(), ok: response.ok() });
  });
  page.on('requestfailed', (request) => {
    const z = zoomOf(request.url());
    if (z >= 0) asks.push({ z, fromWorker: false, ok: false });
  });
  return asks;
}

const cacheEntries = (page: Page, name: string) => page.evaluate(async (cacheName) => (await (await caches.open(cacheName)).keys()).length, name);

async function auditAtBothSizes(page: Page, within: ReturnType<Page['locator']>, screen: string) {
  for (const [sizeName, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    expect.soft(await axeViolations(page, { within }), `${screen}, ${sizeName}`).toEqual([]);
    await screenshot(page, `offline-map/${screen.replace(/ /g, '-')}-${sizeName}`, { fullPage: false });
  }
  await page.setViewportSize(SIZES.desktop);
}

/** Settles the map: no tile asked for a while. */
async function settled(page: Page, asks: TileAsk[]) {
  let seen = -1;
  await expect.poll(() => {
    const now = asks.length;
    const still = now === seen;
    seen = now;
    return still;
  }, { timeout: 15_000, interval: 500 }).toBe(true);
  await page.waitForTimeout(300);
}

describe('the route map offline', () => {
  it('downloads the pack with progress, draws the corridor from it with no network, falls back away from it, and is deleted from the account page', async () => {
    const page = await pages.tripPage(owner, { id: tripId, title: 'Monterey Without Signal' });
    // The app shell and its worker first: the reload without network needs them.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

    // Keyboard: the header's button opens the dialog, which says the size before anything is fetched.
    const open = page.getByRole('button', { name: text.open, exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text.title });
    const estimate = dialog.getByText(/^About [\d,]+ map tiles, [\d.]+ MB\.$/);
    await estimate.waitFor();
    const planned = Number((await estimate.textContent())!.match(/About ([\d,]+)/)![1].replace(/,/g, ''));
    expect(planned).toBeGreaterThan(50);
    await auditAtBothSizes(page, dialog, 'offline map dialog');

    // A phone's link, so the progress shows.
    standIn.throttle(4_000_000);
    standIn.resetCounts();
    const make = dialog.getByRole('button', { name: text.make });
    await make.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: /^[\d,]+ of [\d,]+ files, [\d.]+ MB$/ }).waitFor();
    expect(await dialog.getByLabel(text.progressLabel).count()).toBe(1);
    await dialog.getByRole('status').filter({ hasText: /^Available offline: / }).waitFor({ timeout: 90_000 });
    await screenshot(page, 'offline-map/dialog-made', { fullPage: false });
    standIn.throttle(undefined);
    // Every tile of the list once (those the map had just drawn may come from the browser's HTTP cache), and the
    // style's pieces: its sprite's four files and the three Latin glyph ranges of its one font.
    expect(standIn.tilesAsked.length).toBe(new Set(standIn.tilesAsked).size);
    expect(standIn.tilesAsked.length).toBeLessThanOrEqual(planned);
    expect(standIn.tilesAsked.some((tile) => tile.startsWith('15/'))).toBe(true);
    expect(standIn.tilesAsked.some((tile) => tile.startsWith('16/'))).toBe(false);
    const plan = await t.api.post<TOfflineMapPlanResponse>('/trips/offline-map/plan', { tripId }, { as: owner });
    const kept = plan.body.runs.filter(([z]) => z <= 15).reduce((sum, [, , x0, x1]) => sum + x1 - x0 + 1, 0);
    expect(kept).toBeLessThan(planned);
    expect(await cacheEntries(page, 'caravan-map-files-v1')).toBe(kept + 4 + 3);
    expect(await cacheEntries(page, 'caravan-map-documents-v1')).toBe(2);
    expect(await dialog.getByRole('button', { name: text.update }).count()).toBe(0);
    // Asked once, now that the first pack is here: keep the maps of trips starting soon by themselves?
    await dialog.getByRole('group', { name: text.autoAsk }).getByRole('button', { name: text.autoNo }).click();
    expect(await dialog.getByLabel(text.auto).isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    // No network: the page and the map come from the device.
    const asks = watchTiles(page);
    standIn.resetCounts();
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Monterey Without Signal', level: 1 }).waitFor();
    const map = tripMap(page);
    const canvas = map.locator('canvas');
    await map.getByText('OpenFreeMap stand-in').waitFor({ state: 'attached' });
    await settled(page, asks);
    await page.waitForTimeout(3000);
    // The fit of two stops a kilometre apart: zoom 14, every tile from the pack.
    expect(Math.max(...asks.map((ask) => ask.z))).toBe(14);
    expect(asks.filter((ask) => ask.z === 14).every((ask) => ask.fromWorker && ask.ok)).toBe(true);
    await expect.poll(() => colourShare(page, canvas, STREET, 2), { timeout: 10_000 }).toBeGreaterThan(0.02);
    expect(await colourShare(page, canvas, BUILDING, 2)).toBeGreaterThan(0.05);
    expect(await colourShare(page, canvas, EMBEDDED_LAND, 2)).toBeLessThan(0.01);
    await screenshot(page, 'offline-map/offline-zoom-14', { fullPage: false });

    // Zoom 16 between the stops, by keyboard on the map: drawn from the pack's zoom-15 tiles.
    asks.length = 0;
    await canvas.focus();
    await page.keyboard.press('Shift+Equal');
    await settled(page, asks);
    expect(asks.filter((ask) => ask.z === 15).length).toBeGreaterThan(0);
    expect(asks.every((ask) => ask.z <= 15 && ask.fromWorker && ask.ok)).toBe(true);
    expect(await colourShare(page, canvas, STREET, 2)).toBeGreaterThan(0.05);
    expect(await map.getByText('Natural Earth').count()).toBe(0);
    expect(standIn.requests.tile + standIn.requests.style + standIn.requests.tilejson).toBe(0);

    // Away from the corridor (some 60 km east of it at zoom 10), the tiles are not on the device: the embedded map.
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press('Shift+Minus');
      await page.waitForTimeout(700);
    }
    await settled(page, asks);
    const box = (await canvas.boundingBox())!;
    const drag = async (dx: number) => {
      await page.mouse.move(box.x + box.width / 2 + dx / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - dx / 2, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await page.waitForTimeout(400);
    };
    for (let step = 0; step < 3; step++) await drag(box.width * 0.7);
    await map.getByText('Natural Earth').waitFor({ state: 'attached', timeout: 15_000 });
    await expect
      .poll(async () => (await colourShare(page, canvas, EMBEDDED_LAND, 2)) + (await colourShare(page, canvas, EMBEDDED_WATER, 2)), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    // Back on the corridor, the pack draws it again.
    for (let step = 0; step < 3; step++) await drag(-box.width * 0.7);
    await map.getByText('OpenFreeMap stand-in').waitFor({ state: 'attached', timeout: 15_000 });
    expect(standIn.requests.tile).toBe(0);

    // Online again: the account page lists the pack, and deletes it with its files.
    await page.context().setOffline(false);
    await page.goto(`${t.server.url}/account`);
    const section = page.getByTestId('offline-maps');
    const item = section.getByRole('listitem').filter({ hasText: 'Monterey Without Signal' });
    await item.getByText(text.upToDate).waitFor();
    expect(await item.textContent()).toContain(planned.toLocaleString('en'));
    await section.getByText(/MB used by Caravan on this device/).waitFor();
    await auditAtBothSizes(page, section, 'offline maps on the account page');
    const remove = item.getByRole('button', { name: text.deleteOne('Monterey Without Signal') });
    await remove.focus();
    await page.keyboard.press('Enter');
    await section.getByText(text.listEmpty).waitFor();
    expect(await cacheEntries(page, 'caravan-map-files-v1')).toBe(0);
    expect(await cacheEntries(page, 'caravan-map-documents-v1')).toBe(0);
  }, 180_000);
});
