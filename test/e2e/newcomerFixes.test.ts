/**
 * What a newcomer tripped over, in Debian's Chromium: a place already in the trip says so in the
 * search results; the owner marks a stop visited and edits its date offline, and both reach the server (and
 * the activity feed, in its own words) once back online; the admin's own row, search box and Trip Access
 * form; the share page's one view toggle, its itinerary by the trip's departure time, and its map's loading state.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCalendarDate } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildTrip, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { addPanel, collaboration, saveStatus, toast, tripMap, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { viewport: { width: 1280, height: 900 } });
let owner: User;
let trip: Trip;
let ownerContext: BrowserContext;
let ownerPage: Page;

const details = async () => (await t.api.post('/trips/details', { tripId: trip.id }, { as: owner })).body;

beforeAll(async () => {
  const { dataSource } = t.server.deps;
  owner = await buildUser(dataSource, { displayName: 'Olivia Owner' });
  trip = await buildTrip(dataSource, owner, { title: 'Monterey Weekend' });
  await t.api.post('/trips/stops', { tripId: trip.id, name: 'Monterey', latitude: 36.6002, longitude: -121.8947 }, { as: owner });
  ownerPage = await pages.tripPage(owner, trip);
  ownerContext = ownerPage.context();
});

describe('what a newcomer tripped over', () => {
  it('shows a place already in the trip as in it, with no second Add to Trip', async () => {
    await addPanel(ownerPage).getByRole('tab', { name: 'Search Places' }).click();
    await addPanel(ownerPage).getByLabel('Search for places').fill('aquarium');
    const aquarium = addPanel(ownerPage).getByRole('list', { name: 'Places found' }).getByRole('listitem').filter({ hasText: 'Monterey Bay Aquarium' });
    await aquarium.getByRole('button', { name: 'Add to Trip' }).click();
    // It fits best before Monterey, so the placement choice opens first; Add Stop keeps "At the end".
    await aquarium.getByRole('button', { name: 'Add Stop' }).click();
    await toast(ownerPage, 'Added "Monterey Bay Aquarium" to your trip');
    await aquarium.getByText('In trip', { exact: true }).waitFor();
    await expect(aquarium.getByRole('button', { name: 'Add to Trip' }).count()).resolves.toBe(0);
    await expect.poll(async () => (await details()).stops.filter((stop: { name: string }) => stop.name === 'Monterey Bay Aquarium').length).toBe(1);
  });

  it("marks a stop visited and changes its date offline, and the server has both once back online", async () => {
    // The app shell must be in the worker's cache before the network goes (as in tripLive.test.ts).
    await ownerPage.waitForFunction(async () => Boolean(navigator.serviceWorker.controller));
    await ownerContext.setOffline(true);
    await saveStatus(ownerPage).getByText('Offline — changes kept on this device', { exact: true }).waitFor();

    await tripView(ownerPage).getByRole('button', { name: 'Click to mark as visited: Monterey', exact: true }).click();
    await toast(ownerPage, 'Stop marked as visited');
    await tripView(ownerPage).getByRole('tab', { name: 'Itinerary View' }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Edit stop Monterey', exact: true }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Edit Stop: Monterey' });
    await dialog.getByLabel('Planned Arrival Date').fill('2031-05-17');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(ownerPage, 'Successfully updated date for Monterey');
    await expect(ownerPage.getByText('Failed to update stop status').count()).resolves.toBe(0);

    await ownerContext.setOffline(false);
    await saveStatus(ownerPage).getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const monterey = async () => (await details()).stops.find((stop: { name: string }) => stop.name === 'Monterey');
    await expect.poll(async () => {
      const stop = await monterey();
      return [stop.visited, toCalendarDate(stop.plannedArrivalDate), stop.autoScheduled];
    }).toEqual([true, '2031-05-17', false]);
  });

  it('tells each stop change in the activity feed in its own words', async () => {
    const panel = collaboration(ownerPage);
    await panel.getByRole('tab', { name: 'Activity' }).click();
    const feed = panel.getByRole('list', { name: 'Recent Activity' });
    await feed.getByText('Olivia Owner added the stop "Monterey Bay Aquarium"').waitFor();
    await feed.getByText('Olivia Owner marked "Monterey" as visited').waitFor();
    // Each added once, whichever door: REST for Monterey, the live document for the aquarium.
    await expect(feed.getByText('Olivia Owner added the stop "Monterey Bay Aquarium"').count()).resolves.toBe(1);
    await expect(feed.getByText('Olivia Owner added the stop "Monterey"', { exact: true }).count()).resolves.toBe(1);
  });

  it("offers the admin no working Disable on their own row, a search box that shows its placeholder, and says what Trip Access misses", async () => {
    const admin = await buildUser(t.server.deps.dataSource, { displayName: 'Ada Admin', role: 'admin' });
    const page = await pages.signedInPage(admin);
    await page.goto(`${t.server.url}/admin`);
    const ownRow = page.getByRole('row').filter({ hasText: 'Ada Admin' });
    await expect(ownRow.getByRole('button', { name: /Disable/ }).isDisabled()).resolves.toBe(true);
    await ownRow.getByText('You cannot change your own status.').waitFor();
    await expect(page.getByRole('row').filter({ hasText: 'Olivia Owner' }).getByRole('button', { name: /Disable/ }).isEnabled()).resolves.toBe(true);

    // The placeholder's text fits inside the box.
    const fits = await page.getByPlaceholder('Search by name or email').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);

    await page.getByRole('tab', { name: 'Trip Access' }).click();
    await page.getByRole('button', { name: 'Add to Trip' }).click();
    await page.getByRole('alert').getByText('Choose the user to add.').waitFor();
    await expect(page.getByRole('combobox', { name: /^User/ }).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('combobox', { name: /^User/ }).selectOption({ label: `Olivia Owner (${owner.email})` });
    await page.getByRole('button', { name: 'Add to Trip' }).click();
    await page.getByRole('alert').getByText('Choose the trip to add them to.').waitFor();
  });

  it("gives the share page one view toggle, an itinerary by the trip's own plan settings, and a loading state before its map draws", async () => {
    expect((await t.api.post('/trips/road-settings', { tripId: trip.id, departureTime: '06:15' }, { as: owner })).status).toBe(200);
    // An earlier test held Monterey to a date years ahead, which makes day 1 the start alone: clear it (the epoch
    // clears a date, as Reset All Dates does), so day 1 drives on and leaves at the trip's departure time.
    const monterey = (await details()).stops.find((stop: { name: string }) => stop.name === 'Monterey');
    const cleared = await t.api.post('/trips/stops/update-planned-date', { tripId: trip.id, stopId: monterey.id, plannedArrivalDate: '1970-01-01', autoScheduled: false }, { as: owner });
    expect(cleared.status).toBe(200);
    await ownerPage.getByRole('switch', { name: 'Make public' }).click();
    await toast(ownerPage, 'Trip is now public and shareable');
    await expect.poll(async () => (await details()).shareToken).not.toBeNull();
    const page = await pages.signedInPage(owner);
    // Hold the map's code back a moment, as a slow link does, to see what stands in for it.
    await page.route(/\/assets\/TripMap-.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`${t.server.url}/share/${(await details()).shareToken}`);
    await page.getByRole('heading', { name: 'Monterey Weekend', level: 1 }).waitFor();
    await expect(page.getByRole('tab', { name: 'Story View' }).count()).resolves.toBe(1);
    await expect(page.getByRole('tablist').count()).resolves.toBe(1);
    // The share page has no live document: day 1 leaves at the trip's departure time as its answer says.
    await page.getByRole('tab', { name: 'Itinerary View' }).click();
    await tripView(page).locator('.itinerary-day').first().getByText('Leave 6:15 AM', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Map View' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading map' }).waitFor();
    await tripMap(page).waitFor();
  });
});
