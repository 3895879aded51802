/**
 * "Import places" in Debian's Chromium: an editor imports a Google My Maps KML, sees its places
 * in the preview (the one already in the trip flagged and unticked, the layer filter), adds the rest, and
 * the owner's page shows them live; one Undo removes them all for both. The dialog passes the axe audit at
 * 1366 and 390 px. Then a Garmin GPX (waypoints, route points, and a track's ends, offered unticked and marked),
 * reverted by one Undo too. How many more fit in a trip near the stop limit is the dialog's component test's.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { HEAVY_FIRST_MS, waitForNames } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const text = tripPageMessages.importPlaces;
/** The server's import fixtures, read as files (tooling does not import server code). */
const fixture = (name: string) => readFileSync(new URL(`../../server/src/imports/fixtures/${name}`, import.meta.url));
const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let ownerPage: Page;
let editorPage: Page;

/** Already in the trip, a few metres from the file's placemark, spelled a little differently. */
const AQUARIUM = { name: 'Monterey Bay Aquarium, Monterey', latitude: 36.61825, longitude: -121.90195 };
const BEFORE = ['San Francisco', AQUARIUM.name];
const AFTER = [...BEFORE, 'Santa Cruz Beach Boardwalk', 'Pinnacles National Park'];

const dialog = (page: Page) => page.getByRole('dialog', { name: text.title });
const preview = (page: Page) => dialog(page).getByRole('region', { name: text.placesHeading });

beforeAll(async () => {
  ({ ownerPage, memberPage: editorPage } = await pages.openCrew('editor', { title: 'Central Coast', stops: [AQUARIUM] }));
});

describe('Import places', () => {
  it('previews a My Maps KML: places, the duplicate flagged and unticked, the layer filter; audit at 1366 and 390 px', { timeout: 120_000 }, async () => {
    await waitForNames(editorPage, BEFORE);
    await editorPage.getByRole('button', { name: text.open }).focus();
    await editorPage.keyboard.press('Enter');
    await dialog(editorPage).waitFor();
    await dialog(editorPage)
      .getByLabel(text.file)
      .setInputFiles({ name: 'Central Coast weekend.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: fixture('myMaps.kml') });
    // The file is read in the worker pool, whose thread starts with this first task.
    await preview(editorPage).waitFor({ timeout: HEAVY_FIRST_MS });

    const box = (name: string) => preview(editorPage).getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await expect(box('Santa Cruz Beach Boardwalk').isChecked()).resolves.toBe(true);
    await expect(box('Pinnacles National Park').isChecked()).resolves.toBe(true);
    await expect(box('Monterey Bay Aquarium').isChecked()).resolves.toBe(false);
    await expect(preview(editorPage).getByRole('listitem').filter({ hasText: 'Monterey Bay Aquarium' }).textContent()).resolves.toContain(text.duplicate);
    await preview(editorPage).getByText(text.count(2, 3)).waitFor();

    // The layer filter shows one folder's places; back to all.
    const folder = preview(editorPage).getByLabel(text.folder);
    await folder.selectOption('Inland');
    await expect(preview(editorPage).getByRole('checkbox').count()).resolves.toBe(1);
    await preview(editorPage).getByText(text.count(1, 1)).waitFor();
    await folder.selectOption('');
    await preview(editorPage).getByText(text.count(2, 3)).waitFor();

    await expectAccessible(editorPage, 'import dialog at 1366 px');
    await screenshot(editorPage, 'import-places-dialog');
    await editorPage.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(editorPage, 'import dialog at 390 px');
    await editorPage.setViewportSize({ width: 1366, height: 900 });
  });

  it('adds the ticked places for every member live, and one Undo removes them all', async () => {
    await dialog(editorPage).getByRole('button', { name: text.add(2) }).click();
    await expect.poll(() => dialog(editorPage).count()).toBe(0);
    await editorPage.getByRole('region', { name: /Notifications/ }).getByText(text.added(2)).waitFor();
    await waitForNames(editorPage, AFTER);
    await waitForNames(ownerPage, AFTER);

    await editorPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForNames(editorPage, BEFORE);
    await waitForNames(ownerPage, BEFORE);
  });

  it("shows the server's message for a bad file", async () => {
    await editorPage.getByRole('button', { name: text.open }).click();
    await dialog(editorPage)
      .getByLabel(text.file)
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: fixture('badLine12.csv') });
    await dialog(editorPage).getByRole('alert').getByText('Line 12 has no coordinates').waitFor();
    await expect(dialog(editorPage).getByRole('button', { name: text.add(0) }).isDisabled()).resolves.toBe(true);
  });

  it("adds a Garmin GPX's waypoints, route points and, once ticked, its track ends; one Undo removes them", async () => {
    // The dialog is still open from the bad file.
    await dialog(editorPage)
      .getByLabel(text.file)
      .setInputFiles({ name: 'Utah loop.gpx', mimeType: 'application/gpx+xml', buffer: fixture('garmin.gpx') });
    // The track's start and end come unticked, marked as such.
    await preview(editorPage).getByText(text.count(4, 6)).waitFor();
    for (const [name, mark] of [
      [messages.placeImport.trackStart('Morning ride'), text.trackEnd.start],
      [messages.placeImport.trackEnd('Morning ride'), text.trackEnd.end],
    ]) {
      const row = preview(editorPage).getByRole('listitem').filter({ hasText: name });
      await expect(row.getByRole('checkbox').isChecked()).resolves.toBe(false);
      await expect(row.textContent()).resolves.toContain(mark);
      await row.getByRole('checkbox').check();
    }
    await preview(editorPage).getByText(text.count(6, 6)).waitFor();
    await dialog(editorPage).getByRole('button', { name: text.add(6) }).click();
    await expect.poll(() => dialog(editorPage).count()).toBe(0);
    const utah = ['Delicate Arch', 'Moab', 'Capitol Reef Visitor Center', 'Escalante'];
    const track = [messages.placeImport.trackStart('Morning ride'), messages.placeImport.trackEnd('Morning ride')];
    await waitForNames(ownerPage, [...BEFORE, ...utah, ...track]);
    await editorPage.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForNames(editorPage, BEFORE);
    await waitForNames(ownerPage, BEFORE);
  });
});
