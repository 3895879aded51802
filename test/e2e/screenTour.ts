/**
 * A walk through every screen of the app and the states within them (tabs, dialogs, the map's popup), the
 * way a user reaches them: `check` runs at each with a short name, for the tests that hold every screen to
 * one bar (no sideways scrolling on a phone, axe in both themes) and for the docs' screenshots.
 */
import type { Locator, Page } from 'playwright-core';
import type { User } from '@caravan/engine';
import type { ScreenFixture } from './screenFixture.ts';
import { addPanel, collaboration, tripMap, tripView } from './tripPageParts.ts';

export type ScreenCheck = (page: Page, screen: string) => Promise<void>;

interface Tour {
  baseUrl: string;
  fixture: ScreenFixture;
  /** A new page signed in as `user`, or signed out for null. */
  open: (user: User | null) => Promise<Page>;
  check: ScreenCheck;
}

/** Brings `target` to the top of the window first, so a screenshot shows it (the map beside it on a desktop). */
async function show(target: Locator): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

export async function tourEveryScreen({ baseUrl, fixture, open, check }: Tour): Promise<void> {
  const { trip, shareToken, invitationToken } = fixture;

  const visitor = await open(null);
  await visitor.goto(baseUrl);
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  await check(visitor, 'landing');
  await visitor.goto(`${baseUrl}/login`);
  await visitor.getByRole('tab', { name: 'Log In' }).waitFor();
  await check(visitor, 'login');
  await visitor.getByRole('tab', { name: 'Create Account' }).click();
  await check(visitor, 'register');
  await visitor.goto(`${baseUrl}/no-such-page`);
  await visitor.getByRole('link', { name: /home/i }).waitFor();
  await check(visitor, 'not-found');

  const owner = await open(fixture.owner);
  await owner.goto(`${baseUrl}/trips`);
  await owner.getByRole('article').filter({ hasText: trip.title }).waitFor();
  await check(owner, 'my-trips');
  await owner.getByRole('button', { name: 'Create New Trip' }).click();
  await owner.getByRole('dialog').waitFor();
  await check(owner, 'create-trip');

  await owner.goto(`${baseUrl}/trips/${trip.id}`);
  await owner.getByRole('heading', { name: trip.title, level: 1 }).waitFor();
  await tripMap(owner).waitFor();
  await collaboration(owner).getByRole('list').first().waitFor();
  await check(owner, 'trip-page');
  for (const tab of ['Invite', 'Pending', 'Suggestions', 'Archived', 'Polls', 'Checklists', 'Activity', 'Costs', 'Members']) {
    await collaboration(owner).getByRole('tab', { name: tab }).click();
    await check(owner, `collaboration-${tab.toLowerCase()}`);
    if (tab === 'Pending') {
      await collaboration(owner).getByRole('tab', { name: 'Invitation Links' }).click();
      await check(owner, 'collaboration-pending-links');
    }
  }
  await addPanel(owner).getByRole('tab', { name: 'Add Manually' }).click();
  await show(addPanel(owner));
  await check(owner, 'add-manually');
  await addPanel(owner).getByRole('tab', { name: 'Search Places' }).click();
  await addPanel(owner).getByLabel('Search for places').fill('aquarium');
  await addPanel(owner).getByRole('list', { name: 'Places found' }).waitFor();
  await check(owner, 'search-places');
  await show(tripMap(owner));
  await tripMap(owner).getByRole('button', { name: 'Stop 2: Monterey' }).click();
  await owner.getByRole('link', { name: 'Open in Google Maps' }).waitFor();
  await check(owner, 'trip-map');
  await owner.keyboard.press('Escape');

  await tripView(owner).getByRole('button', { name: 'Monterey', exact: true }).click();
  await tripView(owner).getByText('Parking?').waitFor();
  await show(tripView(owner));
  await check(owner, 'story-view');
  await tripView(owner).getByRole('tab', { name: 'Itinerary View' }).click();
  await tripView(owner).getByRole('button', { name: 'Stats' }).click();
  await show(tripView(owner));
  await check(owner, 'itinerary-view');
  await tripView(owner).getByRole('button', { name: 'Edit stop Monterey' }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit Stop: Monterey' });
  await edit.getByText('Estimated travel from', { exact: false }).waitFor();
  await check(owner, 'edit-stop');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await tripView(owner).getByRole('button', { name: 'Bulk Schedule' }).click();
  const bulk = owner.getByRole('dialog', { name: 'Bulk Schedule Trip' });
  await bulk.locator('.schedule-preview-list li').first().waitFor();
  await check(owner, 'bulk-schedule');
  await bulk.getByRole('button', { name: 'Cancel' }).click();
  await tripView(owner).getByRole('button', { name: 'Print View' }).click();
  await check(owner, 'print-view');
  await tripView(owner).getByRole('button', { name: 'Print View' }).click();
  await tripView(owner).getByRole('tab', { name: 'Story View' }).click();
  await tripView(owner).getByRole('button', { name: 'Change Background' }).click();
  await owner.getByRole('dialog', { name: 'Update Trip Background' }).waitFor();
  await check(owner, 'background');
  await owner.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await tripView(owner).getByRole('button', { name: 'Edit journal for Monterey' }).click();
  const editor = tripView(owner).getByRole('region', { name: 'Edit Journal for Monterey' });
  await editor.getByText('Sea otters.').first().waitFor();
  await show(editor);
  await check(owner, 'journal-editor');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  // A toast and the Visited section; marked unvisited again after, since the walk runs once per size.
  await tripView(owner).getByRole('button', { name: 'Click to mark as visited: San Francisco' }).click();
  await owner.getByRole('region', { name: /Notifications/ }).getByText('Stop marked as visited').waitFor();
  await tripView(owner).getByRole('button', { name: /Visited/ }).click();
  const unvisit = tripView(owner).getByRole('button', { name: 'Click to mark as unvisited: San Francisco' });
  await unvisit.waitFor();
  await check(owner, 'visited-section');
  await unvisit.click();
  await tripView(owner).getByRole('button', { name: 'Click to mark as visited: San Francisco' }).waitFor();

  const viewer = await open(fixture.viewer);
  await viewer.goto(`${baseUrl}/trips/${trip.id}`);
  await tripMap(viewer).waitFor();
  await collaboration(viewer).getByRole('tab', { name: 'Suggest Stop' }).click();
  await check(viewer, 'suggest-stop');

  await visitor.goto(`${baseUrl}/share/${shareToken}`);
  await visitor.getByRole('heading', { name: 'Up Next' }).waitFor();
  await check(visitor, 'share-page');
  await visitor.getByRole('tab', { name: 'Map View' }).click();
  await tripMap(visitor).waitFor();
  await check(visitor, 'share-map');

  const invitee = await open(fixture.invitee);
  await invitee.goto(`${baseUrl}/invitation/${invitationToken}`);
  await invitee.getByRole('heading', { name: "You're Invited!" }).waitFor();
  await check(invitee, 'invitation');

  const admin = await open(fixture.admin);
  await admin.goto(`${baseUrl}/admin`);
  await admin.getByRole('row').filter({ hasText: 'Olivia Owner' }).waitFor();
  await check(admin, 'admin-users');
  for (const tab of ['Trip Access', 'Password Reset']) {
    await admin.getByRole('tab', { name: tab }).click();
    await check(admin, `admin-${tab.toLowerCase().replace(' ', '-')}`);
  }
}
