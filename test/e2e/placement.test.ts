/**
 * No stop in the wrong place by accident, in Debian's Chromium: Add Manually (and Suggest Stop alike) looks a typed
 * address up, reads typed coordinates as the position, and when nothing is found says so and offers 'Place on map'
 * or 'Add without a position'; a marker moves only past a small threshold (under a finger, only after a hold: a swipe pans the
 * map), the move is announced with its distance and an Undo, and the address follows unless it was typed; a new trip starts in its owner's currency; a signed-in visitor's `/`
 * leads with their trips (or the first step), a signed-out one's has Log in; My Trips cards show the dates; the
 * admin's Outbox lists the e-mails that did not go out. Each screen passes axe at 1366 and 390 px.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, localeCurrency, type TCostsOverview } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildUser } from '@caravan/server/test';
import { tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { addPanel, clickBareMap, closeToasts, collaboration, LIVE_MS, stopList, toast, tripMap } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
// en-US: distances in miles, money in dollars. bypassCSP lets the test put axe-core in the page.
const pages = useTripPages(t, { bypassCSP: true, locale: 'en-US' });
const text = tripPageMessages;

let owner: User;
let viewer: User;
let trip: Trip;
let ownerPage: Page;

const OLYMPIA = { name: 'Olympia', address: 'Olympia, WA, United States', latitude: 47.0379, longitude: -122.9007 };
const LODGE = { name: 'Lake Crescent Lodge', address: '416 Lake Crescent Rd, Port Angeles', latitude: 48.0578, longitude: -123.8001 };
const SEATTLE = { name: 'Seattle', address: 'Seattle, WA, United States', latitude: 47.6062, longitude: -122.3321 };

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

interface StoredStop {
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
}

/** The stop as the server keeps it, by name; undefined until it is there. */
async function stored(name: string): Promise<StoredStop | undefined> {
  const [row] = await t.server.deps.dataSource.query(`SELECT name, address, latitude, longitude FROM stops WHERE trip_id = $1 AND name = $2`, [
    trip.id,
    name,
  ]);
  return row;
}

/** The suggestion as the server keeps it, by name; undefined until it is there. */
async function storedSuggestion(name: string): Promise<{ address: string | null; latitude: number | null; longitude: number | null } | undefined> {
  const [row] = await t.server.deps.dataSource.query(`SELECT address, latitude, longitude FROM stop_suggestions WHERE trip_id = $1 AND name = $2`, [trip.id, name]);
  return row;
}

/** axe at both widths (the light theme at 1366 px, the dark one at 390 px), with `shown` scrolled into view; a picture of each with SCREENSHOTS=1. */
async function auditEveryWay(page: Page, screen: string, shown?: Locator): Promise<void> {
  for (const [width, colorScheme] of [[1366, 'light'], [390, 'dark']] as const) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await page.emulateMedia({ colorScheme });
    await shown?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expectAccessible(page, `${screen} at ${width} px, ${colorScheme}`);
    await screenshot(page, `placement/${screen}-${width}-${colorScheme}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Presses the mouse on `marker`, moves it by (dx, dy) in steps, and lets go. */
async function drag(page: Page, marker: Locator, dx: number, dy: number) {
  const box = (await marker.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  const steps = 10;
  for (let step = 1; step <= steps; step += 1) await page.mouse.move(x + (dx * step) / steps, y + (dy * step) / steps);
  await page.mouse.up();
}

beforeAll(async () => {
  ({ owner, member: viewer, trip } = await tripWithMember(t, 'viewer', { title: 'Puget Sound loop', stops: [OLYMPIA, LODGE, SEATTLE] }));
  ownerPage = await pages.tripPage(owner, trip);
  await tripMap(ownerPage).getByRole('button', { name: 'Stop 4: Seattle' }).waitFor();
  // The first search builds the gazetteer's index (seconds on a busy machine).
  expect((await t.api.post('/search/locations', { query: 'Olympia' }, { as: owner })).status).toBe(200);
});

describe('Add Manually', () => {
  it('says when the typed place is not found, and adds it only where, or as, the user chooses', { timeout: 90_000 }, async () => {
    const panel = addPanel(ownerPage);
    await panel.getByRole('tab', { name: 'Add Manually' }).click();
    await panel.getByLabel('Stop name').fill('Qwxyz Campground');
    await panel.getByRole('combobox', { name: 'Address' }).fill('Qwxyz Creek Road');
    await panel.getByRole('button', { name: 'Add Stop' }).click();
    const choice = panel.getByRole('group', { name: 'No place found for "Qwxyz Creek Road".' });
    await choice.waitFor();
    await expect(panel.getByRole('status').filter({ hasText: 'No place found' }).count()).resolves.toBe(1);
    expect(await stored('Qwxyz Campground')).toBeUndefined();
    await auditEveryWay(ownerPage, 'add-manually-not-found', choice);

    await choice.getByRole('button', { name: 'Add without a position' }).click();
    await toast(ownerPage, 'Added "Qwxyz Campground" to your trip');
    await expect.poll(() => stored('Qwxyz Campground')).toMatchObject({ address: 'Qwxyz Creek Road', latitude: 0, longitude: 0 });

    await panel.getByLabel('Stop name').fill('Hidden Meadow');
    await panel.getByRole('combobox', { name: 'Address' }).fill('Qwxyz Meadow Trail');
    await panel.getByRole('button', { name: 'Add Stop' }).click();
    await panel.getByRole('group', { name: 'No place found for "Qwxyz Meadow Trail".' }).getByRole('button', { name: 'Place on map' }).click();
    const prompt = tripMap(ownerPage).getByRole('status').filter({ hasText: 'Click the map where Hidden Meadow is' });
    await prompt.waitFor();
    // Nothing is added until the click.
    expect(await stored('Hidden Meadow')).toBeUndefined();
    await clickBareMap(ownerPage, { x: 0.7, y: 0.3 });
    await toast(ownerPage, 'Added "Hidden Meadow" to your trip');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => stored('Hidden Meadow')).toMatchObject({ address: 'Qwxyz Meadow Trail' });
    expect((await stored('Hidden Meadow'))!.latitude).not.toBe(0);
    await tripMap(ownerPage).getByRole('button', { name: /^Stop \d+: Hidden Meadow$/ }).waitFor();
  });

  it('puts a typed address at the place it names, and typed coordinates at that position', async () => {
    const panel = addPanel(ownerPage);
    await panel.getByRole('tab', { name: 'Add Manually' }).click();
    await panel.getByLabel('Stop name').fill('Tacoma');
    await panel.getByRole('combobox', { name: 'Address' }).fill('Tacoma, Washington');
    await panel.getByRole('button', { name: 'Add Stop' }).click();
    await toast(ownerPage, 'Added "Tacoma" to your trip');
    await panel.getByRole('status').getByText('Tacoma is on the map at Tacoma, WA, United States.').waitFor();
    await expect.poll(async () => (await stored('Tacoma'))?.latitude ?? 0).toBeCloseTo(47.25, 1);
    expect((await stored('Tacoma'))!.address).toBe('Tacoma, Washington');

    await panel.getByLabel('Stop name').fill('Pittock Mansion');
    await panel.getByRole('combobox', { name: 'Address' }).fill("45°31'30\"N 122°42'58\"W");
    await panel.getByRole('option').filter({ hasText: '45.525, -122.716111' }).waitFor();
    await panel.getByRole('button', { name: 'Add Stop' }).click();
    await toast(ownerPage, 'Added "Pittock Mansion" to your trip');
    await expect.poll(() => stored('Pittock Mansion')).toMatchObject({ latitude: 45.525, longitude: -122.716111 });

    await panel.getByLabel('Stop name').fill('47.6205, -122.3493');
    await panel.getByRole('button', { name: 'Add Stop' }).click();
    await toast(ownerPage, 'Added "47.6205, -122.3493" to your trip');
    await expect.poll(() => stored('47.6205, -122.3493')).toMatchObject({ latitude: 47.6205, longitude: -122.3493 });
  });
});

describe('Suggest Stop', () => {
  it("looks the typed address up as Add Manually does, and when nothing is found suggests it only where, or as, the viewer chooses", { timeout: 90_000 }, async () => {
    const page = await pages.tripPage(viewer, trip);
    const panel = collaboration(page);
    await panel.getByRole('tab', { name: 'Suggest Stop' }).click();
    const submit = async (name: string, address: string) => {
      await panel.getByLabel('Stop name').fill(name);
      await panel.getByRole('combobox', { name: 'Address (optional)' }).fill(address);
      await panel.getByRole('button', { name: 'Submit Suggestion' }).click();
    };

    await submit('Tacoma Dome', 'Tacoma, Washington');
    await toast(page, 'Suggestion submitted for review!');
    await panel.getByRole('status').getByText('Tacoma Dome is on the map at Tacoma, WA, United States.').waitFor();
    await expect.poll(async () => (await storedSuggestion('Tacoma Dome'))?.latitude ?? 0).toBeCloseTo(47.25, 1);
    expect((await storedSuggestion('Tacoma Dome'))!.address).toBe('Tacoma, Washington');
    // The next suggestion's toast says the same: the first one gone, it is the next one's.
    await closeToasts(page);

    await submit('Qwxyz Falls', 'Qwxyz Falls Trail');
    const choice = panel.getByRole('group', { name: 'No place found for "Qwxyz Falls Trail".' });
    await choice.getByRole('button', { name: 'Place on map' }).click();
    const prompt = tripMap(page).getByRole('status').filter({ hasText: 'Click the map where Qwxyz Falls is' });
    await prompt.waitFor();
    expect(await storedSuggestion('Qwxyz Falls')).toBeUndefined();
    await clickBareMap(page, { x: 0.3, y: 0.7 });
    await toast(page, 'Suggestion submitted for review!');
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(() => storedSuggestion('Qwxyz Falls')).toMatchObject({ address: 'Qwxyz Falls Trail' });
    expect((await storedSuggestion('Qwxyz Falls'))!.latitude).not.toBeNull();

    await submit('Qwxyz Spring', 'Qwxyz Spring Road');
    await panel.getByRole('group', { name: 'No place found for "Qwxyz Spring Road".' }).getByRole('button', { name: 'Suggest without a position' }).click();
    await expect.poll(() => storedSuggestion('Qwxyz Spring')).toEqual({ address: 'Qwxyz Spring Road', latitude: null, longitude: null });
  });
});

describe("a stop's marker", () => {
  it('stays put for a press that moves less than the threshold, and opens its popup', async () => {
    const before = await stored('Olympia');
    await drag(ownerPage, tripMap(ownerPage).getByRole('button', { name: 'Stop 2: Olympia' }), 6, 4);
    await ownerPage.getByRole('link', { name: 'Open in Google Maps' }).waitFor();
    await ownerPage.waitForTimeout(300);
    expect(await stored('Olympia')).toEqual(before);
    await expect(notifications(ownerPage).getByText(/^Moved Olympia/).count()).resolves.toBe(0);
    await ownerPage.keyboard.press('Escape');
  });

  it('says how far it moved with an Undo, takes the new place’s address, and one Undo puts both back', { timeout: 90_000 }, async () => {
    const before = (await stored('Olympia'))!;
    await drag(ownerPage, tripMap(ownerPage).getByRole('button', { name: 'Stop 2: Olympia' }), 90, 30);
    await expect.poll(async () => (await stored('Olympia'))!.longitude).toBeGreaterThan(before.longitude);
    const moved = (await stored('Olympia'))!;
    const miles = haversineKm(before, moved);
    const announced = notifications(ownerPage).getByText(text.stopMoved('Olympia', miles, 'mi'), { exact: true });
    await announced.waitFor();
    // The address follows the new place: what the server says is there (a town, or none out in the hills).
    const there = (await t.api.post('/search/reverse', { latitude: moved.latitude, longitude: moved.longitude }, { as: owner })).body.location;
    await expect.poll(async () => (await stored('Olympia'))!.address).toBe(there?.address ?? null);
    expect(there?.address).not.toBe(OLYMPIA.address);
    // F8 takes the keyboard to the notifications, which holds the toast (and its Undo) while the audit runs.
    await ownerPage.keyboard.press('F8');
    for (const colorScheme of ['light', 'dark'] as const) {
      await ownerPage.emulateMedia({ colorScheme });
      await expectAccessible(ownerPage, `marker moved, ${colorScheme}`);
      await screenshot(ownerPage, `placement/marker-moved-${colorScheme}`, { fullPage: false });
    }
    await ownerPage.emulateMedia({ colorScheme: 'light' });
    // By keyboard: Tab on to the toast's Undo.
    const focused = () => ownerPage.evaluate(() => document.activeElement?.textContent ?? '');
    for (let presses = 0; presses < 4 && (await focused()) !== 'Undo'; presses += 1) await ownerPage.keyboard.press('Tab');
    expect(await focused()).toBe('Undo');
    await ownerPage.keyboard.press('Enter');
    await expect.poll(() => stored('Olympia')).toEqual(before);
  });

  it('keeps an address the user typed', async () => {
    const before = (await stored('Lake Crescent Lodge'))!;
    await drag(ownerPage, tripMap(ownerPage).getByRole('button', { name: 'Stop 3: Lake Crescent Lodge' }), -40, 30);
    await expect.poll(async () => (await stored('Lake Crescent Lodge'))!.latitude).not.toBe(before.latitude);
    await notifications(ownerPage).getByText(/^Moved Lake Crescent Lodge \d/).waitFor();
    await ownerPage.waitForTimeout(1000);
    expect((await stored('Lake Crescent Lodge'))!.address).toBe(LODGE.address);
    await stopList(ownerPage).getByText(LODGE.address).waitFor();
  });
});

describe("a stop's marker under a finger", () => {
  let touchPage: Page;
  /** One finger through Chromium's touch input: down on `marker`'s middle, still for `holdMs`, along (dx, dy) in steps, up. */
  async function touchDrag(page: Page, marker: Locator, [dx, dy]: [number, number], holdMs: number) {
    const box = (await marker.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // The finger lands on this marker, not on a neighbour drawn over it.
    expect(await marker.evaluate((pin, [px, py]) => pin.contains(document.elementFromPoint(px, py)), [x, y])).toBe(true);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    if (holdMs) await page.waitForTimeout(holdMs);
    const steps = 8;
    for (let step = 1; step <= steps; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / steps, y: y + (dy * step) / steps }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  beforeAll(async () => {
    touchPage = await pages.tripPage(owner, trip, { hasTouch: true });
    await tripMap(touchPage).getByRole('button', { name: 'Stop 2: Olympia' }).waitFor();
  });

  it('pans the map for a swipe that starts on a marker, and leaves the stop where it was', async () => {
    const before = await stored('Olympia');
    const marker = tripMap(touchPage).getByRole('button', { name: 'Stop 2: Olympia' });
    const onScreen = (await marker.boundingBox())!;
    await touchDrag(touchPage, marker, [120, 40], 0);
    // The map moved under the finger, the marker with it.
    await expect.poll(async () => (await marker.boundingBox())!.x - onScreen.x).toBeGreaterThan(60);
    await touchPage.waitForTimeout(1000);
    expect(await stored('Olympia')).toEqual(before);
    await expect(notifications(touchPage).getByText(/^Moved Olympia/).count()).resolves.toBe(0);
  });

  it('moves the stop after a hold, announced with an Undo', async () => {
    const before = (await stored('Olympia'))!;
    await touchDrag(touchPage, tripMap(touchPage).getByRole('button', { name: 'Stop 2: Olympia' }), [90, 30], 900);
    // The stored row follows the page's change once the server has committed it: LIVE_MS on a busy machine.
    await expect.poll(async () => (await stored('Olympia'))!.longitude, { timeout: LIVE_MS }).toBeGreaterThan(before.longitude);
    await notifications(touchPage).getByText(/^Moved Olympia \d/).waitFor();
    await notifications(touchPage).getByRole('button', { name: /^Undo/ }).click();
    await expect.poll(() => stored('Olympia'), { timeout: LIVE_MS }).toEqual(before);
  });
});

describe('a new trip and where a signed-in visitor lands', () => {
  it('leads a new user from / to their first trip, which starts in their currency and stays changeable', { timeout: 90_000 }, async () => {
    const newcomer = await buildUser(t.server.deps.dataSource, { displayName: 'Nina Newcomer' });
    const page = await pages.signedInPage(newcomer);
    await page.goto(`${t.server.url}/`);
    const first = page.getByRole('region', { name: 'Welcome, Nina Newcomer' });
    await first.getByRole('heading', { name: 'Welcome, Nina Newcomer', level: 1 }).waitFor();
    const hero = page.getByRole('heading', { name: 'Plan road trips together' });
    expect((await first.boundingBox())!.y).toBeLessThan((await hero.boundingBox())!.y);
    await page.getByRole('link', { name: 'Plan Your Next Adventure' }).waitFor();
    await auditEveryWay(page, 'landing-first-trip');

    await first.getByRole('link', { name: 'Plan your first trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Trip' });
    await dialog.waitFor();
    await dialog.getByLabel('Trip Title').fill('Cascades');
    await dialog.getByLabel('Starting Location').fill('Seattle');
    await dialog.getByRole('combobox', { name: 'Starting Address' }).fill('Seattle');
    await dialog.getByRole('option').filter({ hasText: 'Seattle, WA, United States' }).first().click();
    await dialog.getByRole('button', { name: 'Create Trip' }).click();
    await page.getByRole('heading', { name: 'Cascades', level: 1 }).waitFor();
    const tripId = page.url().split('/trips/')[1];
    const costsOf = async () => (await t.api.post<TCostsOverview>('/trips/costs', { tripId }, { as: newcomer })).body;
    expect(localeCurrency('en-US')).toBe('USD');
    expect((await costsOf()).homeCurrency).toBe('USD');

    const panel = collaboration(page);
    await panel.getByRole('tab', { name: 'Costs' }).click();
    const home = panel.getByLabel('Home currency');
    await expect.poll(() => home.inputValue()).toBe('USD');
    await home.selectOption('CAD');
    await expect.poll(async () => (await costsOf()).homeCurrency).toBe('CAD');
  });

  it('creates a trip from a typed start, found without picking a suggestion', async () => {
    const planner = await buildUser(t.server.deps.dataSource, { displayName: 'Paul Planner' });
    const page = await pages.signedInPage(planner);
    await page.goto(`${t.server.url}/trips`);
    await page.getByRole('button', { name: 'Create Your First Trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Trip' });
    await dialog.getByLabel('Trip Title').fill('Columbia Gorge');
    await dialog.getByLabel('Starting Location').fill('Home');
    await dialog.getByRole('combobox', { name: 'Starting Address' }).fill('Portland, OR');
    await dialog.getByRole('button', { name: 'Create Trip' }).click();
    await page.getByRole('heading', { name: 'Columbia Gorge', level: 1 }).waitFor();
    const tripId = page.url().split('/trips/')[1];
    const { stops } = (await t.api.post('/trips/details', { tripId }, { as: planner })).body;
    expect(stops[0]).toMatchObject({ name: 'Home', address: 'Portland, OR' });
    expect(stops[0].latitude).toBeCloseTo(45.5, 0);
  });

  it("shows a signed-in user's trips with their dates first on /, and the dates on My Trips", { timeout: 90_000 }, async () => {
    const details = (await t.api.post('/trips/details', { tripId: trip.id }, { as: owner })).body;
    const stopId = (name: string) => details.stops.find((stop: { name: string }) => stop.name === name).id;
    for (const [name, date] of [
      ['Olympia', '2031-06-12'],
      ['Seattle', '2031-06-15'],
    ]) {
      const planned = await t.api.post('/trips/stops/update-planned-date', { tripId: trip.id, stopId: stopId(name), plannedArrivalDate: date, autoScheduled: false }, { as: owner });
      expect(planned.status).toBe(200);
    }
    // A page of its own beside the owner's trip page (the same context: no new one to start).
    const page = await pages.pageBeside(ownerPage);
    await page.goto(`${t.server.url}/`);
    const mine = page.getByRole('region', { name: 'Welcome back, Olivia Owner' });
    const row = mine.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Puget Sound loop' }) });
    await row.getByText('Jun 12\u2009–\u200915, 2031', { exact: false }).waitFor({ timeout: 15_000 });
    await auditEveryWay(page, 'landing-signed-in', mine);

    await mine.getByRole('link', { name: 'Go to My Trips' }).click();
    const card = page.locator('.trip-card').filter({ hasText: 'Puget Sound loop' });
    await card.getByText('Trip dates: Jun 12\u2009–\u200915, 2031').waitFor();
    await expectAccessible(page, 'my trips with dates');
    await screenshot(page, 'placement/my-trips-dates', { fullPage: false });
  });

  it('offers a signed-out visitor Log in on /', { timeout: 90_000 }, async () => {
    const context = await pages.newContext();
    const page = await context.newPage();
    await page.goto(`${t.server.url}/`);
    await page.getByRole('heading', { name: 'Plan road trips together', level: 1 }).waitFor();
    await auditEveryWay(page, 'landing-signed-out');
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('tab', { name: 'Log In' }).waitFor();
  });
});

describe("the admin's outbox", () => {
  it('lists the invitation e-mail that was not sent, with its link', { timeout: 90_000 }, async () => {
    const invited = await t.api.post('/trips/members/invite', { tripId: trip.id, email: 'far.friend@example.com', role: 'editor' }, { as: owner });
    expect(invited.status).toBe(201);
    const admin = await buildUser(t.server.deps.dataSource, { displayName: 'Ada Admin', role: 'admin' });
    // The e-mail is written after the answer.
    await expect.poll(async () => (await t.api.adminGet('/admin/outbox', { as: admin })).body.messages.length).toBeGreaterThan(0);
    const page = await pages.signedInPage(admin);
    await page.goto(`${t.server.url}/admin`);
    await page.getByRole('tab', { name: 'Outbox' }).click();
    const message = page.locator('.outbox-message').filter({ hasText: 'far.friend@example.com' });
    await message.getByText('Olivia Owner invited you to plan "Puget Sound loop" on Caravan', { exact: true }).waitFor();
    await message.getByText('Show message').click();
    await message.getByText(/\/invitation\/[\w-]+/).waitFor();
    await auditEveryWay(page, 'admin-outbox', message);
  });
});
