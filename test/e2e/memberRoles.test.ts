/**
 * Roles and navigation hand-off in Debian's Chromium: the owner makes a viewer an editor and back from the
 * Members tab's selector; the member's open page follows at once (the add-stops panel comes and goes, with
 * no reload) and the Activity tab says who did it. An expanded stop offers Google Maps, Apple Maps and Waze,
 * and on a phone a geo: link too. Each screen at 1366 px and 390 px, light and dark, axe clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { openTripPage } from './browser.ts';
import { COAST_STOPS } from './coastStops.ts';
import { checkScreen, SIZES } from './screenChecks.ts';
import { addPanel, collaboration, toast, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });
let member: User;
let trip: Trip;
let ownerPage: Page;
let memberPage: Page;

const addPanels = (page: Page) => addPanel(page).count();

beforeAll(async () => {
  ({ member, trip, ownerPage, memberPage } = await pages.openCrew('viewer', { title: 'Coast Roles', stops: COAST_STOPS.slice(0, 2) }));
});

describe("a member's role", () => {
  it("is the owner's to change from the Members tab, and the member's open page follows without a reload", async () => {
    const selector = collaboration(ownerPage).getByLabel('Role for Victor Viewer');
    await expect.poll(() => selector.inputValue()).toBe('viewer');
    await expect(selector.isEnabled()).resolves.toBe(true);
    // Nobody else has the selector, and the owner has none for themselves.
    await expect(collaboration(ownerPage).getByLabel('Role for Olivia Owner').count()).resolves.toBe(0);
    await expect(collaboration(memberPage).getByRole('combobox').count()).resolves.toBe(0);
    await checkScreen(ownerPage, 'collaboration-members-roles');
    expect(await addPanels(memberPage)).toBe(0);
    await memberPage.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

    await selector.focus();
    await selector.selectOption('editor');
    await toast(ownerPage, 'Victor Viewer is now an editor');
    await expect.poll(() => addPanels(memberPage)).toBe(1);
    await expect.poll(() => collaboration(memberPage).getByRole('tab').allTextContents()).toContain('Invite');

    await selector.selectOption('viewer');
    await toast(ownerPage, 'Victor Viewer is now a viewer');
    await expect.poll(() => addPanels(memberPage)).toBe(0);
    expect(await memberPage.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await collaboration(memberPage).getByRole('tab', { name: 'Activity' }).click();
    const feed = collaboration(memberPage).getByRole('tabpanel');
    await feed.getByText('Olivia Owner made Victor Viewer an editor').waitFor();
    await feed.getByText('Olivia Owner made Victor Viewer a viewer').waitFor();
    const [row] = await t.server.deps.dataSource.query(`SELECT role FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [trip.id, member.id]);
    expect(row.role).toBe('viewer');
  });
});

describe('navigation hand-off', () => {
  const monterey = COAST_STOPS[0];

  async function expandMonterey(page: Page) {
    await tripView(page).getByRole('button', { name: /^Monterey/ }).first().click();
    return tripView(page).getByRole('group', { name: 'Directions to Monterey' });
  }

  it('offers Google Maps, Apple Maps and Waze for a stop, to its coordinates, in a new tab', async () => {
    const links = await expandMonterey(memberPage);
    const hrefs = Object.fromEntries(
      await Promise.all(
        (await links.getByRole('link').all()).map(async (link) => [await link.textContent(), await link.getAttribute('href')] as const),
      ),
    );
    expect(hrefs).toEqual({
      'Open in Google Maps': expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Monterey/),
      'Open in Apple Maps': `https://maps.apple.com/?daddr=${monterey.latitude},${monterey.longitude}`,
      'Open in Waze': `https://waze.com/ul?ll=${monterey.latitude},${monterey.longitude}&navigate=yes`,
    });
    await expect(links.getByRole('link', { name: 'Open in Waze' }).getAttribute('target')).resolves.toBe('_blank');
    await links.scrollIntoViewIfNeeded();
    await checkScreen(memberPage, 'stop-navigation');
  });

  it('adds a geo: link on a phone', async () => {
    const phone = await pages.signedInPage(member, { viewport: SIZES.phone, isMobile: true, hasTouch: true });
    await openTripPage(phone, t, trip);
    const links = await expandMonterey(phone);
    const geo = links.getByRole('link', { name: 'Open in maps app' });
    await expect(geo.getAttribute('href')).resolves.toBe(`geo:${monterey.latitude},${monterey.longitude}?q=${monterey.latitude},${monterey.longitude}(Monterey)`);
  });
});
