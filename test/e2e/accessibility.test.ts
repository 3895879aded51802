/**
 * The keyboard in Debian's Chromium: the trip page's controls are all reachable with Tab; a drag
 * handle has a name, instructions and spoken announcements; a dialog keeps focus inside itself, closes on
 * Escape and gives focus back to the control that opened it. Every screen's axe audit (WCAG 2.1 A and AA)
 * is the layout walk's (layoutWalk.ts), run at each screen in both themes and at both sizes.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { tripPageMessages } from '../../web/src/features/tripPlanner/messages.ts';
import { useTestStack } from '../stack.ts';
import { buildScreenFixture } from './screenFixture.ts';
import { collaboration, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { viewport: { width: 1280, height: 900 } });
let owner: User;
let trip: Trip;

beforeAll(async () => {
  // Content in every panel, so Tab meets rows and not only empty states.
  ({ owner, trip } = await buildScreenFixture(t));
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
