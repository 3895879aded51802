/**
 * Notifications in Debian's Chromium at 1366 px and 390 px: a member on My Trips sees the bell's count rise as soon as
 * another member assigns them a checklist item (the server nudges the page's notification stream), opens the list by
 * keyboard, follows its link to the trip, and the count drops; a comment's link brings its stop into view; the list
 * and the account page's choices (per kind, and each e-mail or a daily digest) are axe clean; '@' in a comment picks
 * a member by keyboard and tells them, their own browser's bell rising live; the trip page mutes the trip.
 */
import { describe, expect, it } from 'vitest';
import { tripWithCrew } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { toast, tripView } from './tripPageParts.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });

describe('the notification bell', () => {
  it.each([1366, 390])('counts an assignment, lists it and leads to the trip at %i px', { timeout: 90_000 }, async (width) => {
    const crew = await tripWithCrew(t.server.deps.dataSource, { title: `Bell Loop ${width}` });
    const page = await pages.signedInPage(crew.viewer, { viewport: { width, height: 900 } });
    await page.goto(`${t.server.url}/trips`);
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    // The page follows its notification stream, so the server can nudge it.
    await expect.poll(() => t.server.deps.memberSignals.pagesOf(crew.viewer.id)).toBe(1);

    const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
    const added = await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Bear spray', assignee: crew.viewer.id }, { as: crew.editor });
    expect(added.status).toBe(201);

    // The server nudges the page, which asks its count again at once (without the stream, every 10 s).
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 8000 });
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Your notifications' });
    const link = panel.getByRole('link', { name: new RegExp(`Eddie Editor assigned you “Bear spray” on “Bell Loop ${width}”`) });
    await link.waitFor();
    expect(await axeViolations(page, { within: panel })).toEqual([]);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    // Escape closes it and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.server.url}/trips/${crew.trip.id}`);
    await page.getByRole('heading', { name: `Bell Loop ${width}` }).first().waitFor();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    const [row] = await t.server.deps.dataSource.query(`SELECT read_at FROM notifications WHERE user_id = $1`, [crew.viewer.id]);
    expect(row.read_at).not.toBeNull();
  });

  it.each([1366, 390])('a comment notification leads to its stop at %i px', { timeout: 60_000 }, async (width) => {
    const crew = await tripWithCrew(t.server.deps.dataSource, { title: `Comment Loop ${width}` });
    // The stop comes last, below the fold, so following the link has to bring it into view.
    for (let i = 0; i < 12; i++) {
      await t.api.post('/trips/stops', { tripId: crew.trip.id, name: `Town ${i}`, latitude: 45 + i / 10, longitude: -85 }, { as: crew.owner });
    }
    const added = await t.api.post('/trips/stops', { tripId: crew.trip.id, name: 'Pictured Rocks', latitude: 46.56, longitude: -86.32 }, { as: crew.owner });
    expect(added.status).toBeLessThan(300);
    const [{ id: stopId }] = await t.server.deps.dataSource.query(`SELECT id FROM stops WHERE trip_id = $1 AND name = 'Pictured Rocks'`, [crew.trip.id]);
    const comment = (as: typeof crew.viewer) => t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: 'Sunset cruise?' }, { as });
    expect((await comment(crew.viewer)).status).toBe(201);
    expect((await comment(crew.editor)).status).toBe(201);

    const page = await pages.signedInPage(crew.viewer, { viewport: { width, height: 700 } });
    await page.goto(`${t.server.url}/trips`);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const link = page.getByRole('region', { name: 'Your notifications' }).getByRole('link', { name: /Eddie Editor commented on “Pictured Rocks”/ });
    expect(await link.getAttribute('href')).toBe(`/trips/${crew.trip.id}?stop=${stopId}`);
    await link.click();
    await page.waitForURL(`${t.server.url}/trips/${crew.trip.id}?stop=${stopId}`);
    const row = page.locator(`.stop-list:not(.overlay) [data-stop-id="${stopId}"]`);
    await expect.poll(() => row.evaluate((element) => element.hasAttribute('data-linked')), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => {
      const box = await row.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 700;
    }, { timeout: 5000 }).toBe(true);
  });

  it.each([1366, 390])('choices are made on the account page at %i px', { timeout: 60_000 }, async (width) => {
    const crew = await tripWithCrew(t.server.deps.dataSource);
    const page = await pages.signedInPage(crew.viewer, { viewport: { width, height: 900 } });
    await page.goto(`${t.server.url}/account`);
    const section = page.getByRole('region', { name: 'Notification settings' });
    const email = section.getByRole('checkbox', { name: 'A checklist item is assigned to you: By e-mail' });
    await email.waitFor();
    expect(await email.isChecked()).toBe(true);
    const each = section.getByRole('radio', { name: 'One e-mail for each notification, as it happens' });
    await each.waitFor();
    expect(await each.isChecked()).toBe(true);
    expect(await axeViolations(page, { within: section })).toEqual([]);
    await email.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await t.server.deps.dataSource.query(`SELECT email FROM notification_preferences WHERE user_id = $1 AND kind = 'item_assigned'`, [crew.viewer.id]))[0]?.email).toBe(false);
    // The daily digest, by keyboard: the arrow moves the radio group's choice.
    await each.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await t.server.deps.dataSource.query(`SELECT digest FROM notification_email_delivery WHERE user_id = $1`, [crew.viewer.id]))[0]?.digest).toBe(true);
    await page.reload();
    await email.waitFor();
    expect(await email.isChecked()).toBe(false);
    const digest = section.getByRole('radio', { name: 'One daily digest of the unread ones' });
    await digest.waitFor();
    expect(await digest.isChecked()).toBe(true);
  });

  it('mentions a member picked by keyboard with @, at 1366 px and 390 px, whose own open page hears it live; and mutes the trip', { timeout: 90_000 }, async () => {
    const crew = await tripWithCrew(t.server.deps.dataSource, { title: 'Mention Loop' });
    const page = await pages.signedInPage(crew.editor, { viewport: { width: 1366, height: 900 } });
    await page.goto(`${t.server.url}/trips/${crew.trip.id}`);
    const card = tripView(page).locator('.stop-card', { has: page.getByRole('button', { name: 'San Francisco', exact: true }) });
    await card.getByRole('button', { name: 'San Francisco', exact: true }).click();
    const box = card.getByRole('textbox', { name: 'Add a comment' });
    const picker = card.getByRole('listbox', { name: 'Members to mention' });

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await box.fill('');
      await box.pressSequentially('Bring snacks @v');
      await picker.waitFor();
      expect(await picker.getByRole('option').allTextContents()).toEqual(['Vera Viewer']);
      expect(await box.getAttribute('aria-activedescendant')).toBe(await picker.getByRole('option').first().getAttribute('id'));
      expect(await axeViolations(page, { within: card })).toEqual([]);
      const listBox = await picker.boundingBox();
      expect(listBox!.x).toBeGreaterThanOrEqual(0);
      expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(width);
      // Escape closes the list and keeps the text.
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe('Bring snacks @v');
    }

    // Vera's own browser, open on My Trips: her bell rises live when Eddie's comment mentions her.
    const vera = await pages.signedInPage(crew.viewer, { viewport: { width: 390, height: 800 } });
    await vera.goto(`${t.server.url}/trips`);
    await vera.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();

    await box.fill('');
    await box.pressSequentially('@');
    await picker.waitFor();
    // Eddie writes: only the others are offered.
    expect(await picker.getByRole('option').allTextContents()).toEqual(['Olive Owner', 'Vera Viewer']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await box.pressSequentially('bring snacks');
    expect(await box.inputValue()).toBe('@Vera Viewer bring snacks');
    await card.getByRole('button', { name: 'Post' }).click();
    await toast(page, 'Comment added');
    await card.locator('.comment .mention', { hasText: '@Vera Viewer' }).waitFor();
    const told = await t.server.deps.dataSource.query(`SELECT user_id, kind FROM notifications WHERE trip_id = $1`, [crew.trip.id]);
    expect(told).toEqual([{ user_id: crew.viewer.id, kind: 'mentioned' }]);
    await vera.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 8000 });

    // The trip page's mute: a toggle button, pressed while muted.
    const mute = page.getByRole('button', { name: 'Mute this trip' });
    await mute.click();
    await page.getByRole('button', { name: 'Unmute this trip', pressed: true }).waitFor();
    const muted = await t.server.deps.dataSource.query(`SELECT user_id FROM notification_trip_mutes WHERE trip_id = $1`, [crew.trip.id]);
    expect(muted).toEqual([{ user_id: crew.editor.id }]);
  });
});
