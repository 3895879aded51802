/**
 * Trip history (issue 45 §1) in Debian's Chromium, an owner and an editor on one trip in two contexts: the editor
 * names a version, deletes a stop, sees what changed since with who did it, restores that one stop (the owner's page
 * shows it live) and undoes the restore; then browses the named version read-only and restores it whole, which the
 * owner sees live too. The dialog is axe clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { openTripPage } from './browser.ts';
import { LIVE_MS, stopList, waitForNames } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { viewport: { width: 1366, height: 900 }, bypassCSP: true });

const STOPS = [
  { name: 'Eureka', address: 'Eureka, California', latitude: 40.8021, longitude: -124.1637 },
  { name: 'Crescent City', address: 'Crescent City, California', notes: 'Battery Point at low tide', latitude: 41.7558, longitude: -124.2026 },
  { name: 'Bandon', address: 'Bandon, Oregon', latitude: 43.119, longitude: -124.4084 },
];
const ALL = ['San Francisco', 'Eureka', 'Crescent City', 'Bandon'];
const WITHOUT_CRESCENT = ['San Francisco', 'Eureka', 'Bandon'];

let ownerPage: Page;
let editorPage: Page;

const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'Trip history' });

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const dialog = historyDialog(page);
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  const crew = await tripWithMember(t, 'editor', { title: 'Redwood Coast', stops: STOPS });
  ownerPage = await pages.signedInPage(crew.owner);
  editorPage = await pages.signedInPage(crew.member);
  await openTripPage(ownerPage, t, crew.trip);
  await openTripPage(editorPage, t, crew.trip);
});

describe('trip history in the browser', () => {
  it('names a version, shows what changed since with who, restores one stop live and undoes it', async () => {
    await waitForNames(ownerPage, ALL);
    await waitForNames(editorPage, ALL);
    let dialog = await openHistory(editorPage);
    await dialog.getByLabel('A name for the trip as it is now').fill('Before we cut Oregon');
    await dialog.getByRole('button', { name: 'Name this version' }).click();
    await dialog.getByText('Before we cut Oregon', { exact: true }).first().waitFor();
    expect(await axeViolations(editorPage, { within: dialog })).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    await stopList(editorPage).getByRole('button', { name: 'Delete stop: Crescent City' }).click();
    await waitForNames(editorPage, WITHOUT_CRESCENT);
    await waitForNames(ownerPage, WITHOUT_CRESCENT, LIVE_MS);

    dialog = await openHistory(editorPage);
    await dialog.getByRole('button', { name: /^What changed since Before we cut Oregon/ }).click();
    const removed = dialog.getByRole('listitem').filter({ hasText: 'Removed Crescent City' });
    await removed.waitFor();
    await expect(removed.textContent()).resolves.toContain('by Eddie Editor');
    expect(await axeViolations(editorPage, { within: dialog })).toEqual([]);

    await removed.getByRole('button', { name: 'Restore Crescent City as it was' }).click();
    await dialog.getByText('Restored Crescent City').waitFor();
    await waitForNames(ownerPage, ALL, LIVE_MS);
    await waitForNames(editorPage, ALL, LIVE_MS);

    await dialog.getByRole('button', { name: /^Undo restoring/ }).click();
    await waitForNames(ownerPage, WITHOUT_CRESCENT, LIVE_MS);
    await waitForNames(editorPage, WITHOUT_CRESCENT, LIVE_MS);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('browses the named version read-only and restores it whole, seen live by the owner', async () => {
    const dialog = await openHistory(editorPage);
    await dialog.getByRole('button', { name: /^View the trip as it was: Before we cut Oregon/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const banner = editorPage.getByRole('region', { name: /^Viewing the trip as it was on / });
    await banner.waitFor();
    await editorPage.getByText('Removed since').first().waitFor();
    expect(await axeViolations(editorPage, { within: banner })).toEqual([]);

    await banner.getByRole('button', { name: 'Restore this version' }).click();
    // The page goes back to the live trip, which is the version again, for both members.
    await banner.waitFor({ state: 'detached', timeout: LIVE_MS * 2 });
    await waitForNames(editorPage, ALL, LIVE_MS);
    await waitForNames(ownerPage, ALL, LIVE_MS);
    // The restored stop carries its fields back.
    await stopList(ownerPage).getByRole('button', { name: 'Edit details of Crescent City' }).click();
    const details = ownerPage.getByRole('dialog', { name: 'Edit details: Crescent City' });
    await expect(details.getByLabel('Notes (optional)').inputValue()).resolves.toBe('Battery Point at low tide');
    await details.getByRole('button', { name: 'Cancel' }).click();
  });
});
