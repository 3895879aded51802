/**
 * Planning a stop in Debian's Chromium, with an owner and an editor on one trip: the Plan dialog, by keyboard,
 * sets a stay, opening hours with the picker, and an overnight with its lodging; the editor's page shows it within
 * a second and one Undo reverts it; viewers get no Plan control (opening hours checked as typed: the dialog's
 * component test, StopPlanDialog.component.test.tsx); the dialog passes axe at 1366 and 390 px in both themes.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { openTripPage, screenshot } from './browser.ts';
import { LIVE_MS, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });
let trip: Trip;
let ownerPage: Page;
let editorPage: Page;

const STOPS = [
  { name: 'Monterey Bay Aquarium', address: '886 Cannery Row, Monterey', latitude: 36.6182, longitude: -121.9019 },
  { name: 'Big Sur', address: 'Big Sur, CA 93920', latitude: 36.2704, longitude: -121.8081 },
];

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops' });
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const planSummary = (page: Page, name: string) => stopList(page).locator('li', { hasText: name }).locator('.stop-plan-summary');

/** The stop's plan as the server stores it, by its place in the trip (0 is the start, San Francisco). */
async function storedPlan(order: number) {
  const [row] = await t.server.deps.dataSource.query(
    `SELECT kind, stay_minutes AS "stayMinutes", fixed_time AS "fixedTime", opening_hours AS "openingHours", overnight, lodging
       FROM stops WHERE trip_id = $1 AND stop_order = $2`,
    [trip.id, order],
  );
  return row;
}

async function openPlan(page: Page, name: string) {
  const opener = stopList(page).getByRole('button', { name: `Plan ${name}` });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Plan: ${name}` });
  await dialog.waitFor();
  return dialog;
}

/** Moves focus to `field` by Tab (the keyboard alone), however far it is. */
async function tabTo(page: Page, field: Locator) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await field.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${field}`);
}

beforeAll(async () => {
  ({ trip, ownerPage, memberPage: editorPage } = await pages.openCrew('editor', { title: 'Big Sur Coast', stops: STOPS }));
  for (const page of [ownerPage, editorPage]) await stopList(page).getByText('Big Sur', { exact: true }).waitFor();
});

describe('planning a stop', () => {
  it("sets a stay, opening hours by the picker and an overnight with its lodging by keyboard; the editor sees it live; one Undo reverts it", async () => {
    const before = await storedPlan(2);
    const page = ownerPage;
    const dialog = await openPlan(page, 'Big Sur');
    await tabTo(page, dialog.getByRole('combobox', { name: 'Kind of place' }));
    await page.keyboard.press('ArrowDown'); // Not set → Sight
    await page.keyboard.press('ArrowDown'); // → Food
    await page.keyboard.press('ArrowDown'); // → Nature
    await expect(dialog.getByLabel('Hours', { exact: true }).getAttribute('placeholder')).resolves.toBe('2');
    await tabTo(page, dialog.getByLabel('Hours', { exact: true }));
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('30');
    // Closed on Mondays, 10:00 to 17:00: untick Monday and type the times.
    await tabTo(page, dialog.getByRole('checkbox', { name: 'Monday' }));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByLabel('From', { exact: true }));
    await page.keyboard.type('1000AM');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0500PM');
    await expect(dialog.getByLabel('Opening hours as OpenStreetMap text').inputValue()).resolves.toBe('Tu-Su 10:00-17:00');
    await tabTo(page, dialog.getByLabel('We sleep here (overnight)', { exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByLabel('Name', { exact: true }));
    await page.keyboard.type('Glen Oaks Big Sur');
    await tabTo(page, dialog.getByLabel('Check-in', { exact: true }));
    await page.keyboard.type('0400PM');
    await tabTo(page, dialog.getByLabel('Confirmation number', { exact: true }));
    await page.keyboard.type('GO-4471');
    await tabTo(page, dialog.getByLabel('Nights', { exact: true }));
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2');
    await tabTo(page, dialog.getByLabel('Price', { exact: true }));
    await page.keyboard.type('189.50');
    await expect(dialog.getByLabel('Currency').inputValue()).resolves.toBe('EUR');
    await page.keyboard.press('Enter');
    const saved = Date.now();
    await expect.poll(() => planSummary(editorPage, 'Big Sur').textContent(), { timeout: LIVE_MS, interval: 25 }).toBe(
      'Stay 2h 30m · Overnight: Glen Oaks Big Sur',
    );
    expect(Date.now() - saved).toBeLessThan(LIVE_MS);
    await dialog.waitFor({ state: 'detached' });
    await notifications(page).getByText('Plan for Big Sur saved.').waitFor();
    await expect.poll(() => storedPlan(2)).toEqual({
      kind: 'nature',
      stayMinutes: 150,
      fixedTime: null,
      openingHours: 'Tu-Su 10:00-17:00',
      overnight: true,
      lodging: {
        name: 'Glen Oaks Big Sur',
        address: null,
        checkIn: '16:00',
        checkOut: null,
        confirmation: 'GO-4471',
        url: null,
        price: { amountMinor: 18_950, currency: 'EUR' },
        nights: 2,
      },
    });

    // The editor opens it and finds the plan, the picker filled from the saved hours.
    const seen = await openPlan(editorPage, 'Big Sur');
    await expect(seen.getByRole('checkbox', { name: 'Monday' }).isChecked()).resolves.toBe(false);
    await expect(seen.getByRole('checkbox', { name: 'Tuesday' }).isChecked()).resolves.toBe(true);
    await expect(seen.getByLabel('Name').inputValue()).resolves.toBe('Glen Oaks Big Sur');
    await seen.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => planSummary(editorPage, 'Big Sur').count()).toBe(0);
    await expect.poll(() => storedPlan(2)).toEqual(before);
  });

  it('gives a viewer no Plan control', async () => {
    const viewer = await buildUser(t.server.deps.dataSource, { displayName: 'Victor Viewer' });
    await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');
    const page = await pages.tripPage(viewer, trip);
    await stopList(page).getByText('Big Sur', { exact: true }).waitFor();
    expect(await stopList(page).getByRole('button', { name: /^Plan / }).count()).toBe(0);
  });
});

describe('the Plan dialog at both widths and themes', () => {
  const sizes = [
    { width: 1366, height: 900, folder: 'desktop' },
    { width: 390, height: 844, folder: 'phone' },
  ];

  it.each(sizes)('passes axe at $width px in the light and the dark theme', async ({ width, height }) => {
    // A page of its own beside the owner's (the same context: no new one to start for a width).
    const page = await pages.pageBeside(ownerPage, { width, height });
    await openTripPage(page, t, trip);
    await stopList(page).getByText('Big Sur', { exact: true }).waitFor();
    const dialog = await openPlan(page, 'Big Sur');
    await dialog.getByLabel('We sleep here (overnight)').check();
    await dialog.getByLabel('Opening hours as OpenStreetMap text').fill('Mo-Fx');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('alert').waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await screenshot(page, `stop-plan/dialog-${width}-${theme}`, { fullPage: false });
      expect.soft(await axeViolations(page, { theme, within: dialog }), `${width} px, ${theme}`).toEqual([]);
    }
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await dialog.evaluate((element) => element.scrollTo({ top: 0 }));
    await screenshot(page, `stop-plan/dialog-top-${width}`, { fullPage: false });
    // Saved, the row says the plan in a line; Undo takes it back for the next size.
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByLabel('Opening hours as OpenStreetMap text').fill('Tu-Su 10:00-17:00');
    await dialog.getByLabel('Name', { exact: true }).fill('Glen Oaks Big Sur');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await planSummary(page, 'Big Sur').waitFor();
    await stopList(page).evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await screenshot(page, `stop-plan/rows-${width}`, { fullPage: false });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => planSummary(page, 'Big Sur').count()).toBe(0);

    // The trip's plan settings: Road Settings with its new fields, audited the same way.
    await tripView(page).getByRole('tab', { name: 'Itinerary View' }).click();
    await tripView(page).getByRole('button', { name: 'Road Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Road Settings' });
    await settings.getByLabel('Earliest departure on later days').waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await screenshot(page, `stop-plan/road-settings-${width}-${theme}`, { fullPage: false });
      expect.soft(await axeViolations(page, { theme, within: settings }), `road settings, ${width} px, ${theme}`).toEqual([]);
    }
    await settings.getByRole('button', { name: 'Cancel' }).click();
  });
});
