/**
 * Export in Debian's Chromium at phone width, 390 px: any member opens Export from the trip
 * header and downloads a file that is what it says (a GPX with the trip's stops); the owner also creates the
 * calendar feed, whose address a calendar app fetches without a session, gives it a new address (the old one
 * answers 404) and turns it off. A viewer gets the downloads but no feed section. The dialog passes axe,
 * fits the screen, and Close returns focus to Export.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { downloadedText, screenshot } from './browser.ts';
import { HEAVY_FIRST_MS } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const PHONE = { width: 390, height: 844 };
const t = useTestStack();
const pages = useTripPages(t, { viewport: PHONE, bypassCSP: true, acceptDownloads: true });
let owner: User;
let viewer: User;
let trip: Trip;
const pageFor = (user: User) => pages.tripPage(user, trip);

async function openExport(page: Page) {
  const opener = page.getByRole('button', { name: 'Export', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Export trip' });
  await dialog.waitFor();
  return dialog;
}

/** The feed as a calendar app fetches it: no cookie. */
const poll = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, t.server.url));

beforeAll(async () => {
  const stops = [{ name: 'Monterey & Carmel', latitude: 36.6002, longitude: -121.8947 }];
  ({ owner, member: viewer, trip } = await tripWithMember(t, 'viewer', { title: 'Monterey Weekend', stops }));
});

describe('export', () => {
  it('downloads a GPX of the trip from the Export dialog, which fits a phone and passes axe', { timeout: 120_000 }, async () => {
    const page = await pageFor(owner);
    const dialog = await openExport(page);
    const links = dialog.getByRole('link');
    await expect(links.allTextContents()).resolves.toEqual([
      'Download GPX',
      'Download KML',
      'Download GeoJSON',
      'Download Calendar (ICS)',
      'Download PDF itinerary',
    ]);
    expect(await axeViolations(page), 'export dialog').toEqual([]);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);

    // Files are made in the worker pool: this may be its first task, its thread starting.
    const downloaded = page.waitForEvent('download', { timeout: HEAVY_FIRST_MS });
    const [download] = await Promise.all([downloaded, dialog.getByRole('link', { name: 'Download GPX' }).click()]);
    expect(download.suggestedFilename()).toBe('monterey-weekend.gpx');
    const gpx = await downloadedText(download);
    expect(gpx).toContain('<name>San Francisco</name>');
    expect(gpx).toContain('<name>Monterey &amp; Carmel</name>');

    // Close ends the dialog and gives the keyboard back to the button that opened it.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Export');
  });

  it('lets the owner create, copy, renew and turn off the calendar feed', async () => {
    const page = await pageFor(owner);
    const dialog = await openExport(page);
    const feed = dialog.getByRole('region', { name: 'Calendar feed' });
    await feed.getByText('No calendar feed yet.').waitFor();
    await feed.getByRole('button', { name: 'Create feed' }).click();
    const address = feed.getByLabel('Calendar feed address');
    await address.waitFor();
    const first = await address.inputValue();
    const calendar = await poll(first);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toContain('BEGIN:VCALENDAR');
    expect(await axeViolations(page), 'feed section').toEqual([]);
    await screenshot(page, 'export-dialog-phone');

    await feed.getByRole('button', { name: 'New address' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    expect((await poll(first)).status).toBe(404);
    const second = await address.inputValue();
    expect((await poll(second)).status).toBe(200);

    await feed.getByRole('button', { name: 'Turn off calendar feed' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
    await feed.getByText('No calendar feed yet.').waitFor();
    expect((await poll(second)).status).toBe(404);
  });

  it('gives a viewer the downloads but no calendar feed', async () => {
    const page = await pageFor(viewer);
    const dialog = await openExport(page);
    await expect(dialog.getByRole('link').count()).resolves.toBe(5);
    await expect(dialog.getByRole('region', { name: 'Calendar feed' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Export');
  });
});
