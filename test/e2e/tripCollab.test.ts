/**
 * Collaboration and the trip view in Debian's Chromium: a viewer suggests a stop and sees it arrive once the
 * owner approves it; the owner marks a stop visited, bulk-schedules avoiding weekends and exports the
 * itinerary; the trip is shared and unshared with an anonymous visitor watching; an invitee signs in from the
 * invitation link and accepts.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkSchedule, computeSchedule, dayNumber, dayToDate, itineraryText, localCalendarDate, toCalendarDate, type TTripDetail } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildUser, DEFAULT_PASSWORD } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { downloadedText, screenshot } from './browser.ts';
import { COAST_STOPS } from './coastStops.ts';
import { closeToasts, collaboration, toast, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
const pages = useTripPages(t, { viewport: { width: 1280, height: 900 } });
let owner: User;
let trip: Trip;
let ownerPage: Page;
let viewerPage: Page;

const cardNames = (page: Page) => tripView(page).locator('.stop-card-name').allTextContents();

async function details(): Promise<TTripDetail> {
  const response = await t.api.post<TTripDetail>('/trips/details', { tripId: trip.id }, { as: owner });
  expect(response.status).toBe(200);
  return response.body;
}

/** A Friday more than a year ahead: the date field refuses past days, and a Friday start meets a weekend at once. */
function futureFriday(): string {
  let day = dayNumber(localCalendarDate()) + 400;
  while (new Date(`${dayToDate(day)}T00:00:00Z`).getUTCDay() !== 5) day++;
  return dayToDate(day);
}

beforeAll(async () => {
  const stops = COAST_STOPS.slice(0, 2);
  ({ owner, trip, ownerPage, memberPage: viewerPage } = await pages.openCrew('viewer', { title: 'Big Sur Loop', description: 'Cliffs, bridges and fog', stops }));
});

describe('collaboration and the trip view', () => {
  it('shows each role its own tabs', async () => {
    const tabs = (page: Page) => collaboration(page).getByRole('tab').allTextContents();
    await expect.poll(() => tabs(ownerPage)).toEqual(['Members', 'Invite', 'Pending', 'Suggestions', 'Archived', 'Polls', 'Checklists', 'Activity', 'Costs']);
    await expect.poll(() => tabs(viewerPage)).toEqual(['Members', 'Suggestions', 'Suggest Stop', 'Polls', 'Checklists', 'Activity', 'Costs']);
    const members = collaboration(ownerPage).getByRole('listitem');
    await expect.poll(() => members.filter({ hasText: 'Victor Viewer' }).locator('.role-badge').textContent()).toBe('Viewer');
    await expect(members.filter({ hasText: 'Olivia Owner' }).getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
    await expect(collaboration(viewerPage).getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
  });

  it("lets a viewer suggest a stop that appears for them once the owner approves it", async () => {
    const panel = collaboration(viewerPage);
    await panel.getByRole('tab', { name: 'Suggest Stop' }).click();
    await panel.getByLabel('Stop name').fill('B');
    await panel.getByRole('button', { name: 'Submit Suggestion' }).click();
    await panel.getByRole('alert').getByText('Stop name must be at least 2 characters.').waitFor();
    await panel.getByLabel('Stop name').fill('Bixby Creek Bridge');
    await panel.getByLabel('Notes (optional)').fill('The arch everyone photographs');
    await panel.getByRole('button', { name: 'Submit Suggestion' }).click();
    // The offline list has no bridges: the viewer chooses to suggest it without a position.
    await panel.getByRole('group', { name: 'No place found for "Bixby Creek Bridge".' }).getByRole('button', { name: 'Suggest without a position' }).click();
    await toast(viewerPage, 'Suggestion submitted for review!');
    await expect(panel.getByLabel('Stop name').inputValue()).resolves.toBe('');

    // The owner's pending list follows the trip document: no reload.
    const ownerPanel = collaboration(ownerPage);
    await ownerPanel.getByRole('tab', { name: 'Suggestions' }).click();
    const pending = ownerPanel.getByRole('list', { name: 'Pending Suggestions' });
    await pending.getByText('The arch everyone photographs').waitFor();
    await pending.getByText('Suggested by Victor Viewer').waitFor();
    await pending.getByRole('button', { name: 'Approve Bixby Creek Bridge' }).click();
    await toast(ownerPage, 'Approved "Bixby Creek Bridge"');
    await ownerPanel.getByText('No pending suggestions.').waitFor();

    const names = ['San Francisco', 'Monterey', 'Big Sur', 'Bixby Creek Bridge'];
    await expect.poll(() => cardNames(viewerPage), { timeout: 5000 }).toEqual(names);
    await expect.poll(() => cardNames(ownerPage), { timeout: 5000 }).toEqual(names);

    await ownerPanel.getByRole('tab', { name: 'Archived' }).click();
    await ownerPanel.getByText('No Archived Suggestions').waitFor();
    await collaboration(viewerPage).getByRole('tab', { name: 'Activity' }).click();
    await collaboration(viewerPage).getByRole('list', { name: 'Recent Activity' }).getByText('Olivia Owner approved the suggestion "Bixby Creek Bridge"').waitFor();
  });

  it("marks a stop visited for the owner, which the viewer sees as completed", async () => {
    const dot = tripView(ownerPage).getByRole('button', { name: 'Click to mark as visited: San Francisco' });
    await dot.click();
    await toast(ownerPage, 'Stop marked as visited');
    await tripView(ownerPage).getByRole('button', { name: /Visited\s*1 stop\(s\) completed/ }).waitFor();
    await tripView(ownerPage).getByText('3 stop(s) remaining').waitFor();

    const viewerDot = tripView(viewerPage).getByRole('button', { name: 'Stop is completed: San Francisco' });
    await tripView(viewerPage).getByRole('button', { name: /Visited/ }).click();
    await viewerDot.waitFor();
    await expect(viewerDot.isDisabled()).resolves.toBe(true);
  });

  it('bulk-schedules the trip avoiding weekends, with the dates of the shared schedule logic', async () => {
    await tripView(ownerPage).getByRole('tab', { name: 'Itinerary View' }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Bulk Schedule' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Bulk Schedule Trip' });
    const start = futureFriday();
    await dialog.getByLabel('Trip Start Date').fill(start);
    await dialog.getByLabel('Avoid travel on weekends').check();

    const stops = (await details()).stops;
    const expected = bulkSchedule(stops, { startDate: start, defaultDurationDays: 1, avoidWeekends: true });
    // Friday, then Monday, Tuesday, Wednesday: the weekend was skipped.
    expect(expected.map((entry) => new Date(`${entry.arrival}T00:00:00Z`).getUTCDay())).toEqual([5, 1, 2, 3]);
    const rows = dialog.locator('.schedule-preview-list li');
    const preview = async () =>
      rows.evaluateAll((items) => items.map((item) => [item.getAttribute('data-stop-id'), item.querySelector('time')?.getAttribute('datetime')]));
    await expect.poll(preview).toEqual(expected.map((entry) => [entry.stopId, entry.arrival]));

    await screenshot(ownerPage, 'bulk-schedule-dialog');
    await dialog.getByRole('button', { name: 'Apply Schedule' }).click();
    await toast(ownerPage, 'Trip schedule updated successfully!');
    await expect.poll(() => dialog.count()).toBe(0);
    // Written into the live document: the server has it once the page saved it.
    const saved = async () => (await details()).stops.map((stop) => [stop.id, toCalendarDate(stop.plannedArrivalDate), stop.autoScheduled]);
    await expect.poll(saved).toEqual(expected.map((entry) => [entry.stopId, entry.arrival, true]));
    await tripView(ownerPage).getByText('4/4 scheduled').waitFor();
    await tripView(ownerPage).getByText('1/4 completed').waitFor();
    await expect(tripView(ownerPage).getByText('Scheduled', { exact: true }).count()).resolves.toBe(3);
    await expect(tripView(ownerPage).getByText('Completed', { exact: true }).count()).resolves.toBe(1);
    await closeToasts(ownerPage);
    await screenshot(ownerPage, 'itinerary-view', { docs: true });
  });

  it('exports the itinerary as itinerary.txt', async () => {
    await tripView(ownerPage).getByRole('button', { name: 'Stats' }).click();
    const stats = ownerPage.getByRole('region', { name: 'Itinerary Stats' });
    await stats.getByText('1 / 4').waitFor();
    await stats.getByText('25%').waitFor();
    const [download] = await Promise.all([ownerPage.waitForEvent('download'), stats.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('itinerary.txt');
    const content = await downloadedText(download);
    // Each stop with its times from the trip's schedule, as the app computes it; distances in miles, the en-US
    // browser's unit (the owner's account has not chosen one).
    const detail = await details();
    expect(content).toBe(itineraryText(trip.title, detail.stops, computeSchedule(detail, detail.stops), 'mi'));
    expect(content).toMatch(/Leave by: \d\d:\d\d /);
    expect(content).toContain('1. San Francisco');
    expect(content).toContain('Status: Visited');
    expect(content).toContain('4. Bixby Creek Bridge\n   Address: N/A');
  });

  it("edits a stop's arrival in the Edit Stop dialog, with the drive time from the previous stop", async () => {
    const bigSur = (await details()).stops.find((stop) => stop.name === 'Big Sur')!;
    await tripView(ownerPage).getByRole('button', { name: 'Edit stop Big Sur' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Edit Stop: Big Sur' });
    await dialog.getByText('Update the planned arrival date and scheduling options for this stop.').waitFor();
    await dialog.getByText('Estimated travel from Monterey', { exact: false }).waitFor();
    const duration = await dialog.locator('.travel-estimate strong').textContent();
    expect(duration).toMatch(/^\d+h \d+m$/);
    const date = dialog.getByLabel('Planned Arrival Date');
    // Bulk scheduling set it, so auto-schedule is on and the date is not the owner's to pick.
    await expect(date.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Auto-schedule based on previous stop').uncheck();
    const planned = dayToDate(dayNumber(toCalendarDate(bigSur.plannedArrivalDate)!) + 2);
    await date.fill(planned);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(ownerPage, 'Successfully updated date for Big Sur');

    const savedStop = async () => (await details()).stops.find((stop) => stop.id === bigSur.id)!;
    await expect.poll(async () => [toCalendarDate((await savedStop()).plannedArrivalDate), (await savedStop()).autoScheduled]).toEqual([planned, false]);
    const saved = await savedStop();
    expect(saved.estimatedDriveMinutes).toBeGreaterThan(0);
    const card = tripView(ownerPage).locator(`[data-stop-id="${bigSur.id}"]`);
    await card.getByText(`~${duration} drive`).waitFor();
    await card.getByText(/^Leave by /).waitFor();
  });

  it('writes a journal entry with a photo scaled down in the browser, which a viewer reads and discusses', async () => {
    await tripView(ownerPage).getByRole('tab', { name: 'Story View' }).click();
    await tripView(ownerPage).getByRole('button', { name: 'Edit journal for Monterey' }).click();
    const editor = tripView(ownerPage).getByRole('region', { name: 'Edit Journal for Monterey' });
    await editor.getByText('No journal entries for this stop yet. Add one!').waitFor();
    await editor.getByLabel('Journal Entry').fill('Sea otters at the wharf.');

    // The size limit speaks through the app's toast, not a browser alert.
    const alerts: string[] = [];
    ownerPage.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const files = editor.locator('input[type="file"]');
    await files.setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) }]);
    await toast(ownerPage, '"huge.png" is too large (max 5MB).');
    expect(alerts).toEqual([]);
    const large = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3b82f6' } }).png().toBuffer();
    await files.setInputFiles([{ name: 'coast.png', mimeType: 'image/png', buffer: large }]);
    await editor.getByRole('button', { name: 'Remove photo 1' }).waitFor();

    await screenshot(ownerPage, 'journal-editor');
    const created = ownerPage.waitForRequest((request) => request.url().endsWith('/_api/trips/stops/journal/create'));
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    const sent = (await created).postDataJSON() as { photos: string[]; content: string };
    expect(sent.content).toBe('Sea otters at the wharf.');
    expect(sent.photos[0]).toMatch(/^data:image\/jpeg;base64,/);
    const image = await sharp(Buffer.from(sent.photos[0].split(',')[1], 'base64')).metadata();
    expect([image.format, image.width, image.height]).toEqual(['jpeg', 1920, 1280]);
    await toast(ownerPage, 'Journal entry created.');

    // The viewer's page refetches the journals when the trip document says they changed.
    const monterey = tripView(viewerPage).locator('.stop-card', { has: viewerPage.getByRole('button', { name: 'Monterey', exact: true }) });
    await monterey.getByText('Sea otters at the wharf.').waitFor();
    await monterey.getByRole('button', { name: 'Monterey', exact: true }).click();
    await monterey.getByRole('img', { name: 'Photo 1 of Monterey' }).waitFor();
    await monterey.getByText('No comments yet.').waitFor();
    await monterey.getByLabel('Add a comment').fill('Is parking easy near the wharf?');
    await monterey.getByRole('button', { name: 'Post' }).click();
    await toast(viewerPage, 'Comment added');
    await expect(monterey.getByLabel('Add a comment').inputValue()).resolves.toBe('');

    const ownerCard = tripView(ownerPage).locator('.stop-card', { has: ownerPage.getByRole('button', { name: 'Monterey', exact: true }) });
    await ownerCard.getByRole('button', { name: 'Monterey', exact: true }).click();
    await ownerCard.getByText('Is parking easy near the wharf?').waitFor();
    await ownerCard.locator('.comment .collab-avatar').getByText('VV').waitFor();
    await ownerCard.getByRole('checkbox', { name: 'Resolve comment by Victor Viewer' }).check();
    await monterey.locator('.comment.comment-resolved').waitFor();
    await screenshot(viewerPage, 'stop-comments');
    await expect(monterey.getByRole('checkbox').count()).resolves.toBe(0);
  });

  it('shows the story view to anyone with the share link, until the trip is private again', async () => {
    await ownerPage.getByRole('switch', { name: 'Make public' }).click();
    await toast(ownerPage, 'Trip is now public and shareable');
    await expect.poll(async () => (await details()).shareToken).not.toBeNull();
    const { shareToken } = await details();

    const visitor = await (await pages.newContext()).newPage();
    await visitor.goto(`${t.server.url}/share/${shareToken}`);
    await visitor.getByRole('heading', { name: trip.title, level: 1 }).waitFor();
    await expect(visitor.title()).resolves.toBe(trip.title);
    await expect(visitor.locator('meta[name="description"]').getAttribute('content')).resolves.toBe('Cliffs, bridges and fog');
    await visitor.getByRole('heading', { name: 'Up Next' }).waitFor();
    await expect.poll(() => cardNames(visitor)).toEqual(['Monterey', 'Big Sur', 'Bixby Creek Bridge']);
    await visitor.getByText('Created on', { exact: false }).waitFor();
    await expect(visitor.getByRole('button', { name: 'Change Background' }).count()).resolves.toBe(0);
    await expect(visitor.getByRole('button', { name: 'Stop is not completed: Monterey' }).isDisabled()).resolves.toBe(true);
    await closeToasts(visitor);
    await screenshot(visitor, 'share-page', { docs: true });
    await visitor.getByRole('tab', { name: 'Map View' }).click();
    await visitor.getByRole('tabpanel', { name: 'Map View' }).waitFor();
    await visitor.getByRole('tab', { name: 'Story View' }).click();

    // Its owner, on the same link, may open a stop's journal editor in place of the views.
    const ownerShare = await pages.signedInPage(owner);
    await ownerShare.goto(`${t.server.url}/share/${shareToken}`);
    await ownerShare.getByRole('button', { name: 'Edit journal for Big Sur' }).click();
    await ownerShare.getByRole('region', { name: 'Edit Journal for Big Sur' }).waitFor();
    await expect(ownerShare.getByRole('tab', { name: 'Map View' }).count()).resolves.toBe(0);
    await ownerShare.getByRole('button', { name: 'Cancel' }).click();
    await ownerShare.getByRole('tab', { name: 'Map View' }).waitFor();

    await ownerPage.getByRole('switch', { name: 'Make public' }).click();
    await toast(ownerPage, 'Trip is now private');
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Trip Not Found' }).waitFor();
    await visitor.getByText('This trip could not be loaded. It might have been made private or the link is incorrect.').waitFor();
  });

  it('takes an invitee from the e-mailed link through sign-in to the trip', async () => {
    const invitee = await buildUser(t.server.deps.dataSource, { displayName: 'Ines Invitee' });
    const panel = collaboration(ownerPage);
    await panel.getByRole('tab', { name: 'Invite' }).click();
    await panel.getByLabel('Email').fill('not-an-email');
    await panel.getByRole('button', { name: 'Send Invitation' }).click();
    await panel.getByText('Please enter a valid email address.').waitFor();
    await panel.getByLabel('Email').fill(invitee.email);
    await panel.getByLabel('Role').selectOption('editor');
    await panel.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(ownerPage, `Invitation sent to ${invitee.email}`);

    await panel.getByRole('tab', { name: 'Pending' }).click();
    await panel.getByRole('listitem').filter({ hasText: invitee.email }).getByText('Active', { exact: true }).waitFor();
    await panel.getByRole('tab', { name: 'Invitation Links' }).click();
    const link = await panel.getByLabel(`Invitation link for ${invitee.email}`).inputValue();
    expect(link).toMatch(new RegExp(`^${t.server.url}/invitation/[\\w-]+$`));

    const page = await (await pages.newContext()).newPage();
    await page.goto(link);
    const path = new URL(link).pathname;
    await page.waitForURL(`${t.server.url}/login?redirect=${encodeURIComponent(path)}`);
    await page.getByLabel('Email').fill(invitee.email);
    await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('heading', { name: "You're Invited!" }).waitFor();
    await page.getByText('Olivia Owner has invited you to join').waitFor();
    await page.getByText(trip.title).waitFor();
    await screenshot(page, 'invitation-page');
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.waitForURL(`${t.server.url}/trips/${trip.id}`);
    await toast(page, 'Invitation accepted! Welcome to the trip.');
    await page.getByRole('heading', { name: trip.title, level: 1 }).waitFor();

    // The owner's member list follows without a reload.
    await panel.getByRole('tab', { name: 'Members' }).click();
    await expect.poll(() => panel.getByRole('listitem').filter({ hasText: 'Ines Invitee' }).locator('.role-badge').textContent()).toBe('Editor');

    await page.goto(`${t.server.url}/invitation/not-a-real-token`);
    await page.getByRole('heading', { name: 'Invitation Error' }).waitFor();
    await page.getByRole('link', { name: 'Go to My Trips' }).waitFor();
  });
});
