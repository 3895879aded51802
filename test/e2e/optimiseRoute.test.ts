/**
 * "Optimise route" in Debian's Chromium: an editor opens the dialog on a scrambled trip, works
 * it with the keyboard (pin toggle, Preview), sees drive time and distance before → after and the new
 * order, applies it, and the owner's page shows the new order live; one Undo restores the old order for
 * both. A proposal made stale by someone else's move is previewed again, not applied. The dialog passes
 * the axe audit at 1366 and 390 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { HEAVY_FIRST_MS, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const text = tripPageMessages.optimise;
const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let owner: User;
let trip: Trip;
let ownerPage: Page;
let editorPage: Page;

/** After San Francisco (the trip's first stop), down the coast in a scrambled order. */
const SCRAMBLED = [
  { name: 'San Diego', latitude: 32.7157, longitude: -117.1611 },
  { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
  { name: 'San Luis Obispo', latitude: 35.2828, longitude: -120.6596 },
  { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 },
];
const SCRAMBLED_NAMES = ['San Francisco', ...SCRAMBLED.map((stop) => stop.name)];
const SHORTEST_NAMES = ['San Francisco', 'Monterey', 'San Luis Obispo', 'Santa Barbara', 'Los Angeles', 'San Diego'];

const dialog = (page: Page) => page.getByRole('dialog', { name: text.title });
const proposal = (page: Page) => dialog(page).getByRole('region', { name: text.resultHeading });

/** Opens the dialog from the stops section's toolbar with the keyboard. */
async function openDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: text.open }).focus();
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
}

beforeAll(async () => {
  const options = { title: 'Coast Scramble', description: 'In no sensible order', stops: SCRAMBLED };
  ({ owner, trip, ownerPage, memberPage: editorPage } = await pages.openCrew('editor', options));
});

describe('Optimise route', () => {
  it('previews the shortest order with the keyboard and passes the audit at 1366 and 390 px', { timeout: 120_000 }, async () => {
    await waitForNames(ownerPage, SCRAMBLED_NAMES);
    await waitForNames(editorPage, SCRAMBLED_NAMES);
    await openDialog(editorPage);
    const list = dialog(editorPage).getByRole('list', { name: text.stopsLabel });
    // The first stop keeps its place; the others have a pin toggle.
    await expect(list.getByRole('listitem').first().textContent()).resolves.toContain(text.keepsPlace.first);
    const pinMonterey = list.getByRole('button', { name: 'Pin Monterey' });
    await pinMonterey.focus();
    await editorPage.keyboard.press('Space');
    await expect(pinMonterey.getAttribute('aria-pressed')).resolves.toBe('true');
    await editorPage.keyboard.press('Space');
    await expect(pinMonterey.getAttribute('aria-pressed')).resolves.toBe('false');

    await dialog(editorPage).getByRole('button', { name: text.preview }).focus();
    await editorPage.keyboard.press('Enter');
    await proposal(editorPage).waitFor({ timeout: HEAVY_FIRST_MS });
    const order = proposal(editorPage).getByRole('list', { name: text.orderHeading });
    await expect(order.getByRole('listitem').allTextContents()).resolves.toEqual(SHORTEST_NAMES);
    const totals = await proposal(editorPage).locator('dd').allTextContents();
    expect(totals).toHaveLength(2);
    for (const total of totals) expect(total).toMatch(/^.+ → .+$/);
    await expectAccessible(editorPage, 'optimise dialog at 1366 px');
    await screenshot(editorPage, 'optimise-route-dialog');

    await editorPage.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(editorPage, 'optimise dialog at 390 px');
    await editorPage.setViewportSize({ width: 1366, height: 900 });
  });

  it('applies the order for every member live, and one Undo restores it', async () => {
    await dialog(editorPage).getByRole('button', { name: text.apply }).click();
    await expect.poll(() => dialog(editorPage).count()).toBe(0);
    await editorPage.getByRole('region', { name: /Notifications/ }).getByText(text.applied).waitFor();
    await waitForNames(editorPage, SHORTEST_NAMES);
    await waitForNames(ownerPage, SHORTEST_NAMES);

    await editorPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForNames(editorPage, SCRAMBLED_NAMES);
    await waitForNames(ownerPage, SCRAMBLED_NAMES);
  });

  it('previews again, rather than apply, when the order changed since the preview', async () => {
    await openDialog(editorPage);
    await dialog(editorPage).getByRole('button', { name: text.preview }).click();
    await proposal(editorPage).waitFor();

    // The owner moves Monterey to the end meanwhile.
    const ids = (await t.api.post('/trips/details', { tripId: trip.id }, { as: owner })).body.stops as { id: string; name: string }[];
    const monterey = ids.find((stop) => stop.name === 'Monterey')!;
    expect((await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: monterey.id, newOrder: 99 }, { as: owner })).status).toBe(200);
    const moved = [...SCRAMBLED_NAMES.filter((name) => name !== 'Monterey'), 'Monterey'];
    await waitForNames(editorPage, moved);

    await dialog(editorPage).getByRole('button', { name: text.apply }).click();
    await dialog(editorPage).getByText(text.stale).waitFor();
    await waitForNames(editorPage, moved);
    // The new proposal comes from the order as it is now, and applies.
    await proposal(editorPage).waitFor();
    await dialog(editorPage).getByRole('button', { name: text.apply }).click();
    await waitForNames(ownerPage, SHORTEST_NAMES);
  });
});
