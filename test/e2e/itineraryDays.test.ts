/**
 * The itinerary by the day in Debian's Chromium: a trip from San Francisco over the Sierra to Salt Lake City with
 * stays, a hotel night in Reno and a museum closed on Mondays (the plan fields written into the live document by
 * the server, as the leg keeper writes legs). Both members see the days with local times in Pacific and Mountain
 * time and the museum's warning; the owner's "Use these dates" reaches the editor live and one Undo
 * takes it back; the page passes axe at 1366 and 390 px, light and dark.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeSchedule, metaMap, orderedStops, plannedCalendarDate, readMeta, stopsMap, type Schedule, type TTripDetail } from '@caravan/shared';
import { serverOrigin, type Trip, type User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { screenshot, takingScreenshots } from './browser.ts';
import { expectAccessible } from './a11y.ts';
import { LIVE_MS, tripMap, tripView } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let owner: User;
let trip: Trip;
let ownerPage: Page;
let editorPage: Page;

/** 2031-06-01 is a Sunday: the day after the night in Reno is a Monday. */
const START = '2031-06-01';
const STOPS = [
  { name: 'Sacramento', latitude: 38.5816, longitude: -121.4944 },
  { name: 'Whitney Peak Hotel', latitude: 39.5262, longitude: -119.8132 },
  { name: 'Nevada Museum of Art', latitude: 39.5213, longitude: -119.8083 },
  { name: 'West Wendover', latitude: 40.7391, longitude: -114.0733 },
  { name: 'Salt Lake City', latitude: 40.7608, longitude: -111.891 },
];
const LODGING = { name: 'Whitney Peak Hotel', address: null, checkIn: '15:00', checkOut: '09:30', confirmation: null, url: null, price: null, nights: 1 };

const hub = () => t.server.deps.tripDocs;
async function liveDoc() {
  return (await hub().open(trip.id))!.doc;
}

/** The schedule of the document as the server holds it now, by the same function the page runs. */
async function serverSchedule(): Promise<{ schedule: Schedule; names: Map<string, string> }> {
  const doc = await liveDoc();
  const stops = orderedStops(doc);
  return { schedule: computeSchedule(readMeta(doc), stops), names: new Map(stops.map((stop) => [stop.id, stop.name])) };
}

async function storedDates(): Promise<(string | null)[]> {
  const response = await t.api.post<TTripDetail>('/trips/details', { tripId: trip.id }, { as: owner });
  return response.body.stops.map((stop) => plannedCalendarDate(stop.plannedArrivalDate));
}

const dayHeadings = (page: Page) => tripView(page).locator('.day-header h3').allTextContents();
const card = (page: Page, name: string) =>
  tripView(page).locator('.stop-card', { has: page.locator('.stop-card-name').getByText(name, { exact: true }) });

async function itinerary(user: User): Promise<Page> {
  const page = await pages.tripPage(user, trip);
  await tripView(page).getByRole('tab', { name: 'Itinerary View' }).click();
  return page;
}

beforeAll(async () => {
  const crew = await tripWithMember(t, 'editor', { title: 'Over the Sierra', stops: STOPS });
  ({ owner, trip } = crew);
  const id = (name: string) => crew.stops.find((stop) => stop.name === name)!.id;
  await hub().write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      metaMap(doc).set('startDate', START);
      const set = (name: string, fields: Record<string, unknown>) => Object.entries(fields).forEach(([key, value]) => stopsMap(doc).get(id(name))!.set(key, value));
      set('Sacramento', { kind: 'food', stayMinutes: 45 });
      set('Whitney Peak Hotel', { kind: 'lodging', overnight: true, lodging: LODGING });
      set('Nevada Museum of Art', { kind: 'sight', openingHours: 'Tu-Su 10:00-17:00' });
      set('West Wendover', { kind: 'fuel' });
    }),
  );
  // The leg keeper gives every pair its leg; the days are read once they all have one.
  for (let waited = 0; orderedStops(await liveDoc()).filter((stop) => stop.driveLeg).length < STOPS.length; waited += 50) {
    if (waited > 20_000) throw new Error('The legs never came');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  ownerPage = await itinerary(owner);
  editorPage = await itinerary(crew.member);
});

describe('the itinerary by the day', () => {
  it("shows both members the days, each stop's local time in its zone, the hotel night and the museum closed on Monday", async () => {
    const { schedule, names } = await serverSchedule();
    expect(schedule.days.map((day) => [day.date, day.stopIds.map((stopId) => names.get(stopId))])).toEqual([
      [START, ['San Francisco', 'Sacramento', 'Whitney Peak Hotel']],
      ['2031-06-02', ['Nevada Museum of Art', 'West Wendover', 'Salt Lake City']],
    ]);
    for (const page of [ownerPage, editorPage]) {
      await expect.poll(() => dayHeadings(page)).toEqual(['Day 1 · Sun, Jun 1', 'Day 2 · Mon, Jun 2']);
      // The start date dates every day, so every stop counts as scheduled though none has a planned date yet.
      await tripView(page).getByText(`${STOPS.length + 1}/${STOPS.length + 1} scheduled`, { exact: true }).waitFor();
      const dayOne = tripView(page).locator('.itinerary-day').first();
      await dayOne.getByText('San Francisco → Whitney Peak Hotel').waitFor();
      await dayOne.getByText('Sleep at Whitney Peak Hotel').waitFor();
      await dayOne.getByText('Leave 9:00 AM', { exact: true }).waitFor();
      // Day 2 leaves at the hotel's 09:30 check-out; the museum, 6 minutes on, is closed all Monday.
      await card(page, 'Nevada Museum of Art').getByText(/Closed when we arrive, Mon, Jun 2, 9:3\d AM$/).waitFor();
      await card(page, 'Nevada Museum of Art').getByText('Leave by Mon, Jun 2, 9:30 AM PDT').waitFor();
      // Wendover keeps Mountain time: its arrival is told in MDT, and Salt Lake City's too.
      const wendover = schedule.stops.find((stop) => names.get(stop.stopId) === 'West Wendover')!;
      expect(wendover.timeZone).toBe('America/Denver');
      await expect.poll(() => card(page, 'West Wendover').locator('.stop-times').textContent()).toMatch(/^Arrive \d+:\d\d (AM|PM) MDT · stay 0h 15m · leave/);
      await expect.poll(() => card(page, 'Salt Lake City').locator('.stop-times').textContent()).toMatch(/^Arrive \d+:\d\d (AM|PM) MDT/);
    }
  });

  it("puts the owner's \"Use these dates\" in front of the editor live, and one Undo takes them all back", async () => {
    const planned = (page: Page) => tripView(page).locator('.stop-badges .badge', { hasText: /^Arrive / }).allTextContents();
    expect(await planned(editorPage)).toEqual([]);
    await expect(tripView(editorPage).getByRole('button', { name: 'Use these dates' }).count()).resolves.toBe(0);
    const started = Date.now();
    await tripView(ownerPage).getByRole('button', { name: 'Use these dates' }).click();
    await expect.poll(() => planned(editorPage), { timeout: LIVE_MS, interval: 20 }).toHaveLength(STOPS.length + 1);
    expect(Date.now() - started).toBeLessThan(LIVE_MS);
    // Saved as one change, through the live door into the stops' rows.
    await expect.poll(storedDates).toEqual([START, START, START, '2031-06-02', '2031-06-02', '2031-06-02']);

    await ownerPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => planned(editorPage)).toEqual([]);
    await expect.poll(storedDates).toEqual(Array(STOPS.length + 1).fill(null));
  });

  it('colours the route by day on the map, and shows one day alone with its stops', async () => {
    const map = tripMap(ownerPage);
    const key = () => map.getByRole('list', { name: 'Route key' }).locator('li').allTextContents();
    const pins = () => map.locator('.map-pin').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
    await expect.poll(key).toEqual(expect.arrayContaining(['Day 1 · Sun, Jun 1', 'Day 2 · Mon, Jun 2']));
    await expect.poll(async () => (await pins()).length).toBe(STOPS.length + 1);
    await map.getByLabel('Show on the map').selectOption({ label: 'Day 2 · Mon, Jun 2' });
    await expect.poll(key).not.toContain('Day 1 · Sun, Jun 1');
    expect(await key()).toContain('Day 2 · Mon, Jun 2');
    // Day 2 leaves the hotel (stop 3) for stops 4 to 6: their pins alone, numbered as in the trip.
    await expect.poll(async () => (await pins()).map((label) => label!.match(/\d+/)![0])).toEqual(['3', '4', '5', '6']);
    for (const colorScheme of ['light', 'dark'] as const) {
      await ownerPage.emulateMedia({ colorScheme });
      await screenshot(map, `itinerary/map-day-2-${colorScheme}`);
    }
    await map.getByLabel('Show on the map').selectOption({ label: 'All days' });
    await expect.poll(async () => (await pins()).length).toBe(STOPS.length + 1);
    await ownerPage.emulateMedia({ colorScheme: 'light' });
    await screenshot(map, `itinerary/map-all-days-light`);
  });

  it("writes distances in the owner's unit: miles by the en-US browser, kilometres once the account says so", async () => {
    const dayOne = () => tripView(ownerPage).locator('.itinerary-day').first().locator('.day-facts').textContent();
    const { schedule } = await serverSchedule();
    const km = schedule.days[0].distanceKm;
    await expect.poll(dayOne).toContain(`${(km / 1.609344).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} mi`);
    await ownerPage.getByRole('banner').getByRole('link', { name: 'Olivia Owner' }).click();
    await ownerPage.getByLabel('Distances in').selectOption({ label: 'Kilometres' });
    await ownerPage.getByRole('button', { name: 'Save', exact: true }).click();
    await ownerPage.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    // Pictures only: without them the page stays as it is (1366 px) rather than being resized for nothing.
    if (takingScreenshots()) {
      for (const [width, height] of [[390, 844], [1366, 900]]) {
        await ownerPage.setViewportSize({ width, height });
        await screenshot(ownerPage.locator('form[aria-labelledby="account-profile-title"]'), `itinerary/account-units-${width}`);
      }
    }
    await ownerPage.goBack();
    await tripView(ownerPage).getByRole('tab', { name: 'Itinerary View' }).click();
    await expect.poll(dayOne).toContain(`${km.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`);
  });

  it('passes axe at 1366 and 390 px, light and dark', async () => {
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await ownerPage.setViewportSize({ width, height });
        await ownerPage.emulateMedia({ colorScheme });
        await tripView(ownerPage).locator('.itinerary-day').first().scrollIntoViewIfNeeded();
        await expectAccessible(ownerPage, `itinerary by day ${width} ${colorScheme}`, { theme: colorScheme, within: tripView(ownerPage) });
        await screenshot(tripView(ownerPage).locator('.itinerary-days'), `itinerary/itinerary-days-${width}-${colorScheme}`);
      }
    }
  });
});
