/**
 * Editing a stop in Debian's Chromium, with an owner and an editor on one trip: 'Edit details' (name, address,
 * notes, typed coordinates) shows on the editor's page live and one Undo reverts it; bad values get
 * the server's messages and change nothing; "place this stop" mode (a click on the map, Escape to cancel) and
 * dragging a marker move a stop (test/e2e/placement.test.ts has the drag's threshold, distance and address); 'Set location' keeps the address the stop was given; viewers get no edit
 * controls; the dialog passes axe at 1366 and 390 px in both themes.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { openTripPage, screenshot, takingScreenshots } from './browser.ts';
import { LIVE_MS, tripMap } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });
let trip: Trip;
let owner: User;
let ownerPage: Page;
let editorPage: Page;

const LAKE_CRESCENT = '416 Lake Crescent Rd, Port Angeles';
const STOPS = [
  { name: 'Lake Crescent Lodge', address: LAKE_CRESCENT, latitude: 0, longitude: 0 },
  { name: 'Forks', address: 'Forks, WA 98331', latitude: 47.9504, longitude: -124.3855 },
  { name: 'Neah Bay', address: 'Neah Bay, WA 98357', latitude: 48.3681, longitude: -124.6238 },
];

const stopList = (page: Page) => page.getByRole('list', { name: 'Stops' });
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const stopNames = (page: Page) => stopList(page).locator('.stop-name').allTextContents();

interface StopRow {
  name: string;
  address: string | null;
  notes: string | null;
  latitude: number;
  longitude: number;
}

/** The stop's row as the server stores it, by its place in the trip (0 is the start, San Francisco). */
async function storedStop(order: number): Promise<StopRow> {
  const [row] = await t.server.deps.dataSource.query(
    `SELECT name, address, notes, latitude, longitude FROM stops WHERE trip_id = $1 AND stop_order = $2`,
    [trip.id, order],
  );
  return row;
}

async function openDetails(page: Page, name: string) {
  await stopList(page).getByRole('button', { name: `Edit details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit details: ${name}` });
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  let editor: User;
  ({ trip, owner, member: editor, ownerPage, memberPage: editorPage } = await pages.openCrew('editor', { title: 'Olympic Peninsula', stops: STOPS }));
  for (const page of [ownerPage, editorPage]) await tripMap(page).getByRole('button', { name: 'Stop 3: Forks' }).waitFor();
  expect(editor.id).not.toBe(owner.id);
});

describe('editing a stop', () => {
  it("shows the owner's edit on the editor's page live, and one Undo reverts it", async () => {
    const before = await storedStop(2);
    const dialog = await openDetails(ownerPage, 'Forks');
    await expect(dialog.getByLabel('Stop name').inputValue()).resolves.toBe('Forks');
    await expect(dialog.getByLabel('Latitude').inputValue()).resolves.toBe('47.9504');
    await dialog.getByLabel('Stop name').fill('Forks Outfitters');
    await dialog.getByLabel('Address').fill('950 S Forks Ave, Forks, WA 98331');
    await dialog.getByLabel('Notes (optional)').fill('Groceries before the coast');
    await dialog.getByLabel('Latitude').fill('47.9412');
    await dialog.getByLabel('Longitude').fill('-124.3853');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const saved = Date.now();
    await expect.poll(() => stopNames(editorPage), { timeout: LIVE_MS, interval: 25 }).toContain('Forks Outfitters');
    expect(Date.now() - saved).toBeLessThan(LIVE_MS);
    await dialog.waitFor({ state: 'detached' });
    await notifications(ownerPage).getByText('Saved the details of Forks Outfitters').waitFor();
    await stopList(editorPage).getByText('950 S Forks Ave, Forks, WA 98331').waitFor();
    await tripMap(editorPage).getByRole('button', { name: 'Stop 3: Forks Outfitters' }).waitFor();
    await expect.poll(() => storedStop(2)).toEqual({
      name: 'Forks Outfitters',
      address: '950 S Forks Ave, Forks, WA 98331',
      notes: 'Groceries before the coast',
      latitude: 47.9412,
      longitude: -124.3853,
    });

    await ownerPage.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => stopNames(editorPage)).toContain('Forks');
    await expect.poll(() => storedStop(2)).toEqual(before);
    await tripMap(editorPage).getByRole('button', { name: 'Stop 3: Forks' }).waitFor();
  });

  it("refuses bad values with the server's messages and writes nothing", async () => {
    const before = await storedStop(3);
    const dialog = await openDetails(ownerPage, 'Neah Bay');
    const cases: Array<[string, string, string]> = [
      ['Latitude', '91', 'Invalid latitude'],
      ['Latitude', 'north', 'Invalid latitude'],
      ['Longitude', '-181', 'Invalid longitude'],
      ['Stop name', ' ', 'Stop name is required'],
      ['Stop name', 'x'.repeat(201), 'Stop name must be at most 200 characters'],
    ];
    for (const [field, value, message] of cases) {
      const original = await dialog.getByLabel(field).inputValue();
      await dialog.getByLabel(field).fill(value);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      // Polled: the previous case's alert may still be showing while this Save's answer renders.
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(message);
      await expect.poll(() => dialog.getByLabel(field).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByLabel(field).fill(original);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the control that opened the dialog.
    await expect(ownerPage.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Edit details of Neah Bay');
    expect(await storedStop(3)).toEqual(before);
  });

  it('places a stop with a click on the map after Escape cancelled the first try, and Undo puts it back', async () => {
    const before = await storedStop(3);
    const prompt = tripMap(ownerPage).getByRole('status').filter({ hasText: 'Click the map where Neah Bay is' });
    let dialog = await openDetails(ownerPage, 'Neah Bay');
    await dialog.getByRole('button', { name: 'Place on map' }).click();
    await prompt.waitFor();
    await ownerPage.keyboard.press('Escape');
    await notifications(ownerPage).getByText('Placing Neah Bay was cancelled.').waitFor();
    await prompt.waitFor({ state: 'detached' });

    dialog = await openDetails(ownerPage, 'Neah Bay');
    await dialog.getByRole('button', { name: 'Place on map' }).click();
    await prompt.waitFor();
    await screenshot(ownerPage, 'stop-edit/place-mode', { fullPage: false });
    const canvas = tripMap(ownerPage).locator('canvas');
    const box = (await canvas.boundingBox())!;
    await ownerPage.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await notifications(ownerPage).getByText('Moved Neah Bay on the map').waitFor();
    await prompt.waitFor({ state: 'detached' });
    await expect.poll(async () => (await storedStop(3)).latitude).not.toBe(before.latitude);
    const placed = await storedStop(3);
    expect({ name: placed.name, address: placed.address }).toEqual({ name: before.name, address: before.address });

    await ownerPage.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => storedStop(3)).toEqual(before);
  });

  it("moves a stop by dragging its marker, and the editor's map follows", async () => {
    const before = await storedStop(3);
    // The move is announced with how far it went ("Moved Neah Bay 12.3 mi"), unlike the placing before.
    const movedToasts = notifications(ownerPage).getByText(/^Moved Neah Bay \d[\d.,]* (mi|km|ft|m)$/);
    const marker = tripMap(ownerPage).getByRole('button', { name: 'Stop 4: Neah Bay' });
    const box = (await marker.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await ownerPage.mouse.move(x, y);
    await ownerPage.mouse.down();
    for (let step = 1; step <= 10; step += 1) await ownerPage.mouse.move(x + step * 8, y + step * 5);
    await ownerPage.mouse.up();
    await movedToasts.waitFor();
    await expect.poll(async () => (await storedStop(3)).longitude).toBeGreaterThan(before.longitude);
    const moved = await storedStop(3);
    expect(moved.latitude).toBeLessThan(before.latitude);
    // The editor's marker sits where the owner dropped it: the same screen offset from Forks on both pages (same viewport).
    const offset = async (page: Page) => {
      const [forks, neah] = await Promise.all(
        ['Stop 3: Forks', 'Stop 4: Neah Bay'].map((name) => tripMap(page).getByRole('button', { name }).boundingBox()),
      );
      return neah!.x - forks!.x;
    };
    await expect.poll(() => offset(editorPage)).toBeCloseTo(await offset(ownerPage), -1);
    await ownerPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => storedStop(3)).toEqual(before);
  });

  it("keeps the stop's typed address when Set location finds only the town", async () => {
    const row = stopList(ownerPage).locator('li', { hasText: 'Lake Crescent Lodge' });
    await row.getByRole('button', { name: 'Set location for Lake Crescent Lodge' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Set location: Lake Crescent Lodge' });
    await dialog.getByRole('combobox', { name: 'Location' }).fill('Port Angeles');
    const option = dialog.getByRole('option').filter({ hasText: 'Port Angeles' }).first();
    await option.click();
    await dialog.waitFor({ state: 'detached' });
    await tripMap(editorPage).getByRole('button', { name: 'Stop 2: Lake Crescent Lodge' }).waitFor();
    // The editor's page shows a member's edit as soon as it is fanned out; the row follows once its batch commits.
    await expect.poll(async () => (await storedStop(1)).latitude ?? 0).toBeCloseTo(48.1, 0);
    const stop = await storedStop(1);
    expect(stop.address).toBe(LAKE_CRESCENT);
    expect(stop.latitude).toBeCloseTo(48.1, 0);
    expect(stop.longitude).toBeCloseTo(-123.4, 0);
  });

  it('gives a viewer no edit controls', async () => {
    const viewer = await buildUser(t.server.deps.dataSource, { displayName: 'Victor Viewer' });
    await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');
    const page = await pages.tripPage(viewer, trip);
    await tripMap(page).getByRole('button', { name: 'Stop 3: Forks' }).waitFor();
    expect(await stopList(page).getByRole('button', { name: /^Edit details of / }).count()).toBe(0);
  });
});

describe('the stop editor at both widths and themes', () => {
  const sizes = [
    { width: 1366, height: 900, folder: 'desktop' },
    { width: 390, height: 844, folder: 'phone' },
  ];

  it.each(sizes)('passes axe at $width px in the light and the dark theme', async ({ width, height, folder }) => {
    // A page of its own beside the owner's (the same context: no new one to start for a width).
    const page = await pages.pageBeside(ownerPage, { width, height });
    await openTripPage(page, t, trip);
    await tripMap(page).getByRole('button', { name: 'Stop 3: Forks' }).waitFor();
    await stopList(page).evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await screenshot(page, `stop-edit/rows-${width}`, { fullPage: false });
    const dialog = await openDetails(page, 'Forks');
    // Pictures only: without them the theme is not switched back and forth for nothing (a switch redraws the map).
    if (takingScreenshots()) {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `${theme === 'light' ? folder : `${folder}-dark`}/stop-editor`, { docs: theme === 'light', fullPage: false });
      }
    }
    // An error shown, so the audit covers the message and the invalid field too.
    await dialog.getByLabel('Latitude').fill('91');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('alert').waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect.soft(await axeViolations(page, { theme, within: dialog }), `${width} px, ${theme}`).toEqual([]);
    }
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
});
