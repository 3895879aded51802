/**
 * The base map and framing, in Debian's Chromium with no network: the default OpenFreeMap style
 * cannot load, so the map falls back to the embedded base map at once (land, water and borders drawn, with
 * its attribution); fitting keeps the "Start" badge and the last stop clear of the controls; a trip whose
 * stops have no position says so on the map, flags them in the stop list, and 'Set location' fixes one.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL, type TCreateTripResponse } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { openTripPage, screenshot } from './browser.ts';
import { colourShare } from './mapPixels.ts';
import { useTripPages } from './tripPages.ts';
import { tripMap } from './tripPageParts.ts';

/** The embedded style's land and water (web/src/components/tripMap/embedded/embeddedStyle.ts). */
const LAND = '#f4f1e8';
const WATER = '#cfe2ea';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true, stepTimeout: 15_000 });
let owner: User;
/** The owner's first trip page of the framing tests: the later ones open beside it (a new context costs a CPU second). */
let firstOwnerPage: Page | undefined;

/** A page of the owner's own on `trip`, at `viewport`. */
async function ownerTripPage(trip: TCreateTripResponse, viewport = { width: 1366, height: 900 }): Promise<Page> {
  if (!firstOwnerPage) return (firstOwnerPage = await pages.tripPage(owner, trip, { viewport }));
  const page = await pages.pageBeside(firstOwnerPage, viewport);
  await openTripPage(page, t, trip);
  return page;
}

beforeAll(async () => {
  owner = await buildUser(t.server.deps.dataSource, { displayName: 'Mapping Owner' });
});

async function createTrip(title: string, start: { name: string; latitude: number; longitude: number }, stops: Array<typeof start> = []) {
  const created = await t.api.post<TCreateTripResponse>(
    '/trips',
    { title, startLocationName: start.name, startLocationLatitude: start.latitude, startLocationLongitude: start.longitude },
    { as: owner },
  );
  expect(created.status).toBe(201);
  for (const stop of stops) expect((await t.api.post('/trips/stops', { tripId: created.body.id, ...stop }, { as: owner })).status).toBe(201);
  return created.body;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/** Waits until the element has stayed put for half a second: fitting runs once the map is ready. */
async function settled(element: ReturnType<Page['locator']>): Promise<void> {
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await element.boundingBox());
      const same = now === last && now !== 'null';
      last = now;
      return same;
    }, { interval: 500, timeout: 10_000 })
    .toBe(true);
}

async function box(selector: ReturnType<Page['locator']>): Promise<Box> {
  const found = await selector.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

describe('the base map with no network', () => {
  it('asks OpenFreeMap, then, when it cannot load, draws the embedded land, water and borders, with attribution', async () => {
    const trip = await createTrip('Coast to Coast', { name: 'Seattle', latitude: 47.6062, longitude: -122.3321 }, [
      { name: 'Denver', latitude: 39.7392, longitude: -104.9903 },
      { name: 'New York', latitude: 40.7128, longitude: -74.006 },
    ]);
    const asked: string[] = [];
    const page = await pages.signedInPage(owner);
    // The context's requests, so the service worker's count too.
    page.context().on('request', (request) => asked.push(request.url()));
    await openTripPage(page, t, trip);

    const map = tripMap(page);
    await map.locator('canvas').waitFor();
    await map.getByText('Natural Earth').waitFor({ state: 'attached' });
    const canvas = map.locator('canvas');
    await expect.poll(() => colourShare(page, canvas, LAND), { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect(await colourShare(page, canvas, WATER)).toBeGreaterThan(0.02);
    expect(asked).toContain(DEFAULT_MAP_STYLE_URL);
    await screenshot(page, 'base-map-embedded');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('fits the stops clear of the controls: the Start badge below the mode button, the last stop beside the zoom buttons', async () => {
    const trip = await createTrip('North by East', { name: 'Vancouver', latitude: 49.2827, longitude: -123.1207 }, [
      { name: 'Salt Lake City', latitude: 40.7608, longitude: -111.891 },
      { name: 'Boston', latitude: 42.3601, longitude: -71.0589 },
    ]);
    const page = await ownerTripPage(trip);
    const map = tripMap(page);
    const startMarker = map.locator('.maplibregl-marker', { has: page.getByRole('button', { name: 'Stop 1: Vancouver' }) });
    const startBadge = startMarker.locator('.pin-badge');
    const lastPin = map.getByRole('button', { name: 'Stop 3: Boston' });
    await settled(lastPin);
    const mapBox = await box(map);
    const modeButton = await box(map.getByRole('button', { name: 'Route' }));
    const zoom = await box(map.locator('.maplibregl-ctrl-group'));
    const badge = await box(startBadge);
    const start = await box(startMarker.getByRole('button'));
    const last = await box(lastPin);
    for (const part of [badge, start, last]) expect(within(part, mapBox)).toBe(true);
    expect(overlaps(badge, modeButton)).toBe(false);
    expect(overlaps(start, modeButton)).toBe(false);
    expect(overlaps(last, zoom)).toBe(false);
    await screenshot(page, 'map-framing');
  });

  it('fits the Start badge below the day picker too when the trip has days', async () => {
    // Down the coast from its north-west corner, in a window as short as a laptop's: the fit fills the map's height,
    // so the start sits in the map's top left corner, where the mode button and the day picker are.
    const trip = await createTrip('Coast in Days', { name: 'Ferndale', latitude: 40.5762, longitude: -124.2639 }, [
      { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
      { name: 'San Diego', latitude: 32.7157, longitude: -117.1611 },
    ]);
    const { body: details } = await t.api.post<{ stops: Array<{ id: string; name: string }> }>('/trips/details', { tripId: trip.id }, { as: owner });
    const monterey = details.stops.find((stop) => stop.name === 'Monterey')!;
    expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId: monterey.id, overnight: true }, { as: owner })).status).toBe(200);
    const page = await ownerTripPage(trip, { width: 1366, height: 768 });
    const map = tripMap(page);
    const dayPicker = map.getByRole('combobox', { name: 'Show on the map' });
    await dayPicker.waitFor();
    const startMarker = map.locator('.maplibregl-marker', { has: page.getByRole('button', { name: 'Stop 1: Ferndale' }) });
    await settled(map.getByRole('button', { name: 'Stop 3: San Diego' }));
    const picker = await box(dayPicker);
    for (const part of [await box(startMarker.locator('.pin-badge')), await box(startMarker.getByRole('button'))]) {
      expect(within(part, await box(map))).toBe(true);
      expect(overlaps(part, picker)).toBe(false);
    }
  });
});

describe('stops without a position', () => {
  it('the map says so, the list flags them, and Set location puts the stop on the map', async () => {
    const trip = await createTrip('Somewhere Unknown', { name: 'Mystery Spot', latitude: 0, longitude: 0 });
    const page = await ownerTripPage(trip);
    const map = tripMap(page);
    await map.getByText('No stop has a location yet, so the map cannot show the trip.', { exact: false }).waitFor();
    expect(await map.getByRole('button', { name: 'Stop 1: Mystery Spot' }).count()).toBe(0);

    const stopList = page.getByRole('list', { name: 'Stops' });
    const row = stopList.locator('li', { hasText: 'Mystery Spot' });
    await row.getByText('No location').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Set location for Mystery Spot' }).click();

    const dialog = page.getByRole('dialog', { name: 'Set location: Mystery Spot' });
    const search = dialog.getByRole('combobox', { name: 'Location' });
    await search.fill('Chicago');
    const option = dialog.getByRole('option').filter({ hasText: 'Chicago' }).first();
    await option.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await option.click();

    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Location set for Mystery Spot', { exact: true }).waitFor();
    await map.getByRole('button', { name: 'Stop 1: Mystery Spot' }).waitFor();
    expect(await row.getByText('No location').count()).toBe(0);
    expect(await map.getByText('No stop has a location yet', { exact: false }).count()).toBe(0);
    const details = await t.api.post<{ stops: Array<{ latitude: number; longitude: number; address: string | null }> }>(
      '/trips/details',
      { tripId: trip.id },
      { as: owner },
    );
    expect(details.body.stops[0].latitude).toBeCloseTo(41.88, 1);
    expect(details.body.stops[0].longitude).toBeCloseTo(-87.63, 1);
    expect(details.body.stops[0].address).toContain('Chicago');
  });
});
