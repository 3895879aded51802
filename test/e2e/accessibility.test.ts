/**
 * Issue 6's accessibility bar in Debian's Chromium: every screen passes an axe-core audit against WCAG 2.1
 * A and AA; the trip page's controls are all reachable with Tab; a drag handle has a name, instructions
 * and spoken announcements; a dialog keeps focus inside itself, closes on Escape and gives focus back to
 * the control that opened it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { buildScreenFixture } from './screenFixture.ts';
import { tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
let owner: User;
let admin: User;
let viewer: User;
let invitee: User;
let trip: Trip;
let shareToken: string;
let invitationToken: string;
let ownerPage: Page;

const collaboration = (page: Page) => page.getByRole('region', { name: 'Collaboration' });
const addPanel = (page: Page) => page.getByRole('region', { name: 'Add stops' });

beforeAll(async () => {
  // Content in every panel, so the audit sees rows and not only empty states.
  ({ owner, admin, viewer, invitee, trip, shareToken, invitationToken } = await buildScreenFixture(t));
  ownerPage = await pages.tripPage(owner, trip);
  await ownerPage.getByRole('region', { name: 'Trip map' }).waitFor();
});

describe('the axe audit', () => {
  it('passes the landing and login pages', async () => {
    const page = await (await pages.newContext()).newPage();
    await page.goto(t.server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'landing');
    await page.goto(`${t.server.url}/login`);
    await page.getByRole('tab', { name: 'Log In' }).waitFor();
    await expectAccessible(page, 'login');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await expectAccessible(page, 'login, Create Account');
    await page.goto(`${t.server.url}/no-such-page`);
    await page.getByRole('link', { name: /home/i }).waitFor();
    await expectAccessible(page, 'not found');
  });

  it('passes My Trips with a trip card and its create dialog', async () => {
    const page = await pages.signedInPage(owner);
    await page.goto(`${t.server.url}/trips`);
    await page.getByRole('article').filter({ hasText: trip.title }).waitFor();
    await expectAccessible(page, 'my trips');
    await page.getByRole('button', { name: 'Create New Trip' }).click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'create trip dialog');
  });

  it("passes the owner's trip page with every collaboration tab and both add-stop tabs", async () => {
    await collaboration(ownerPage).getByRole('list').first().waitFor();
    await expectAccessible(ownerPage, 'trip page');
    for (const tab of ['Invite', 'Pending', 'Suggestions', 'Archived', 'Polls', 'Checklists', 'Activity', 'Costs', 'Members']) {
      await collaboration(ownerPage).getByRole('tab', { name: tab }).click();
      await expectAccessible(ownerPage, `collaboration tab ${tab}`);
    }
    await collaboration(ownerPage).getByRole('tab', { name: 'Pending' }).click();
    await collaboration(ownerPage).getByRole('tab', { name: 'Invitation Links' }).click();
    await expectAccessible(ownerPage, 'pending invitation links');
    await addPanel(ownerPage).getByRole('tab', { name: 'Add Manually' }).click();
    await expectAccessible(ownerPage, 'add manually');
    await addPanel(ownerPage).getByRole('tab', { name: 'Search Places' }).click();
    await addPanel(ownerPage).getByLabel('Search for places').fill('aquarium');
    await addPanel(ownerPage).getByRole('list', { name: 'Places found' }).waitFor();
    await expectAccessible(ownerPage, 'search places with results');
    await ownerPage.getByRole('region', { name: 'Trip map' }).getByRole('button', { name: 'Stop 2: Monterey' }).click();
    await ownerPage.getByRole('link', { name: 'Open in Google Maps' }).waitFor();
    await expectAccessible(ownerPage, 'map with a popup');
    await ownerPage.keyboard.press('Escape');
  });

  it("passes a viewer's trip page with the Suggest Stop tab", async () => {
    const page = await pages.tripPage(viewer, trip);
    await page.getByRole('region', { name: 'Trip map' }).waitFor();
    await expectAccessible(page, 'viewer trip page');
    await collaboration(page).getByRole('tab', { name: 'Suggest Stop' }).click();
    await expectAccessible(page, 'suggest stop tab');
  });

  it('passes the trip view, its dialogs and the journal editor', async () => {
    await tripView(ownerPage).getByRole('button', { name: 'Monterey', exact: true }).click();
    await tripView(ownerPage).getByText('Parking?').waitFor();
    await expectAccessible(ownerPage, 'story view');
    await tripView(ownerPage).getByRole('tab', { name: 'Itinerary View' }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Stats' }).click();
    await expectAccessible(ownerPage, 'itinerary view');

    await tripView(ownerPage).getByRole('button', { name: 'Edit stop Monterey' }).click();
    const edit = ownerPage.getByRole('dialog', { name: 'Edit Stop: Monterey' });
    await edit.getByText('Estimated travel from', { exact: false }).waitFor();
    await expectAccessible(ownerPage, 'edit stop dialog');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await tripView(ownerPage).getByRole('button', { name: 'Bulk Schedule' }).click();
    const bulk = ownerPage.getByRole('dialog', { name: 'Bulk Schedule Trip' });
    await bulk.locator('.schedule-preview-list li').first().waitFor();
    await expectAccessible(ownerPage, 'bulk schedule dialog');
    await bulk.getByRole('button', { name: 'Cancel' }).click();

    await tripView(ownerPage).getByRole('tab', { name: 'Story View' }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Change Background' }).click();
    await ownerPage.getByRole('dialog', { name: 'Update Trip Background' }).waitFor();
    await expectAccessible(ownerPage, 'background dialog');
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await tripView(ownerPage).getByRole('button', { name: 'Edit journal for Monterey' }).click();
    const editor = tripView(ownerPage).getByRole('region', { name: 'Edit Journal for Monterey' });
    await editor.getByText('Sea otters.').first().waitFor();
    await expectAccessible(ownerPage, 'journal editor');
    await editor.getByRole('button', { name: 'Cancel' }).click();

    // A toast, the Visited section and the print view.
    await tripView(ownerPage).getByRole('button', { name: 'Click to mark as visited: San Francisco' }).click();
    await ownerPage.getByRole('region', { name: /Notifications/ }).getByText('Stop marked as visited').waitFor();
    await tripView(ownerPage).getByRole('button', { name: /Visited/ }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Click to mark as unvisited: San Francisco' }).waitFor();
    await expectAccessible(ownerPage, 'toast and visited section');
    await tripView(ownerPage).getByRole('tab', { name: 'Itinerary View' }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Print View' }).click();
    await expectAccessible(ownerPage, 'print view');
    await tripView(ownerPage).getByRole('button', { name: 'Print View' }).click();
  });

  it('passes the shared trip page, the invitation page and the admin page', async () => {
    const visitor = await (await pages.newContext()).newPage();
    await visitor.goto(`${t.server.url}/share/${shareToken}`);
    await visitor.getByRole('heading', { name: 'Up Next' }).waitFor();
    await expectAccessible(visitor, 'shared trip');
    await visitor.getByRole('tab', { name: 'Map View' }).click();
    await visitor.getByRole('region', { name: 'Trip map' }).waitFor();
    await expectAccessible(visitor, 'shared trip map');

    const invited = await pages.signedInPage(invitee);
    await invited.goto(`${t.server.url}/invitation/${invitationToken}`);
    await invited.getByRole('heading', { name: "You're Invited!" }).waitFor();
    await expectAccessible(invited, 'invitation');

    const adminPage = await pages.signedInPage(admin);
    await adminPage.goto(`${t.server.url}/admin`);
    await adminPage.getByRole('row').filter({ hasText: 'Olivia Owner' }).waitFor();
    await expectAccessible(adminPage, 'admin users');
    for (const tab of ['Trip Access', 'Password Reset']) {
      await adminPage.getByRole('tab', { name: tab }).click();
      await expectAccessible(adminPage, `admin ${tab}`);
    }
  });
});

/** What a keyboard user should be able to Tab to, once the hidden and disabled ones are left out. */
const CONTROLS = 'a[href], button, input, select, textarea';

/** Marks the controls inside `scopes` with data-a11y-key and names them, in document order. */
function markControls(page: Page, scopes: string[]): Promise<string[]> {
  return page.evaluate(
    ({ scopes, selector }) => {
      const seen = new Set<Element>();
      const names: string[] = [];
      for (const scope of scopes.flatMap((css) => [...document.querySelectorAll(css)])) {
        for (const element of scope.querySelectorAll<HTMLElement>(selector)) {
          if (seen.has(element) || (element as HTMLButtonElement).disabled || !element.checkVisibility()) continue;
          // A tab list is one Tab stop, its selected tab; the arrow keys move along it (tested apart).
          if (element.matches('[role="tab"]:not([aria-selected="true"])')) continue;
          seen.add(element);
          const label = (element as HTMLInputElement).labels?.[0]?.textContent;
          const name = element.getAttribute('aria-label') ?? label ?? element.textContent?.trim();
          element.dataset.a11yKey = `${element.tagName.toLowerCase()} "${name}" #${names.length}`;
          names.push(element.dataset.a11yKey);
        }
      }
      return names;
    },
    { scopes, selector: CONTROLS },
  );
}

const focusedKey = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.a11yKey ?? null);
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')));

describe('the keyboard', () => {
  let page: Page;
  beforeAll(async () => {
    page = await pages.tripPage(owner, trip);
    await page.getByRole('button', { name: 'Drag to reorder Monterey' }).waitFor();
    await collaboration(page).getByRole('button', { name: /^Remove/ }).waitFor();
  });

  it('reaches every control of the top bar, the trip header, the collaboration panel, the stops and the add panel with Tab', async () => {
    const expected = await markControls(page, ['.top-bar', '.trip-header', '.collab-panel', '.stops-section', '.add-panel']);
    expect(expected).toEqual(expect.arrayContaining([expect.stringContaining('Drag to reorder Monterey'), expect.stringContaining('"Members"')]));
    const visited = new Set<string>();
    for (let presses = 0; presses < 80 && visited.size < expected.length; presses++) {
      await page.keyboard.press('Tab');
      const key = await focusedKey(page);
      if (key) visited.add(key);
    }
    expect(expected.filter((key) => !visited.has(key))).toEqual([]);
  });

  it('names each drag handle, says how to use it and announces a pick-up and a cancel', async () => {
    const handle = page.getByRole('button', { name: 'Drag to reorder Monterey' });
    const description = await handle.evaluate((element) =>
      element.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '),
    );
    expect(description).toBe(tripPageMessages.dragInstructions);
    // Every announcement, however soon the next one replaces it.
    await page.evaluate(() => {
      const heard: string[] = ((window as unknown as { heard: string[] }).heard = []);
      new MutationObserver(() => {
        for (const region of document.querySelectorAll('[aria-live]')) if (region.textContent) heard.push(region.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await handle.focus();
    await page.keyboard.press('Space');
    // The keyboard sensor listens for Escape from the next task on.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('Escape');
    const heard = () => page.evaluate(() => [...new Set((window as unknown as { heard: string[] }).heard)]);
    await expect.poll(heard).toEqual(['Picked up Monterey, position 2 of 2.', 'Moving Monterey was cancelled.']);
  });

  it('moves along the collaboration tabs with the arrow keys, as the tabs pattern has it', async () => {
    await collaboration(page).getByRole('tab', { name: 'Members' }).focus();
    // Radix moves focus a task after the key, hence the poll.
    for (const name of ['Invite', 'Pending', 'Suggestions', 'Archived', 'Polls', 'Checklists', 'Activity', 'Costs', 'Members']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    }
  });

  it('keeps Tab inside an open dialog, closes it on Escape and gives focus back to its button', async () => {
    const dialogs = [
      { view: 'Itinerary View', opener: tripView(page).getByRole('button', { name: 'Bulk Schedule' }), name: 'Bulk Schedule Trip' },
      { view: 'Itinerary View', opener: tripView(page).getByRole('button', { name: 'Edit stop Monterey' }), name: 'Edit Stop: Monterey' },
      { view: 'Story View', opener: tripView(page).getByRole('button', { name: 'Change Background' }), name: 'Update Trip Background' },
      { view: 'Story View', opener: collaboration(page).getByRole('button', { name: /^Remove/ }), name: 'Remove Member' },
    ];
    for (const { view, opener, name } of dialogs) {
      await tripView(page).getByRole('tab', { name: view }).click();
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
      await dialog.waitFor();
      const controls = await dialog.locator(CONTROLS).count();
      for (const key of [...Array(controls + 2).fill('Tab'), 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        expect(await focusInDialog(page), `focus after ${key} in ${name}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The dialog returns focus in its unmount effect, which may land a frame after it left the page.
      await expect
        .poll(() => opener.evaluate((element) => element === document.activeElement), { message: `focus back on the opener of ${name}` })
        .toBe(true);
    }
  });
});
