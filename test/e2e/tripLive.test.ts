/**
 * The live trip page in Debian's Chromium: an owner and an editor on one trip in two browser contexts.
 * The editor reorders with the keyboard and the owner sees it live; the owner adds a stop
 * and the editor sees it; the owner edits offline, reloads offline (the trip and its members open from this
 * device's cache through the app-shell worker), reconnects, and the editor then sees those edits. Also undo,
 * place search with the map's 'Search This Area', sharing, route mode, a viewer's read-only list,
 * a missing trip, and signing out offline (the session ends on the server once the connection is back).
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { screenshot } from './browser.ts';
import { dropRequests } from './droppedRequests.ts';
import { addPanel, carryWithKeyboard, closeToasts, LIVE_MS, pickUp, saveStatus, tripMap, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { viewport: { width: 1280, height: 900 } });
let trip: Trip;
let ownerContext: BrowserContext;
let ownerPage: Page;
let editorPage: Page;

const EXTRA_STOPS = [
  { name: 'Monterey', address: 'Monterey, Monterey County, California, United States', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Big Sur', address: 'Big Sur, California 93920, United States', latitude: 36.2704, longitude: -121.8081 },
  { name: 'Los Angeles', address: 'Los Angeles, California, United States', latitude: 34.0522, longitude: -118.2437 },
];

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops' });
const sharing = (page: Page) => page.getByRole('group', { name: 'Sharing' });
const waitForStatus = (page: Page, text: string, timeout = 5000) =>
  saveStatus(page).getByText(text, { exact: true }).waitFor({ timeout });

/** Keyboard drag: carried to `toPosition` (tripPageParts.ts), then dropped with Space. */
async function moveDownWithKeyboard(page: Page, name: string, toPosition: number, total: number): Promise<void> {
  await carryWithKeyboard(page, name, toPosition, total);
  await page.keyboard.press('Space');
}

beforeAll(async () => {
  // Olivia Owner and Eddie Editor, each on the trip's page.
  ({ trip, ownerPage, memberPage: editorPage } = await pages.openCrew('editor', {
    title: 'California Coast',
    description: 'Highway 1, slowly',
    stops: EXTRA_STOPS,
  }));
  ownerContext = ownerPage.context();
});

describe('the live trip page', () => {
  it('shows the trip with its stops, start and final rows, and who else is here', async () => {
    const names = ['San Francisco', ...EXTRA_STOPS.map((stop) => stop.name)];
    await waitForNames(ownerPage, names);
    await waitForNames(editorPage, names);
    await expect(ownerPage.title()).resolves.toBe('California Coast · Caravan');
    await stopList(ownerPage).getByText('Big Sur, CA 93920').waitFor();
    await ownerPage.getByRole('list', { name: 'Also here: Eddie Editor' }).waitFor();
    await editorPage.getByRole('list', { name: 'Also here: Olivia Owner' }).waitFor();
    await expect(saveStatus(ownerPage).textContent()).resolves.toBe('Saved');
    await tripMap(ownerPage).getByRole('button', { name: 'Stop 1: San Francisco' }).waitFor();
  });

  it('moves a stop for the owner live as the editor drops it with the keyboard', async () => {
    await pickUp(editorPage, 'Monterey');
    // While the editor holds the stop, the owner sees who is moving it.
    await stopList(ownerPage).getByText('Eddie Editor is moving this stop').waitFor();
    await editorPage.keyboard.press('Escape');
    await expect.poll(() => stopList(ownerPage).getByText('Eddie Editor is moving this stop').count()).toBe(0);

    await moveDownWithKeyboard(editorPage, 'Monterey', 3, 4);
    const dropped = Date.now();
    const expected = ['San Francisco', 'Big Sur', 'Monterey', 'Los Angeles'];
    await waitForNames(ownerPage, expected, LIVE_MS);
    expect(Date.now() - dropped).toBeLessThan(LIVE_MS);
    await waitForNames(editorPage, expected);
    await editorPage.getByRole('region', { name: /Notifications/ }).getByText('Stop order updated').waitFor();
  });

  it("shows the owner's manually added stop to the editor, without a position when the owner chose that", async () => {
    await addPanel(ownerPage).getByRole('tab', { name: 'Add Manually' }).click();
    await addPanel(ownerPage).getByLabel('Stop name').fill('Santa Barbara');
    await addPanel(ownerPage).getByLabel('Address').fill('Qwxyz Beach Road, Santa Barbara');
    await addPanel(ownerPage).getByRole('button', { name: 'Add Stop' }).click();
    // Nothing found for the typed address: the stop is added only once the owner says how.
    const choice = addPanel(ownerPage).getByRole('group', { name: 'No place found for "Qwxyz Beach Road, Santa Barbara".' });
    // The look-up is this file's first search, which builds the offline index: seconds on a busy machine.
    await choice.getByRole('button', { name: 'Add without a position' }).click({ timeout: 30_000 });
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Added "Santa Barbara" to your trip').waitFor();
    await waitForNames(editorPage, ['San Francisco', 'Big Sur', 'Monterey', 'Los Angeles', 'Santa Barbara']);
    await stopList(editorPage).getByText('Qwxyz Beach Road, Santa Barbara').waitFor();
    // Listed, but without a position it has no marker.
    for (const page of [ownerPage, editorPage]) {
      await tripMap(page).getByRole('button', { name: 'Stop 4: Los Angeles' }).waitFor();
      await expect(tripMap(page).getByRole('button', { name: /^Stop \d+: / }).count()).resolves.toBe(4);
      await expect(tripMap(page).getByRole('button', { name: /Santa Barbara/ }).count()).resolves.toBe(0);
    }
  });

  it('keeps offline edits on the device across a reload and delivers them once back online', async () => {
    // The app shell must be in the worker's cache before the network goes.
    await ownerPage.waitForFunction(async () => {
      if (!navigator.serviceWorker.controller) return false;
      const cache = await caches.open('caravan-shell-v1');
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(`${location.origin}/assets/`));
      const hits = await Promise.all([cache.match('/'), ...loaded.map((url) => cache.match(url))]);
      return hits.every(Boolean);
    });

    await ownerContext.setOffline(true);
    await waitForStatus(ownerPage, 'Offline — changes kept on this device');
    await moveDownWithKeyboard(ownerPage, 'San Francisco', 2, 5);
    await stopList(ownerPage).getByRole('button', { name: 'Delete stop: Los Angeles' }).click();
    const offlineOrder = ['Big Sur', 'San Francisco', 'Monterey', 'Santa Barbara'];
    await waitForNames(ownerPage, offlineOrder);
    // The editor, online, has not seen any of it.
    await waitForNames(editorPage, ['San Francisco', 'Big Sur', 'Monterey', 'Los Angeles', 'Santa Barbara']);

    await ownerPage.reload();
    await ownerPage.getByRole('heading', { name: trip.title, level: 1 }).waitFor();
    await waitForNames(ownerPage, offlineOrder);
    await waitForStatus(ownerPage, 'Offline — changes kept on this device');
    // The Members list comes from this device as well, not skeleton rows that never end.
    const members = ownerPage.locator('.collab-panel .member-row .collab-item-title');
    await expect.poll(async () => (await members.allTextContents()).map((name) => name.trim()).sort()).toEqual(['Eddie Editor', 'Olivia Owner (you)']);
    // The shell is whole offline: the manifest and every icon it or the page names come from the worker's cache.
    const missingOffline = await ownerPage.evaluate(async () => {
      const manifest = await (await fetch('/manifest.webmanifest')).json();
      const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]')].map((link) => new URL(link.href).pathname);
      const paths: string[] = [...linked, ...manifest.icons.map((icon: { src: string }) => icon.src)];
      const missing = await Promise.all(paths.map((path) => fetch(path).then((response) => (response.ok ? null : path), () => path)));
      return { count: paths.length, missing: missing.filter(Boolean) };
    });
    expect(missingOffline).toEqual({ count: 7, missing: [] });

    await ownerContext.setOffline(false);
    await waitForStatus(ownerPage, 'Saved', 15_000);
    await waitForNames(editorPage, offlineOrder);
  });

  it("undoes the owner's own delete with Ctrl+Z, for everyone", async () => {
    await stopList(ownerPage).getByRole('button', { name: 'Delete stop: Monterey' }).click();
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Stop deleted successfully').waitFor();
    await waitForNames(editorPage, ['Big Sur', 'San Francisco', 'Santa Barbara']);
    await ownerPage.getByRole('heading', { name: trip.title, level: 1 }).click();
    await ownerPage.keyboard.press('Control+z');
    await waitForNames(ownerPage, ['Big Sur', 'San Francisco', 'Monterey', 'Santa Barbara']);
    await waitForNames(editorPage, ['Big Sur', 'San Francisco', 'Monterey', 'Santa Barbara']);
  });

  it('finds places near the last stop, adds one, and searches again where the map was moved', async () => {
    await addPanel(ownerPage).getByRole('tab', { name: 'Search Places' }).click();
    const keyword = addPanel(ownerPage).getByLabel('Search for places');
    await keyword.fill('zzzz');
    await addPanel(ownerPage).getByText('No places found for "zzzz"').waitFor();
    await keyword.fill('aquarium');
    const results = addPanel(ownerPage).getByRole('list', { name: 'Places found' });
    const aquarium = results.getByRole('listitem').filter({ hasText: 'Monterey Bay Aquarium' });
    await aquarium.getByText('Category: Aquarium').waitFor();
    await tripMap(ownerPage).getByRole('button', { name: 'Place: Monterey Bay Aquarium' }).waitFor();
    await aquarium.getByRole('button', { name: 'Add to Trip' }).click();
    // It fits best between San Francisco and Monterey, so the placement choice opens first; Add Stop keeps "At the end".
    await aquarium.getByRole('button', { name: 'Add Stop' }).click();
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Added "Monterey Bay Aquarium" to your trip').waitFor();
    await waitForNames(editorPage, ['Big Sur', 'San Francisco', 'Monterey', 'Santa Barbara', 'Monterey Bay Aquarium']);

    const map = tripMap(ownerPage);
    await expect(map.getByRole('button', { name: 'Search This Area' }).count()).resolves.toBe(0);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await ownerPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await ownerPage.mouse.down();
    await ownerPage.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 - 100, { steps: 8 });
    await ownerPage.mouse.up();
    await map.getByRole('button', { name: 'Fit to Stops' }).waitFor();
    await map.getByRole('button', { name: 'Search This Area' }).click();
    await expect.poll(() => map.getByRole('button', { name: 'Search This Area' }).count()).toBe(0);

    await map.getByRole('button', { name: 'Fit to Stops' }).click();
    await map.getByRole('button', { name: 'Stop 1: Big Sur' }).click();
    const googleMaps = map.getByRole('link', { name: 'Open in Google Maps' });
    await expect(googleMaps.getAttribute('href')).resolves.toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`Big Sur ${EXTRA_STOPS[1].address}`)}`,
    );
    await expect(googleMaps.getAttribute('target')).resolves.toBe('_blank');
    await ownerPage.keyboard.press('Escape');
    await expect.poll(() => googleMaps.count()).toBe(0);
  });

  it("lets the owner share the trip and switch the map's mode, which the editor sees", async () => {
    await sharing(ownerPage).getByRole('switch', { name: 'Make public' }).click();
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Trip is now public and shareable').waitFor();
    const shareAddress = await sharing(ownerPage).getByLabel('Share address').inputValue();
    expect(shareAddress).toMatch(new RegExp(`^${t.server.url}/share/[\\w-]+$`));
    await sharing(ownerPage).getByRole('button', { name: 'Story View' }).waitFor();
    // The header's Copy confirms with a toast; the 2-second 'Copied!' state is the invitation links'.
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.server.url });
    await ownerPage.bringToFront();
    await sharing(ownerPage).getByRole('button', { name: 'Copy', exact: true }).click();
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Share URL copied to clipboard').waitFor();
    await expect(ownerPage.evaluate(() => navigator.clipboard.readText())).resolves.toBe(shareAddress);
    await expect(sharing(editorPage).getByRole('switch', { name: 'Make public' }).isDisabled()).resolves.toBe(true);

    await tripMap(ownerPage).getByTitle('Switch to Bucket List Mode').click();
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Switched to Bucket List Mode').waitFor();
    await tripMap(editorPage).getByText('Bucket List', { exact: true }).waitFor();
    await tripMap(ownerPage).getByTitle('Switch to Route Mode').click();
    await tripMap(editorPage).getByText('Route', { exact: true }).waitFor();
    // Closing the toasts keeps them out of the picture.
    await closeToasts(ownerPage);
    await screenshot(ownerPage, 'trip-page', { docs: true });
  });

  it('shows a viewer the stops and the map without any editing control', async () => {
    const viewer = await buildUser(t.server.deps.dataSource, { displayName: 'Vera Viewer' });
    await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');
    const page = await pages.tripPage(viewer, trip);
    try {
      await waitForNames(page, ['Big Sur', 'San Francisco', 'Monterey', 'Santa Barbara', 'Monterey Bay Aquarium']);
      await tripMap(page).getByRole('button', { name: 'Stop 1: Big Sur' }).waitFor();
      await expect(stopList(page).getByRole('button', { name: /^(Drag to reorder|Delete stop:) / }).count()).resolves.toBe(0);
      await expect(addPanel(page).getByRole('tab', { name: 'Add Manually' }).count()).resolves.toBe(0);
      await expect(page.getByRole('region', { name: 'Stops', exact: true }).getByRole('button', { name: 'Undo', exact: true }).count()).resolves.toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('says so when the trip does not exist or is not shared with the user', async () => {
    const page = await ownerContext.newPage();
    await page.goto(`${t.server.url}/trips/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Trip not found', level: 1 }).waitFor();
    await page.getByText('The trip you are looking for does not exist.').waitFor();
    await expect(page.title()).resolves.toBe('Trip not found · Caravan');
    await page.close();
  });

  it('signs out offline: forgets the trips on this device at once and ends the session once back online', async () => {
    const viewer = await buildUser(t.server.deps.dataSource);
    await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');
    const page = await pages.tripPage(viewer, trip);
    const context = page.context();
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const keptTrips = () =>
      page.evaluate(async () => {
        const stores = (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith('caravan-trip-'));
        return {
          // The trip's document; a dated trip's weather is kept in a store of its own, forgotten at sign-out as well.
          documents: stores.filter((name) => name !== 'caravan-trip-weather').length,
          weather: stores.includes('caravan-trip-weather'),
          summaries: Object.keys(localStorage).filter((key) => key.startsWith('caravan-trip-')).length,
        };
      });
    // In localStorage: the page header's summary and the members list.
    await expect.poll(keptTrips).toMatchObject({ documents: 1, summaries: 2 });
    // The worker keeps the app's shell, the sign-in page in it, so signing out offline has a page to land on.
    await page.waitForFunction(async () => {
      const cache = await caches.open('caravan-shell-v1');
      const shell = await cache.match('/');
      const scripts = [...((await shell?.text()) ?? '').matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
      const cached = await Promise.all(scripts.map((path) => cache.match(path)));
      return Boolean(navigator.serviceWorker.controller) && scripts.length > 0 && cached.every(Boolean);
    });

    await context.setOffline(true);
    // Chromium's offline emulation does not always hold a request the service worker lets through (playwright#2311),
    // and routing once let one by as well: the API is cut by hand too, and the server drops any sign-out meanwhile.
    const offline = (route: Route) => route.abort('internetdisconnected');
    await context.route('**/_api/**', offline);
    const backOnline = dropRequests(t.server.httpServer, (request) => request.url?.startsWith('/_api/auth/logout') === true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    await expect.poll(keptTrips).toEqual({ documents: 0, weather: false, summaries: 0 });
    // The server never heard of it yet: the old cookie still works there.
    await expect(t.api.get('/auth/session', { as: cookie }).then(({ status }) => status)).resolves.toBe(200);

    backOnline();
    await context.unroute('**/_api/**', offline);
    await context.setOffline(false);
    await expect.poll(async () => (await t.api.get('/auth/session', { as: cookie })).status).toBe(401);
    await page.goto(`${t.server.url}/trips/${trip.id}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    await context.close();
  });
});
