/**
 * Votes and polls in Debian's Chromium, with two members on one trip: a viewer votes on a suggestion and the
 * owner sees the count beside Approve/Deny; the owner runs a poll the viewer answers, offline and back, and
 * closes it, and the activity feed says what won. Axe-clean in both themes, at desktop and phone widths.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trip, User } from '@caravan/engine';
import { useTestStack } from '../stack.ts';
import { expectAccessible } from './a11y.ts';
import { screenshot } from './browser.ts';
import { COAST_STOPS } from './coastStops.ts';
import { collaboration, saveStatus, toast } from './tripPageParts.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true });
let owner: User;
let viewer: User;
let trip: Trip;
let ownerPage: Page;
let viewerPage: Page;
let viewerContext: BrowserContext;

const openTab = (page: Page, name: string) => collaboration(page).getByRole('tab', { name }).click();
const pollCard = (page: Page, question: string) => collaboration(page).getByRole('listitem').filter({ hasText: question });

/** The Collaboration panel's picture (SCREENSHOTS=1); with UPDATE_SCREENSHOTS=1 the light ones refresh the README's. */
async function panelShot(page: Page, name: string, width: number, colorScheme: 'light' | 'dark') {
  const docs = colorScheme === 'light' && `${width > 600 ? 'desktop' : 'phone'}/${name}`;
  await screenshot(collaboration(page), `decide/${name}-${width}-${colorScheme}`, { docs });
}

beforeAll(async () => {
  ({ owner, member: viewer, trip } = await tripWithMember(t, 'viewer', { title: 'Big Sur Loop', stops: COAST_STOPS.slice(0, 2) }));
  ownerPage = await pages.tripPage(owner, trip);
  viewerPage = await pages.tripPage(viewer, trip);
  viewerContext = viewerPage.context();
});

describe('votes and polls', () => {
  it("lets a viewer vote on a suggestion; the owner sees the count beside Approve and Deny, live", async () => {
    const suggested = await t.api.post('/trips/suggestions/create', { tripId: trip.id, name: 'Pfeiffer Beach' }, { as: viewer });
    expect(suggested.status).toBe(201);
    await openTab(viewerPage, 'Suggestions');
    await openTab(ownerPage, 'Suggestions');
    const viewerVotes = collaboration(viewerPage).getByRole('group', { name: 'Votes on Pfeiffer Beach' });
    await viewerVotes.getByRole('button', { name: '0 up: vote for Pfeiffer Beach' }).click();
    await viewerVotes.getByRole('button', { name: '1 up: vote for Pfeiffer Beach', pressed: true }).waitFor();
    const ownerRow = collaboration(ownerPage).getByRole('listitem').filter({ hasText: 'Pfeiffer Beach' });
    await ownerRow.getByRole('button', { name: '1 up: vote for Pfeiffer Beach', pressed: false }).waitFor();
    await ownerRow.getByRole('button', { name: 'Approve Pfeiffer Beach' }).waitFor();
    await expectAccessible(ownerPage, 'suggestion votes');
    const tally = await t.api.post('/trips/suggestions/vote', { tripId: trip.id, suggestionId: suggested.body.id, vote: 'down' }, { as: owner });
    expect(tally.body).toEqual({ suggestionId: suggested.body.id, up: 1, down: 1, mine: 'down' });
    await viewerVotes.getByRole('button', { name: '1 down: vote against Pfeiffer Beach', pressed: false }).waitFor();
  });

  it('runs a poll: the owner starts it by keyboard, the viewer answers offline and back, the owner closes it', async () => {
    await openTab(ownerPage, 'Polls');
    const panel = collaboration(ownerPage);
    await panel.getByText('Start a poll').click();
    await panel.getByLabel('Question').fill('Where do we sleep?');
    await panel.getByLabel('Option 1', { exact: true }).fill('Big Sur');
    await panel.getByLabel('Option 2', { exact: true }).fill('Carmel');
    await panel.getByRole('button', { name: 'Add option' }).press('Enter');
    await panel.getByLabel('Option 3', { exact: true }).fill('big sur ');
    await panel.getByRole('button', { name: 'Start poll' }).click();
    await panel.getByRole('alert').getByText('Options must differ from each other').waitFor();
    await expectAccessible(ownerPage, 'poll form');
    await panel.getByLabel('Option 3', { exact: true }).fill('Monterey');
    await panel.getByLabel('Option 3', { exact: true }).press('Enter');
    await toast(ownerPage, 'Poll "Where do we sleep?" started');

    await openTab(viewerPage, 'Polls');
    const viewerCard = pollCard(viewerPage, 'Where do we sleep?');
    await viewerCard.getByRole('radio', { name: /Carmel/ }).waitFor();
    await expect(collaboration(viewerPage).getByText('Start a poll').count()).resolves.toBe(0);

    // Offline: the vote waits on the device and reaches everyone once back.
    await viewerPage.waitForFunction(async () => Boolean(navigator.serviceWorker.controller));
    await viewerContext.setOffline(true);
    await saveStatus(viewerPage).getByText('Offline — changes kept on this device', { exact: true }).waitFor();
    await viewerCard.getByRole('radio', { name: /Big Sur/ }).check();
    await viewerCard.getByRole('button', { name: 'Vote' }).click();
    await viewerCard.getByText('1 vote · 100%').waitFor();
    await screenshot(viewerPage, 'decide/viewer-poll-offline');
    await viewerContext.setOffline(false);
    await saveStatus(viewerPage).getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const ownerCard = pollCard(ownerPage, 'Where do we sleep?');
    await ownerCard.getByText('1 member voted').waitFor();
    await expectAccessible(ownerPage, 'polls tab');

    await ownerCard.getByRole('button', { name: 'Close poll "Where do we sleep?"' }).click();
    await viewerCard.getByText('Closed — Big Sur won').waitFor();
    await expect(viewerCard.getByRole('button', { name: 'Vote' }).count()).resolves.toBe(0);
    await openTab(viewerPage, 'Activity');
    await collaboration(viewerPage).getByText('Olivia Owner closed the poll "Where do we sleep?" — Big Sur won').waitFor();
    const polls = await t.api.post('/trips/polls', { tripId: trip.id }, { as: viewer });
    expect(polls.body).toMatchObject([{ question: 'Where do we sleep?', open: false, results: { counts: [1, 0, 0], mine: [0] } }]);
  });

  // The owner's page at each width, resized (as the layout walk's screens are): a page in a new context costs seconds.
  it('shows the Polls and Suggestions tabs at desktop and phone widths, light and dark, axe-clean', { timeout: 120_000 }, async () => {
    const page = ownerPage;
    const pollForm = collaboration(page).locator('details.poll-start');
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      // The owner's view: the poll form open, Approve and Deny beside the counts.
      await page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await openTab(page, 'Polls');
        await pollCard(page, 'Where do we sleep?').waitFor();
        // Opened in the light, as on a page just loaded; the earlier tests may have left it open.
        if (colorScheme === 'light' && !(await pollForm.evaluate((details: HTMLDetailsElement) => details.open))) {
          await collaboration(page).getByText('Start a poll').click();
        }
        await collaboration(page).scrollIntoViewIfNeeded();
        await expectAccessible(page, `polls ${width} ${colorScheme}`, { theme: colorScheme, within: collaboration(page) });
        await panelShot(page, 'polls', width, colorScheme);
        await openTab(page, 'Suggestions');
        await collaboration(page).getByRole('group', { name: 'Votes on Pfeiffer Beach' }).waitFor();
        await panelShot(page, 'suggestion-votes', width, colorScheme);
      }
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
