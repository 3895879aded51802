/**
 * Checklists in Debian's Chromium, with two members on one trip: the owner makes a packing list by keyboard, adds
 * items, gives one to the viewer with a due date and reorders by keyboard drag; the viewer sees it all live, ticks
 * items (once offline and back) and the owner sees the ticks; the viewer's feed says the item was assigned to them.
 * Axe-clean in both themes, at desktop and phone widths.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { screenshot } from './browser.ts';
import { expectAccessible } from './a11y.ts';
import { COAST_STOPS } from './coastStops.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';
import { collaboration, saveStatus } from './tripPageParts.ts';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let owner: User;
let viewer: User;
let trip: Trip;
let ownerPage: Page;
let viewerPage: Page;
let viewerContext: BrowserContext;

const openTab = (page: Page, name: string) => collaboration(page).getByRole('tab', { name }).click();
const items = (page: Page) => collaboration(page).getByRole('list', { name: 'Packing' }).getByRole('listitem');
const itemTexts = async (page: Page) => (await items(page).locator('.checklist-text').allTextContents()).map((text) => text.trim());

/** The Collaboration panel's picture (SCREENSHOTS=1); with UPDATE_SCREENSHOTS=1 the light ones refresh the README's. */
async function panelShot(page: Page, width: number, colorScheme: 'light' | 'dark') {
  const docs = colorScheme === 'light' && `${width > 600 ? 'desktop' : 'phone'}/checklists`;
  await screenshot(collaboration(page), `lists/checklists-${width}-${colorScheme}`, { docs });
}

beforeAll(async () => {
  ({ owner, member: viewer, trip } = await tripWithMember(t, 'viewer', { title: 'Big Sur Loop', stops: COAST_STOPS.slice(0, 2) }));
  ownerPage = await pages.tripPage(owner, trip);
  viewerPage = await pages.tripPage(viewer, trip);
  viewerContext = viewerPage.context();
});

describe('checklists', () => {
  it('shares a packing list: made and ordered by the owner, ticked by the viewer, live both ways and offline', async () => {
    await openTab(ownerPage, 'Checklists');
    await openTab(viewerPage, 'Checklists');
    const panel = collaboration(ownerPage);
    await panel.getByLabel('New list title').fill('   ');
    await panel.getByLabel('New list title').press('Enter');
    await panel.getByRole('alert').getByText('List title is required').waitFor();
    await panel.getByLabel('New list title').fill('Packing');
    await panel.getByLabel('New list title').press('Enter');
    for (const text of ['Stove', 'Sleeping bags', 'Pack the tent']) {
      await panel.getByLabel('New item for Packing').fill(text);
      await panel.getByLabel('New item for Packing').press('Enter');
    }
    await expect.poll(() => itemTexts(viewerPage)).toEqual(['Stove', 'Sleeping bags', 'Pack the tent']);
    await expect(collaboration(viewerPage).getByLabel('New list title').count()).resolves.toBe(0);

    await panel.getByLabel('Assignee for "Pack the tent"').selectOption({ label: viewer.displayName });
    await panel.getByLabel('Due date for "Pack the tent"').fill('2026-07-01');
    await collaboration(viewerPage).getByText(`${viewer.displayName} · due 2026-07-01`).waitFor();

    // Keyboard drag: pick up "Pack the tent", up a row at a time until it is announced first, drop.
    await panel.getByRole('button', { name: 'Move "Pack the tent"' }).focus();
    await ownerPage.keyboard.press('Space');
    await ownerPage.getByText('Picked up "Pack the tent", position 3 of 3.').waitFor({ state: 'attached' });
    // The keyboard sensor listens for the other keys one task later (see tripLive.test.ts' pickUp).
    await ownerPage.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    for (const position of [2, 1]) {
      await ownerPage.keyboard.press('ArrowUp');
      await ownerPage.getByText(`"Pack the tent" moved to position ${position} of 3.`).waitFor({ state: 'attached' });
    }
    await ownerPage.keyboard.press('Space');
    await expect.poll(() => itemTexts(ownerPage)).toEqual(['Pack the tent', 'Stove', 'Sleeping bags']);
    await expect.poll(() => itemTexts(viewerPage)).toEqual(['Pack the tent', 'Stove', 'Sleeping bags']);
    await expectAccessible(ownerPage, 'checklists owner');

    // A click, then the state the document gives back: the box is controlled by the live document, which React
    // re-renders from a moment after the click (playwright's check() reads the state at once).
    await collaboration(viewerPage).getByRole('checkbox', { name: 'Stove' }).click();
    await collaboration(viewerPage).getByRole('checkbox', { name: 'Stove', checked: true }).waitFor();
    await panel.getByRole('checkbox', { name: 'Stove', checked: true }).waitFor();
    await panel.getByText('1 of 3 done').waitFor();

    // Offline: the tick waits on the device and reaches the owner once back.
    await viewerPage.waitForFunction(async () => Boolean(navigator.serviceWorker.controller));
    await viewerContext.setOffline(true);
    await saveStatus(viewerPage).getByText('Offline — changes kept on this device', { exact: true }).waitFor();
    await collaboration(viewerPage).getByRole('checkbox', { name: 'Pack the tent' }).click();
    await collaboration(viewerPage).getByRole('checkbox', { name: 'Pack the tent', checked: true }).waitFor();
    await collaboration(viewerPage).getByText('2 of 3 done').waitFor();
    await viewerContext.setOffline(false);
    await saveStatus(viewerPage).getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    await panel.getByRole('checkbox', { name: 'Pack the tent', checked: true }).waitFor();
    await expectAccessible(viewerPage, 'checklists viewer');

    await openTab(viewerPage, 'Activity');
    await collaboration(viewerPage).getByText(`${owner.displayName} assigned you "Pack the tent"`).waitFor();
    const lists = await t.api.post('/trips/checklists', { tripId: trip.id }, { as: viewer });
    expect(lists.body).toMatchObject([
      {
        title: 'Packing',
        items: [
          { text: 'Pack the tent', done: true, assignee: viewer.id, dueDate: '2026-07-01' },
          { text: 'Stove', done: true },
          { text: 'Sleeping bags', done: false },
        ],
      },
    ]);
  });

  // The owner's page at each width, the panel audited in each theme (the theme already shown first: a switch redraws
  // the map too); resized, not opened again, as the layout walk's screens are: a page in a new context costs seconds.
  it('shows the Checklists tab at desktop and phone widths, light and dark, axe-clean', { timeout: 120_000 }, async () => {
    const page = ownerPage;
    let shown: 'light' | 'dark' = 'light';
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await openTab(page, 'Checklists');
      await items(page).first().waitFor();
      await collaboration(page).scrollIntoViewIfNeeded();
      const themes: ('light' | 'dark')[] = shown === 'light' ? ['light', 'dark'] : ['dark', 'light'];
      for (const colorScheme of themes) {
        if (colorScheme !== shown) await page.emulateMedia({ colorScheme });
        shown = colorScheme;
        await expectAccessible(page, `checklists ${width} ${colorScheme}`, { theme: colorScheme, within: collaboration(page) });
        await panelShot(page, width, colorScheme);
      }
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
