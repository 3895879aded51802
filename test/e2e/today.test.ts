/**
 * Today in Debian's Chromium, on a trip under way (its start date is today on the California coast): the owner on
 * Today's own address presses "We're running late by 30 min" and the editor's trip page, which the Today panel leads
 * (above its stops and the Story / Itinerary toggle), shows the re-timed leave-by live; the editor's own delay, made
 * offline, reaches the owner once back online, and so does an arrival time the group gives; a viewer sees it all with
 * nothing to press; what no longer fits is dropped (and undone) or moved to tomorrow;
 * "We're here" marks the stop visited and both pages head for the next one. Tonight's lodging shows its check-in and
 * confirmation. The panel passes axe at 1366 and 390 px, light and dark, and fits the window.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { cutOffControls, elementsPastTheEdge } from './layoutChecks.ts';
import { HEAVY_FIRST_MS, LIVE_MS, stopList, tripView } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { viewport: { width: 1366, height: 900 }, bypassCSP: true });
let owner: User;
let trip: Trip;
let stopIds: string[];
let ownerPage: Page;
let editorPage: Page;

/** Down the coast from San Francisco (the trip's first stop), a night in Monterey, Carmel tomorrow; Santa Cruz's 08:00 tour cannot be made. */
const STOPS = [
  { name: 'Half Moon Bay', latitude: 37.4636, longitude: -122.4286 },
  { name: 'Santa Cruz', latitude: 36.9741, longitude: -122.0308 },
  { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Carmel-by-the-Sea', latitude: 36.5552, longitude: -121.9233 },
];

const today = (page: Page) => page.getByRole('region', { name: 'Today', exact: true });
const leaveBy = (page: Page) => today(page).getByTestId('today-leave-by');
const stopNames = async (): Promise<string[]> =>
  (await t.server.deps.dataSource.query('SELECT name FROM stops WHERE trip_id = $1 ORDER BY stop_order', [trip.id])).map((row: { name: string }) => row.name);
const nextStop = (page: Page) => today(page).getByRole('article').getByRole('heading', { level: 3 });

beforeAll(async () => {
  const crew = await tripWithMember(t, 'editor', { title: 'Coast Day', stops: STOPS });
  ({ owner, trip } = crew);
  stopIds = crew.stops.map((stop) => stop.id);
  const as = { as: owner };
  const startDate = wallClock(Date.now(), 'America/Los_Angeles').date;
  expect((await t.api.post('/trips/road-settings', { tripId: trip.id, startDate, departureTime: '09:00' }, as)).status).toBe(200);
  const lodging = { name: 'Monterey Bay Inn', address: '242 Cannery Row', checkIn: '15:00', checkOut: '11:00', confirmation: 'MBI-4471', url: null, price: null, nights: 1 };
  expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId: stopIds[2], overnight: true, lodging }, as)).status).toBe(200);
  expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId: stopIds[1], fixedTime: '08:00' }, as)).status).toBe(200);

  ownerPage = await pages.signedInPage(owner);
  await ownerPage.goto(`${t.server.url}/trips/${trip.id}/today`);
  await today(ownerPage).waitFor();
  editorPage = await pages.tripPage(crew.member, trip);
});

describe('Today on a trip under way', () => {
  it("leads the editor's trip page, above its stops and the Story / Itinerary toggle, with the next stop, its leave-by and tonight's lodging", async () => {
    const panel = today(editorPage);
    await panel.waitFor();
    const top = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element.getBoundingClientRect().top);
    const [panelTop, stopsTop, tabsTop] = await Promise.all([
      top(panel),
      top(stopList(editorPage)),
      top(tripView(editorPage).getByRole('tab', { name: 'Story View' })),
    ]);
    expect(panelTop).toBeLessThan(stopsTop);
    expect(panelTop).toBeLessThan(tabsTop);
    expect(await tripView(editorPage).getByRole('tab', { name: 'Story View' }).getAttribute('aria-selected')).toBe('true');
    expect(await nextStop(editorPage).textContent()).toBe('Half Moon Bay');
    expect(await leaveBy(editorPage).textContent()).toBe('Leave by 9:00 AM');
    const tonight = panel.getByRole('region', { name: 'Tonight' });
    await tonight.getByText('Monterey Bay Inn').waitFor();
    await tonight.getByText('Check-in from 15:00').waitFor();
    await tonight.getByText('Confirmation MBI-4471').waitFor();
    const links = panel.getByRole('navigation', { name: /Navigate with/ });
    expect(await links.getByRole('link', { name: /Waze/ }).getAttribute('href')).toBe('https://waze.com/ul?ll=37.4636,-122.4286&navigate=yes');
    expect(await links.getByRole('link', { name: 'Maps app' }).getAttribute('href')).toMatch(/^geo:37\.4636,-122\.4286\?q=/);
  });

  it("re-times the editor's leave-by live when the owner says they run 30 minutes late", async () => {
    await today(ownerPage).getByRole('button', { name: 'Running late by 30 min' }).click();
    await leaveBy(ownerPage).getByText('Leave by 9:30 AM').waitFor({ timeout: LIVE_MS });
    await leaveBy(editorPage).getByText('Leave by 9:30 AM').waitFor({ timeout: LIVE_MS });
    await today(editorPage).getByRole('status').getByText('Running 30 min late').waitFor({ timeout: LIVE_MS });
    const rows = await t.server.deps.dataSource.query('SELECT delay_minutes AS "delayMinutes" FROM stops WHERE trip_id = $1 AND id = $2', [trip.id, stopIds[0]]);
    expect(rows).toEqual([{ delayMinutes: 30 }]);
  });

  it("keeps an editor's delay made offline on the device and brings it to the owner once back online", async () => {
    await editorPage.context().setOffline(true);
    await today(editorPage).getByRole('button', { name: 'Running late by 15 min' }).click();
    await leaveBy(editorPage).getByText('Leave by 9:45 AM').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await leaveBy(ownerPage).textContent()).toBe('Leave by 9:30 AM');
    await editorPage.context().setOffline(false);
    await leaveBy(ownerPage).getByText('Leave by 9:45 AM').waitFor({ timeout: 15_000 });
  });

  it('re-times the day from the arrival time the group gives, for every member', async () => {
    const arrival = today(ownerPage).getByLabel('Or we will arrive at');
    await arrival.fill('11:00');
    await today(ownerPage).getByRole('button', { name: 'Set arrival' }).click();
    await today(editorPage).getByRole('article').getByText('Arrive 11:00 AM').waitFor({ timeout: LIVE_MS });
    await today(ownerPage).getByRole('article').getByText('Arrive 11:00 AM').waitFor({ timeout: LIVE_MS });
  });

  it('shows a viewer the day as it runs, with nothing to press', async () => {
    const viewer = await buildUser(t.server.deps.dataSource, { displayName: 'Victor Viewer' });
    await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');
    const viewerPage = await pages.tripPage(viewer, trip);
    await today(viewerPage).getByRole('article').getByText('Arrive 11:00 AM').waitFor();
    await today(viewerPage).getByText('Owners and editors mark arrivals and delays; you see them here as they happen.').waitFor();
    expect(await today(viewerPage).getByRole('button').count()).toBe(0);
  });

  it('offers what no longer fits: dropped with Undo, then moved to tomorrow for every member', async () => {
    const misfits = (page: Page) => today(page).getByRole('region', { name: 'No longer fits today' });
    await misfits(editorPage).getByText('misses its 08:00 start', { exact: false }).waitFor();
    await misfits(ownerPage).getByRole('button', { name: 'Drop Santa Cruz from the trip' }).click();
    await today(editorPage).getByRole('region', { name: 'Later today' }).getByText('Monterey').waitFor();
    await expect.poll(() => stopNames(), { timeout: LIVE_MS }).not.toContain('Santa Cruz');
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => stopNames(), { timeout: LIVE_MS }).toContain('Santa Cruz');
    await misfits(ownerPage).getByRole('button', { name: 'Move to tomorrow: Santa Cruz' }).click();
    await expect.poll(() => stopNames(), { timeout: LIVE_MS }).toEqual(['San Francisco', 'Half Moon Bay', 'Monterey', 'Santa Cruz', 'Carmel-by-the-Sea']);
    await misfits(editorPage).waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(await today(editorPage).getByRole('region', { name: 'Later today' }).getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Monterey')]);
  });

  it("marks the stop visited at its real arrival on \"We're here\", and both pages head for the next stop", async () => {
    const here = today(ownerPage).getByRole('button', { name: /^We're here/ });
    await here.focus();
    await ownerPage.keyboard.press('Enter');
    await nextStop(editorPage).getByText('Monterey', { exact: true }).waitFor({ timeout: LIVE_MS });
    await nextStop(ownerPage).getByText('Monterey', { exact: true }).waitFor({ timeout: LIVE_MS });
    const [row] = await t.server.deps.dataSource.query(
      'SELECT visited, visited_at AS "visitedAt", arrived_at AS "arrivedAt" FROM stops WHERE trip_id = $1 AND id = $2',
      [trip.id, stopIds[0]],
    );
    expect(row.visited).toBe(true);
    expect(row.arrivedAt).toEqual(row.visitedAt);
    expect(Math.abs(Date.now() - row.arrivedAt.getTime())).toBeLessThan(60_000);
  });

  it('passes axe and fits the window at 1366 and 390 px, light and dark', async () => {
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await expectAccessible(ownerPage, `today ${width} ${colorScheme}`, { theme: colorScheme, within: today(ownerPage) });
        expect(await elementsPastTheEdge(ownerPage), `today ${width}`).toEqual([]);
        expect(await cutOffControls(ownerPage), `today ${width}`).toEqual([]);
        await screenshot(today(ownerPage), `today/panel-${width}-${colorScheme}`);
      }
    }
  });

  it("links the trip from My Trips to its Today address while it is under way (the member's device in California)", { timeout: 120_000 }, async () => {
    const myTrips = await pages.signedInPage(owner, { timezoneId: 'America/Los_Angeles' });
    await myTrips.goto(`${t.server.url}/trips`);
    const link = myTrips.getByRole('link', { name: 'Today on Coast Day: the trip is under way' });
    // The trip's last day comes from its schedule, walked in the worker pool: maybe its first task, its thread starting.
    await link.waitFor({ timeout: HEAVY_FIRST_MS });
    expect(await link.getAttribute('href')).toBe(`/trips/${trip.id}/today`);
    await link.click();
    await today(myTrips).getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    expect(new URL(myTrips.url()).pathname).toBe(`/trips/${trip.id}/today`);
  });

  it("opens Today's address on a phone with the panel in view and its heading focused", async () => {
    const phone = await pages.pageBeside(ownerPage, { width: 390, height: 844 });
    await phone.goto(`${t.server.url}/trips/${trip.id}/today`);
    const heading = today(phone).getByRole('heading', { name: 'Today', level: 2 });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(844);
    await screenshot(phone, 'today/address-390', { fullPage: false });
  });
});
