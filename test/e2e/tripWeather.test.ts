/**
 * The weather of each stop-day in Debian's Chromium, against a stand-in Open-Meteo: a trip down the coast from
 * Seattle, two days from now, with a stop held to a date 40 days out. The itinerary's first day header shows the
 * forecast at its destination with sunrise and sunset, the far day the climate normals ("Usually …"), a stop card
 * the arrival hour's weather, and the page credits Open-Meteo; with the weather call cut off, the page shows the
 * answer it kept with its time; a share link's reader sees the same weather; the owner turns on the warning of a
 * drive in the dark in Road Settings and the day header warns, on a viewer's open page too, and when the owner moves
 * the start a day the viewer's header shows the new day's forecast live. The map's day picker shows a day alone with
 * its weather (the itinerary's figures from the same one request, the sun, the credit; by keyboard at 390 px; the kept
 * answer offline), a stop's popup its stop-day, the share page's map too, and the map warns of the drive in the dark
 * in the day header's words. Axe-clean at 1366 and 390 px, light and dark.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, dayWeatherText, localToday, type TTripDetail } from '@caravan/shared';
import type { Config, Trip, User } from '@caravan/engine';
import { standInForecast, startOpenMeteoStandIn, type OpenMeteoStandIn } from '@caravan/engine/test';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { HEAVY_FIRST_MS, LIVE_MS, tripMap, tripView } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

let meteo: OpenMeteoStandIn;
const overrides: Partial<Config> = {};
beforeAll(async () => {
  meteo = await startOpenMeteoStandIn();
  Object.assign(overrides, { weatherUrl: meteo.forecastUrl, weatherArchiveUrl: meteo.archiveUrl });
});
afterAll(() => meteo.close());
const t = useTestStack(overrides);
const pages = useTripPages(t, { bypassCSP: true, serviceWorkers: 'block' });

const STOPS = [
  { name: 'Seattle', latitude: 47.6062, longitude: -122.3321 },
  { name: 'Portland', latitude: 45.5152, longitude: -122.6784 },
  { name: 'Eureka', latitude: 40.8021, longitude: -124.1637 },
];

let owner: User;
let viewer: User;
let trip: Trip;
let page: Page;
/** The trip's first day is two days after this. */
let today: string;

const dayHeader = (on: Page, day: number) => tripView(on).locator(`.itinerary-day[data-day="${day}"] .day-header`);
const mapDayWeather = (on: Page) => tripMap(on).locator('.map-day-weather');
const mapStopWeather = (on: Page, name: string) => mapDayWeather(on).locator('li', { has: on.locator('strong').getByText(name, { exact: true }) });
const card = (on: Page, name: string) => tripView(on).locator('.stop-card', { has: on.locator('.stop-card-name').getByText(name, { exact: true }) });

/** The weather's stop-days are walked in the worker pool, whose thread may be starting. */
async function openItinerary(on: Page) {
  await tripView(on).getByRole('tab', { name: 'Itinerary View' }).click();
  await dayHeader(on, 1).locator('.stop-day-weather[data-weather="forecast"]').waitFor({ timeout: HEAVY_FIRST_MS });
}

beforeAll(async () => {
  const crew = await tripWithMember(t, 'viewer', { title: 'Coast weather', stops: STOPS });
  ({ owner, trip, member: viewer } = crew);
  today = localToday(Date.now(), 'America/Los_Angeles');
  const eureka = crew.stops.find((stop) => stop.name === 'Eureka')!.id;
  // By the owner's calls, so the trip's row (the share page's source) has them as well as its document.
  const settings = await t.api.post('/trips/road-settings', { tripId: trip.id, startDate: addCalendarDays(today, 2) }, { as: owner });
  expect(settings.status).toBe(200);
  const dated = await t.api.post('/trips/stops/update-planned-date', { tripId: trip.id, stopId: eureka, plannedArrivalDate: addCalendarDays(today, 40), autoScheduled: false }, { as: owner });
  expect(dated.status).toBe(200);
  page = await pages.tripPage(owner, trip);
  await openItinerary(page);
});

describe('the weather of each stop-day', () => {
  it('shows the forecast and the sun in the day header, the normals on a far day, the arrival on a card, and the credit', async () => {
    const first = dayHeader(page, 1).locator('.stop-day-weather');
    await expect(first.textContent()).resolves.toMatch(/°[CF]? \/ .*°.*Sunrise \d{1,2}:\d\d AM · Sunset \d{1,2}:\d\d PM/);
    const far = tripView(page).locator('.itinerary-day .day-header .stop-day-weather[data-weather="normals"]');
    await expect(far.textContent()).resolves.toMatch(/^Usually .*10-year average/);
    await expect(card(page, 'Portland').locator('.stop-day-weather').textContent()).resolves.toMatch(/on arrival/);
    await expect(tripView(page).locator('.weather-note').textContent()).resolves.toContain('Weather data by Open-Meteo.com (CC BY 4.0)');
  });

  it('passes axe at 1366 and 390 px, light and dark', async () => {
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        await expectAccessible(page, `itinerary weather ${width} ${colorScheme}`, { theme: colorScheme, within: tripView(page) });
        await screenshot(dayHeader(page, 1), `weather/day-header-${width}-${colorScheme}`);
      }
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it("shows the day picked on the map with its weather, by keyboard at 390 px, and a stop's popup its stop-day", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    const count = (request: Request) => new URL(request.url()).pathname === '/_api/trips/weather' && asked.push(request.url());
    page.on('request', count);
    await page.reload();
    await openItinerary(page);
    const figures = await card(page, 'Portland').locator('.weather-figures').textContent();
    const picker = tripMap(page).getByRole('combobox', { name: 'Show on the map' });
    await picker.scrollIntoViewIfNeeded();
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => picker.inputValue()).toBe('0');
    // The same figures as the itinerary's card (one answer), the arrival's, the sun where the day ends, the credit.
    const portland = mapStopWeather(page, 'Portland');
    await portland.locator('[data-weather="forecast"]').waitFor();
    await expect(portland.textContent()).resolves.toContain(figures!);
    await expect(portland.textContent()).resolves.toMatch(/on arrival/);
    // The map and the itinerary work out the same stop-days and share one ask.
    page.off('request', count);
    expect(asked).toHaveLength(1);
    await expect(mapDayWeather(page).locator('.map-day-sun').textContent()).resolves.toMatch(/^At \S+: sunrise \d{1,2}:\d\d AM · sunset \d{1,2}:\d\d PM$/);
    await expect(mapDayWeather(page).getByRole('link', { name: 'Open-Meteo.com' }).getAttribute('href')).resolves.toBe('https://open-meteo.com/');
    // Folds away by keyboard, so a phone's map can be seen whole.
    const summary = mapDayWeather(page).locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => mapDayWeather(page).getAttribute('open')).toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => mapDayWeather(page).getAttribute('open')).toBe('');
    for (const [width, height] of [[390, 844], [1366, 900]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        await expectAccessible(page, `map day weather ${width} ${colorScheme}`, { theme: colorScheme, within: tripMap(page) });
        await screenshot(tripMap(page), `weather/map-day-${width}-${colorScheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await tripMap(page).getByRole('button', { name: /^Stop \d+: Portland$/ }).press('Enter');
    const popup = tripMap(page).locator('.map-popup-weather');
    const popupText = (await popup.textContent())!;
    expect(popupText.startsWith(`${figures} · `)).toBe(true);
    expect(popupText).toMatch(/on arrival.* · Sunrise \d{1,2}:\d\d AM · sunset \d{1,2}:\d\d PM$/);
    await expectAccessible(page, 'map stop popup with weather', { within: tripMap(page) });
    await screenshot(tripMap(page), 'weather/map-popup-1366-light');
    await page.keyboard.press('Escape');
  });

  it('shows the answer it kept, with its time, when the weather call cannot reach the server', async () => {
    await page.route('**/_api/trips/weather', (route) => route.abort('internetdisconnected'));
    try {
      await page.reload();
      await openItinerary(page);
      await expect(tripView(page).locator('.weather-note').textContent()).resolves.toMatch(/Weather as of .* \(offline\)/);
      // The map's day view shows the same kept answer, with its time.
      await tripMap(page).getByRole('combobox', { name: 'Show on the map' }).selectOption({ index: 1 });
      await mapStopWeather(page, 'Portland').locator('[data-weather="forecast"]').waitFor();
      await expect(mapDayWeather(page).locator('.map-weather-credit').textContent()).resolves.toMatch(/^Weather as of .* \(offline\)\. Weather data by Open-Meteo\.com/);
    } finally {
      await page.unroute('**/_api/trips/weather');
    }
  });

  it("gives a share link's reader the same weather", async () => {
    const shared = await t.api.post<{ shareToken: string }>('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    expect(shared.status).toBe(200);
    const details = await t.api.post<TTripDetail>('/trips/details', { tripId: trip.id }, { as: owner });
    expect(details.body.shareToken).toBe(shared.body.shareToken);
    const visitor = await (await pages.newContext()).newPage();
    const asked: string[] = [];
    visitor.on('request', (request) => new URL(request.url()).pathname === '/_api/trips/public/weather' && asked.push(request.url()));
    await visitor.goto(`${t.server.url}/share/${shared.body.shareToken}`);
    await openItinerary(visitor);
    await expect(dayHeader(visitor, 1).locator('.stop-day-weather').textContent()).resolves.toBe(await dayHeader(page, 1).locator('.stop-day-weather').textContent());
    const figures = await card(visitor, 'Portland').locator('.weather-figures').textContent();
    await tripView(visitor).getByRole('tab', { name: 'Map View' }).click();
    await tripMap(visitor).getByRole('combobox', { name: 'Show on the map' }).selectOption({ index: 1 });
    await mapStopWeather(visitor, 'Portland').locator('[data-weather="forecast"]').waitFor();
    await expect(mapStopWeather(visitor, 'Portland').textContent()).resolves.toContain(figures!);
    // The share page's itinerary and map share one ask too.
    expect(asked).toHaveLength(1);
    await expectAccessible(visitor, 'share page map day weather', { within: tripMap(visitor) });
  });

  it("warns of a day's drive in the dark once the owner turns the warning on in Road Settings, and a viewer sees it and a moved day's weather live", async () => {
    const viewerPage = await pages.tripPage(viewer, trip);
    await openItinerary(viewerPage);
    const warnings = dayHeader(page, 1).locator('.schedule-warnings');
    await expect(warnings.getByText('Drives in the dark', { exact: false }).count()).resolves.toBe(0);
    await tripView(page).getByRole('button', { name: 'Road Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Warn when a day’s drive arrives after sunset' }).check();
    await expectAccessible(page, 'road settings with the sunset warning', { within: dialog });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await warnings.getByText(/Drives in the dark: arrives at Seattle at .* (after sunset|before sunrise)/).waitFor();
    const row = await t.server.deps.dataSource.query('SELECT warn_after_sunset FROM trips WHERE id = $1', [trip.id]);
    expect(row[0].warn_after_sunset).toBe(true);
    // The owner's setting warns the viewer too, in the same words, on the page already open.
    const viewerDark = dayHeader(viewerPage, 1).locator('.schedule-warnings').getByText('Drives in the dark', { exact: false });
    await viewerDark.waitFor({ timeout: LIVE_MS });
    expect(await viewerDark.textContent()).toBe(await warnings.getByText('Drives in the dark', { exact: false }).textContent());
    // The map's day view warns in the same words.
    await tripMap(page).getByRole('combobox', { name: 'Show on the map' }).selectOption({ index: 1 });
    const dark = tripMap(page).locator('.map-dark-drive');
    await dark.waitFor();
    const said = (await warnings.getByText('Drives in the dark', { exact: false }).textContent())!;
    expect(said.endsWith((await dark.textContent())!)).toBe(true);
    await expectAccessible(page, 'map day weather with the dark drive', { within: tripMap(page) });
    await screenshot(tripMap(page), 'weather/map-dark-drive-1366-light');
    // On a wide map the day is fitted beside its weather: no pin of the day under the panel.
    const hidden = async () => {
      const panel = (await mapDayWeather(page).boundingBox())!;
      const pins = await Promise.all((await tripMap(page).locator('.map-pin').all()).map((pin) => pin.boundingBox()));
      return pins.filter((pin) => pin && pin.x < panel.x + panel.width && pin.y < panel.y + panel.height && pin.y + pin.height > panel.y).length;
    };
    await expect.poll(hidden).toBe(0);

    // The owner moves the start a day later: the viewer's first day header shows its new day's forecast, with no
    // reload. The header's weather is Portland's, which the day's drive from San Francisco (over 21 h) reaches the next morning.
    const later = addCalendarDays(today, 3);
    const moved = await t.api.post('/trips/road-settings', { tripId: trip.id, startDate: later }, { as: owner });
    expect(moved.status).toBe(200);
    const forecast = dayWeatherText({ kind: 'forecast', ...standInForecast(addCalendarDays(later, 1)), arrival: null, asOf: '' }, 'mi');
    await expect.poll(() => dayHeader(viewerPage, 1).locator('.weather-figures').textContent()).toBe(forecast);
  });
});
