/**
 * Where a new stop goes, and where a typed place is looked for, in Debian's Chromium: on a California coast trip
 * the address type-ahead lists Fort Bragg, CA first (not North Carolina's, as it does with no trip), and Add
 * Manually offers "At the end" or "Where it fits best", saying where each puts the stop and the driving it
 * adds before anything is written; the import preview offers the same for a file's places, the owner's
 * pending suggestions "Approve where it fits best", and so does a place from Search Places (one Undo takes it
 * out). On a trip with no located stop, the type-ahead ranks near where the map is looking (California: Fort
 * Bragg, CA first). Audited and photographed at 1366 and 390 px.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimatedDriveMinutes } from '@caravan/shared';
import { tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { COAST_STOPS } from './coastStops.ts';
import { addPanel, collaboration, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const text = tripPageMessages;
const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let ownerPage: Page;
let editorPage: Page;
let crew: Awaited<ReturnType<typeof pages.openCrew>>;

const START = { latitude: 37.7749, longitude: -122.4194 };
const FORT_BRAGG_CA = { latitude: 39.44572, longitude: -123.80529 };
/** Santa Monica Pier, as the embedded places list has it: 24 km past Los Angeles, but on the way from Big Sur. */
const PIER = { latitude: 34.0094, longitude: -118.4973 };
const SACRAMENTO = { latitude: 38.5816, longitude: -121.4944 };
const choice = (page: Page) => page.getByRole('group', { name: text.placement.legend });
const photograph = (page: Page, name: string) => screenshot(page, `places/${name}`, { fullPage: false });

beforeAll(async () => {
  crew = await pages.openCrew('editor', { title: 'Coast', stops: COAST_STOPS });
  ({ ownerPage, memberPage: editorPage } = crew);
});

describe('a new stop near the trip, where it fits best', () => {
  it('lists Fort Bragg, CA first for a California trip, and offers to put it between San Francisco and Monterey', async () => {
    await waitForNames(editorPage, ['San Francisco', 'Monterey', 'Big Sur', 'Los Angeles']);
    await addPanel(editorPage).getByRole('tab', { name: 'Add Manually' }).click();
    await addPanel(editorPage).getByLabel('Stop name').fill('Fort Bragg');
    await addPanel(editorPage).getByRole('combobox', { name: 'Address' }).fill('Fort Bragg');
    const first = addPanel(editorPage).getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain('Fort Bragg, CA, United States');
    await editorPage.keyboard.press('Enter');

    // Both places, with what each adds, before anything is written.
    const endMinutes = Math.round(estimatedDriveMinutes(COAST_STOPS[2], FORT_BRAGG_CA));
    const bestMinutes = Math.round(
      estimatedDriveMinutes(START, FORT_BRAGG_CA) + estimatedDriveMinutes(FORT_BRAGG_CA, COAST_STOPS[0]) - estimatedDriveMinutes(START, COAST_STOPS[0]),
    );
    const end = choice(editorPage).getByRole('radio', { name: new RegExp(`^${text.placement.atEnd}`) });
    const best = choice(editorPage).getByRole('radio', { name: new RegExp(`^${text.placement.best}`) });
    await expect(end.isChecked()).resolves.toBe(true);
    await expect(choice(editorPage).textContent()).resolves.toContain(text.placement.endDetail({ after: 'Los Angeles', addedMinutes: endMinutes }, false));
    await expect(choice(editorPage).textContent()).resolves.toContain(
      text.placement.bestDetail({ after: 'San Francisco', before: 'Monterey', addedMinutes: bestMinutes }, false),
    );
    expect(bestMinutes).toBeLessThan(endMinutes);

    // By keyboard: the arrow key moves the choice to "Where it fits best".
    await end.focus();
    await editorPage.keyboard.press('ArrowDown');
    await expect(best.isChecked()).resolves.toBe(true);
    await expectAccessible(editorPage, 'placement choice at 1366 px');
    await choice(editorPage).scrollIntoViewIfNeeded();
    await photograph(editorPage, 'add-where-it-fits-1366');
    await editorPage.setViewportSize({ width: 390, height: 844 });
    await choice(editorPage).scrollIntoViewIfNeeded();
    await expectAccessible(editorPage, 'placement choice at 390 px');
    await photograph(editorPage, 'add-where-it-fits-390');
    await editorPage.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(editorPage, 'placement choice at 390 px, dark', { theme: 'dark' });
    await photograph(editorPage, 'add-where-it-fits-390-dark');
    await editorPage.emulateMedia({ colorScheme: 'light' });
    await editorPage.setViewportSize({ width: 1366, height: 900 });

    await addPanel(editorPage).getByRole('button', { name: 'Add Stop' }).click();
    const after = ['San Francisco', 'Fort Bragg', 'Monterey', 'Big Sur', 'Los Angeles'];
    await waitForNames(editorPage, after);
    await waitForNames(ownerPage, after);
    // The form is empty again, and so is the choice.
    await expect(choice(editorPage).count()).resolves.toBe(0);
  });

  it('puts each imported place where it fits best when asked, in one change', async () => {
    await editorPage.getByRole('button', { name: text.importPlaces.open }).click();
    const dialog = editorPage.getByRole('dialog', { name: text.importPlaces.title });
    const csv = ['name,latitude,longitude', 'Carmel-by-the-Sea,36.5552,-121.9233', 'San Diego,32.7157,-117.1611'].join('\n');
    await dialog.getByLabel(text.importPlaces.file).setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const many = dialog.getByRole('group', { name: text.placement.legendMany });
    await many.getByRole('radio', { name: new RegExp(`^${text.placement.eachBest}`) }).check();
    await expectAccessible(editorPage, 'import placement at 1366 px');
    await dialog.getByRole('button', { name: text.importPlaces.add(2) }).click();
    // Carmel between Monterey and Big Sur; San Diego, beyond Los Angeles, at the end.
    const after = ['San Francisco', 'Fort Bragg', 'Monterey', 'Carmel-by-the-Sea', 'Big Sur', 'Los Angeles', 'San Diego'];
    await waitForNames(editorPage, after);
    await waitForNames(ownerPage, after);
    await editorPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForNames(ownerPage, ['San Francisco', 'Fort Bragg', 'Monterey', 'Big Sur', 'Los Angeles']);
  });

  it("lets the owner approve a suggestion where it fits best, saying where that is first", async () => {
    const santaCruz = { name: 'Santa Cruz', latitude: 36.9741, longitude: -122.0308 };
    const suggested = await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, ...santaCruz }, { as: crew.member });
    expect(suggested.status).toBe(201);
    const panel = collaboration(ownerPage);
    await panel.getByRole('tab', { name: 'Suggestions' }).click();
    const row = panel.getByRole('list', { name: 'Pending Suggestions' }).getByRole('listitem').filter({ hasText: 'Santa Cruz' });
    await row.getByText(/^Fits best between Fort Bragg and Monterey: /).waitFor();
    await expectAccessible(ownerPage, 'suggestion placement at 1366 px');
    await row.scrollIntoViewIfNeeded();
    await photograph(ownerPage, 'suggestion-fits-1366');
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await expectAccessible(ownerPage, 'suggestion placement at 390 px');
    await photograph(ownerPage, 'suggestion-fits-390');
    await ownerPage.setViewportSize({ width: 1366, height: 900 });
    await row.getByRole('button', { name: 'Approve where it fits best' }).click();
    const after = ['San Francisco', 'Fort Bragg', 'Santa Cruz', 'Monterey', 'Big Sur', 'Los Angeles'];
    await waitForNames(ownerPage, after);
    await waitForNames(editorPage, after);
  });

  it('adds a found place from Search Places where it fits best, saying where first, and one Undo takes it out', async () => {
    const before = ['San Francisco', 'Fort Bragg', 'Santa Cruz', 'Monterey', 'Big Sur', 'Los Angeles'];
    await waitForNames(editorPage, before);
    await addPanel(editorPage).getByRole('tab', { name: 'Search Places' }).click();
    await addPanel(editorPage).getByLabel('Search for places').fill('Santa Monica Pier');
    const pier = addPanel(editorPage).getByRole('list', { name: 'Places found' }).getByRole('listitem').filter({ hasText: 'Santa Monica Pier' });
    const addToTrip = pier.getByRole('button', { name: 'Add to Trip' });
    await addToTrip.click();

    // Nothing is written until Add Stop; the choice opens with the focus on "At the end".
    const pierChoice = choice(editorPage);
    const endMinutes = Math.round(estimatedDriveMinutes(COAST_STOPS[2], PIER));
    const bestMinutes = Math.round(
      estimatedDriveMinutes(COAST_STOPS[1], PIER) + estimatedDriveMinutes(PIER, COAST_STOPS[2]) - estimatedDriveMinutes(COAST_STOPS[1], COAST_STOPS[2]),
    );
    await expect(pierChoice.textContent()).resolves.toContain(text.placement.endDetail({ after: 'Los Angeles', addedMinutes: endMinutes }, false));
    await expect(pierChoice.textContent()).resolves.toContain(
      text.placement.bestDetail({ after: 'Big Sur', before: 'Los Angeles', addedMinutes: bestMinutes }, false),
    );
    await expect(addToTrip.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(editorPage.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).resolves.toBe('end');
    await editorPage.keyboard.press('ArrowDown');
    await expect(pierChoice.getByRole('radio', { name: new RegExp(`^${text.placement.best}`) }).isChecked()).resolves.toBe(true);
    await waitForNames(ownerPage, before);

    const addStop = pier.getByRole('button', { name: text.addStop });
    await addStop.scrollIntoViewIfNeeded();
    await expectAccessible(editorPage, 'search placement at 1366 px');
    await photograph(editorPage, 'search-where-it-fits-1366');
    await editorPage.setViewportSize({ width: 390, height: 844 });
    await addStop.scrollIntoViewIfNeeded();
    await expectAccessible(editorPage, 'search placement at 390 px');
    await photograph(editorPage, 'search-where-it-fits-390');
    await editorPage.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(editorPage, 'search placement at 390 px, dark', { theme: 'dark' });
    await photograph(editorPage, 'search-where-it-fits-390-dark');
    await editorPage.emulateMedia({ colorScheme: 'light' });
    await editorPage.setViewportSize({ width: 1366, height: 900 });

    await addStop.click();
    const after = ['San Francisco', 'Fort Bragg', 'Santa Cruz', 'Monterey', 'Big Sur', 'Santa Monica Pier', 'Los Angeles'];
    await waitForNames(editorPage, after);
    await waitForNames(ownerPage, after);
    await pier.getByText(text.inTrip, { exact: true }).waitFor();
    await editorPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForNames(ownerPage, before);
    await waitForNames(editorPage, before);
  });

  it("ranks places near where the map is looking while the trip has no located stop", async () => {
    // A start typed without picking a place has no position; the map centres on the user, in California.
    const created = await t.api.post<{ id: string; title: string }>('/trips', { title: 'Somewhere west', startLocationName: 'Home' }, { as: crew.owner });
    expect(created.status).toBe(201);
    const page = await pages.tripPage(crew.owner, created.body, { geolocation: SACRAMENTO, permissions: ['geolocation'] });
    await addPanel(page).getByRole('tab', { name: 'Add Manually' }).click();
    await addPanel(page).getByRole('combobox', { name: 'Address' }).fill('Fort Bragg');
    const first = addPanel(page).getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain('Fort Bragg, CA, United States');
    await first.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'type-ahead near the map view at 1366 px');
    await photograph(page, 'typeahead-map-view-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await addPanel(page).getByRole('combobox', { name: 'Address' }).scrollIntoViewIfNeeded();
    await photograph(page, 'typeahead-map-view-390');
  });
});
