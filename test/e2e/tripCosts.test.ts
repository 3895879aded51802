/**
 * Shared costs in Debian's Chromium, three members each in a browser context of their own: the owner, an editor
 * and a viewer (who goes offline and comes back) record expenses in two currencies with every split kind; every
 * page shows the same balances, the REST overview agrees to the minor unit, and "Settle up" clears them to zero.
 * Lodging booked on an overnight stop shows under the budget on every page. Then the tab by keyboard (with a receipt photo), axe-clean, at 1366 and 390 px in light and dark (screenshots for the README).
 * Last, on a trip of its own, an expense an editor records offline naming a member removed meanwhile: refused,
 * said so, and discarded from the device.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TCostsOverview } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { screenshot } from './browser.ts';
import { tripWithMember, useTripPages } from './tripPages.ts';
import { collaboration, saveStatus } from './tripPageParts.ts';

const t = useTestStack();
const pages = useTripPages(t, { bypassCSP: true, stepTimeout: 15_000 });
let owner: User;
let editor: User;
let viewer: User;
let trip: Trip;
let ownerPage: Page;
let editorPage: Page;
let viewerPage: Page;

const costs = collaboration;

async function openCosts(page: Page): Promise<void> {
  await costs(page).getByRole('tab', { name: 'Costs' }).click();
  await costs(page).getByRole('heading', { name: 'Shared costs' }).waitFor();
  await costs(page).getByRole('heading', { name: 'Add an expense' }).waitFor();
}

interface NewExpense {
  description: string;
  amount: string;
  currency?: string;
  rate?: string;
  kind: 'Equally' | 'By shares' | 'By exact amounts' | 'By percentages';
  /** Each member's part by name; members not named are left out of the split. */
  parts: Record<string, string>;
  /** Every member the form lists; the shared trip's three unless given. */
  members?: string[];
}

async function addExpense(page: Page, expense: NewExpense): Promise<void> {
  const form = costs(page).getByRole('form', { name: 'Add an expense' });
  await form.getByLabel('Description').fill(expense.description);
  await form.getByLabel('Amount', { exact: true }).fill(expense.amount);
  if (expense.currency) await form.getByLabel('Currency').selectOption(expense.currency);
  if (expense.rate) await form.getByLabel(/^Rate: 1 /).fill(expense.rate);
  await form.getByRole('radio', { name: expense.kind }).check();
  for (const name of expense.members ?? ['Olivia Owner', 'Eddie Editor', 'Victor Viewer']) {
    const box = form.getByRole('checkbox', { name: `Split with ${name}` });
    if (name in expense.parts) await box.check();
    else await box.uncheck();
  }
  const partLabel = { 'By shares': 'Shares', 'By exact amounts': 'Amount', 'By percentages': 'Percent', Equally: '' }[expense.kind];
  if (partLabel) for (const [name, value] of Object.entries(expense.parts)) await form.getByLabel(`${partLabel} for ${name}`).fill(value);
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(form.getByRole('alert').count()).resolves.toBe(0);
  await costs(page).getByRole('list', { name: 'Expenses' }).getByText(expense.description, { exact: true }).waitFor();
}

const balanceTexts = (page: Page) => costs(page).getByRole('list', { name: 'Balances' }).getByRole('listitem').allTextContents();

async function overview(): Promise<TCostsOverview> {
  const response = await t.api.post<TCostsOverview>('/trips/costs', { tripId: trip.id }, { as: owner });
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  ({ owner, member: editor, trip } = await tripWithMember(t, 'editor', { title: 'Pyrenees by Van' }));
  viewer = await buildUser(t.server.deps.dataSource, { displayName: 'Victor Viewer' });
  await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');
  ownerPage = await pages.tripPage(owner, trip);
  editorPage = await pages.tripPage(editor, trip);
  viewerPage = await pages.tripPage(viewer, trip);
  for (const page of [ownerPage, editorPage, viewerPage]) await openCosts(page);
});

describe('shared costs', () => {
  it('records expenses in two currencies with every split kind, one member offline, and all pages agree', async () => {
    await addExpense(ownerPage, { description: 'Dinner in Gavarnie', amount: '30.00', kind: 'Equally', parts: { 'Olivia Owner': '', 'Eddie Editor': '', 'Victor Viewer': '' } });

    // The viewer records their fuel offline, in dollars at a rate they type; it syncs once they are back.
    await viewerPage.context().setOffline(true);
    await addExpense(viewerPage, { description: 'Fuel', amount: '90.00', currency: 'USD', rate: '0.9', kind: 'By shares', parts: { 'Olivia Owner': '2', 'Victor Viewer': '1' } });
    await addExpense(editorPage, { description: 'Museum', amount: '20.00', kind: 'By exact amounts', parts: { 'Olivia Owner': '10.00', 'Eddie Editor': '10.00' } });
    await addExpense(ownerPage, { description: 'Hotel', amount: '100.00', kind: 'By percentages', parts: { 'Olivia Owner': '50', 'Eddie Editor': '25', 'Victor Viewer': '25' } });
    await viewerPage.context().setOffline(false);

    // owner +30 −10 −54 −10 +100 −50 = +6; editor +20 −10 −10 −25 = −25; viewer +81 −10 −27 −25 = +19 (in EUR).
    const balances = { owner: 'are owed €6.00', editor: 'owe €25.00', viewer: 'are owed €19.00' };
    const seenBy = (self: keyof typeof balances) =>
      (['owner', 'editor', 'viewer'] as const).map((who) =>
        who === self ? `You ${balances[who]}` : `${{ owner: 'Olivia Owner', editor: 'Eddie Editor', viewer: 'Victor Viewer' }[who]} ${balances[who].replace('are owed', 'is owed').replace('owe €', 'owes €')}`,
      );
    const pagesOf = { owner: ownerPage, editor: editorPage, viewer: viewerPage };
    for (const who of ['owner', 'editor', 'viewer'] as const) {
      await expect.poll(async () => (await balanceTexts(pagesOf[who])).sort(), { timeout: 20_000 }).toEqual(seenBy(who).sort());
    }
    const rest = await overview();
    expect(rest.expenses).toHaveLength(4);
    expect(Object.fromEntries(rest.balances.map((b) => [b.userId, b.amount]))).toEqual({ [owner.id]: 600, [editor.id]: -2500, [viewer.id]: 1900 });
    expect(rest.rates).toEqual({ USD: '0.9' });
    await costs(ownerPage).getByRole('tab', { name: 'Activity' }).click();
    await costs(ownerPage).getByText('Victor Viewer paid $90.00 for Fuel').waitFor();
    await openCosts(ownerPage);
  });

  it('settles up to zero with the suggested payments', async () => {
    const settle = costs(ownerPage).getByRole('list', { name: 'Settle up' });
    await expect.poll(() => settle.getByRole('listitem').allTextContents()).toEqual([
      'Eddie Editor pays Victor Viewer €19.00Record payment',
      'Eddie Editor pays you €6.00Record payment',
    ]);
    // The viewer may record only the payment they are part of.
    await expect(costs(viewerPage).getByRole('button', { name: /^Record payment: / }).count()).resolves.toBe(1);
    // The reader in words: "You pay", "pays you".
    await costs(editorPage).getByText('You pay Olivia Owner €6.00', { exact: true }).waitFor();
    await costs(viewerPage).getByRole('button', { name: 'Record payment: Eddie Editor paid you €19.00' }).click();
    await costs(editorPage).getByRole('button', { name: 'Record payment: You paid Olivia Owner €6.00' }).click();
    for (const page of [ownerPage, editorPage, viewerPage]) {
      await costs(page).getByText('Everyone is settled up.').waitFor({ timeout: 20_000 });
    }
    await expect.poll(async () => (await overview()).balances.every((balance) => balance.amount === 0)).toBe(true);
    expect((await overview()).settlements).toEqual([]);
  });

  it('shows the lodging booked on overnight stops under the budget, live on every page', async () => {
    const stopId = (await t.api.post<{ stops: Array<{ id: string }> }>('/trips/details', { tripId: trip.id }, { as: owner })).body.stops[0].id;
    const price = { amountMinor: 12_000, currency: 'EUR' };
    const lodging = { name: 'Hôtel du Cirque', address: null, checkIn: null, checkOut: null, confirmation: null, url: null, price, nights: 1 };
    expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, overnight: true, lodging }, { as: owner })).status).toBe(200);
    for (const page of [ownerPage, viewerPage]) {
      const budget = costs(page).getByRole('list', { name: 'Budget' });
      for (const line of [/^Lodging/, /^Whole trip/]) {
        await budget.getByRole('listitem').filter({ hasText: line }).getByText('€120.00 lodging booked on overnight stops').waitFor();
      }
    }
    expect((await overview()).budget.slice(0, 2)).toMatchObject([{ key: 'total', booked: 12_000 }, { key: 'lodging', booked: 12_000 }]);
  });

  it('works by keyboard and is axe-clean at 1366 and 390 px, light and dark', async () => {
    const page = ownerPage;
    const description = costs(page).getByRole('form', { name: 'Add an expense' }).getByLabel('Description');
    await description.focus();
    await page.keyboard.type('Picnic');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.00');
    const form = costs(page).getByRole('form', { name: 'Add an expense' });
    const receipt = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c0ffee' } }).png().toBuffer();
    await form.getByLabel('Receipt photo (optional)').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
    await form.getByRole('link', { name: 'Receipt attached' }).waitFor();
    await costs(page).getByRole('form', { name: 'Add an expense' }).getByRole('button', { name: 'Add expense' }).focus();
    await page.keyboard.press('Enter');
    await costs(page).getByRole('list', { name: 'Expenses' }).getByText('Picnic', { exact: true }).waitFor();
    await costs(page).getByRole('link', { name: 'Receipt for Picnic' }).waitFor();
    await expect.poll(async () => (await overview()).expenses.find((expense) => expense.description === 'Picnic')?.receiptPhoto).toMatch(/^\/_api\/photos\//);
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: theme });
        expect.soft(await axeViolations(page, { theme, within: costs(page) }), `${width} ${theme}`).toEqual([]);
        await costs(page).scrollIntoViewIfNeeded();
        await screenshot(page, `costs/${width}-${theme}`, { fullPage: false });
        await screenshot(costs(page), `costs/panel-${width}-${theme}`);
      }
    }
  });
});

describe('an expense recorded offline naming a member removed meanwhile', () => {
  it('says the trip refused it, and discarding brings the page back to the trip as the server has it', async () => {
    const crew = await tripWithMember(t, 'editor', { title: 'Removed Meanwhile' });
    const leaver = await buildUser(t.server.deps.dataSource, { displayName: 'Lena Leaver' });
    await addMember(t.server.deps.dataSource, crew.trip, leaver, 'viewer');
    const page = await pages.tripPage(crew.member, crew.trip);
    await openCosts(page);
    await costs(page).getByRole('form', { name: 'Add an expense' }).getByRole('checkbox', { name: 'Split with Lena Leaver' }).waitFor();

    await page.context().setOffline(true);
    await addExpense(page, { description: 'Taxi', amount: '12.00', kind: 'Equally', parts: { 'Olivia Owner': '', 'Eddie Editor': '', 'Lena Leaver': '' }, members: ['Olivia Owner', 'Eddie Editor', 'Lena Leaver'] });
    const removed = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: leaver.id }, { as: crew.owner });
    expect(removed.status).toBe(200);
    await page.context().setOffline(false);

    // The server refuses the expense on every sync: without a way out, every reload would send it again.
    const status = saveStatus(page);
    await expect.poll(() => status.textContent()).toBe(
      "Live updates stopped: the trip refused this device's changes. Every member in an expense or payment must belong to the trip.",
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Discard this device's changes" }).click();

    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Saved');
    await openCosts(page);
    expect(await costs(page).getByText('Taxi', { exact: true }).count()).toBe(0);
    const rest = await t.api.post<TCostsOverview>('/trips/costs', { tripId: crew.trip.id }, { as: crew.owner });
    expect(rest.body.expenses).toEqual([]);
  });
});
