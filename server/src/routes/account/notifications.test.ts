import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import type { Config, User } from '@caravan/engine';
import { buildUser } from '../../test/factories.ts';
import { createSmtpMailbox } from '../../test/smtpMailbox.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { sendDueNotificationMail } from '../../notifications/notificationMail.ts';

const mailbox = createSmtpMailbox();
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestServer(overrides);
const db = () => t.server.deps.dataSource;
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';

const list = async (user: User, body: object = {}) => {
  const response = await t.api.post('/account/notifications', body, { as: user });
  expect(response.status).toBe(200);
  return response.body.notifications as Array<{ id: string; kind: string; tripId: string; stopId: string | null; actorName: string; data: Record<string, unknown>; read: boolean }>;
};
const unread = async (user: User) => (await t.api.get('/account/notifications/unread_count', { as: user })).body.unread as number;
/** Who got a notification of `kind` on the crew's trip. */
const told = async (crew: Crew, kind: string) => {
  const rows: Array<{ user_id: number }> = await db().query(`SELECT user_id FROM notifications WHERE trip_id = $1 AND kind = $2`, [crew.trip.id, kind]);
  const names = (['owner', 'editor', 'viewer', 'outsider'] as Who[]).filter((who) => rows.some((row) => row.user_id === crew[who].id));
  return names.sort();
};
const firstStopId = async (crew: Crew) => (await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]))[0].id as string;
const sendMail = () =>
  sendDueNotificationMail({ dataSource: db(), mailer: t.server.deps.mailer, logger: t.server.deps.logger, publicOrigin: t.server.deps.config.publicOrigin });

describe('notifications from what happens on a trip (REST door)', () => {
  it('a new suggestion tells the owner (in the app and by e-mail), never the suggester', async () => {
    const crew = await tripWithCrew(db());
    const since = mailbox.received.length;
    const created = await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, name: 'Sleeping Bear Dunes' }, { as: crew.viewer });
    expect(created.status).toBe(201);
    expect(await told(crew, 'suggestion_waiting')).toEqual(['owner']);
    const [mine] = await list(crew.owner);
    expect(mine).toMatchObject({ kind: 'suggestion_waiting', tripId: crew.trip.id, actorName: 'Vera Viewer', data: { suggestionName: 'Sleeping Bear Dunes' }, read: false });

    // The server's own dispatcher may send it first: either way it goes once.
    await sendMail();
    const toOwner = () => mailbox.received.slice(since).filter((received) => received.to.includes(crew.owner.email));
    await expect.poll(() => toOwner().length, { timeout: 5000 }).toBe(1);
    expect(toOwner()[0].headers.subject).toBe('A suggestion waits for your review on "Great Lakes Loop"');
    expect(toOwner()[0].parts['text/plain']).toContain(`/trips/${crew.trip.id}`);
    await sendMail();
    expect(toOwner()).toHaveLength(1);
  });

  it('reviewing a suggestion tells its suggester, with the approved stop', async () => {
    const crew = await tripWithCrew(db());
    const created = await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, name: 'Tahquamenon Falls' }, { as: crew.viewer });
    const reviewed = await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: created.body.id, status: 'approved' }, { as: crew.editor });
    expect(reviewed.status).toBe(200);
    expect(await told(crew, 'suggestion_reviewed')).toEqual(['viewer']);
    const [mine] = await list(crew.viewer);
    expect(mine).toMatchObject({ kind: 'suggestion_reviewed', stopId: reviewed.body.approvedStopId, data: { approved: true }, actorName: 'Eddie Editor' });
  });

  it('a comment tells the others who commented on that stop, not the author nor the silent', async () => {
    const crew = await tripWithCrew(db());
    const stopId = await firstStopId(crew);
    const comment = (who: Who) => t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: 'Worth the detour?' }, { as: crew[who] });
    expect((await comment('viewer')).status).toBe(201);
    expect(await told(crew, 'stop_commented')).toEqual([]);
    await comment('editor');
    expect(await told(crew, 'stop_commented')).toEqual(['viewer']);
    const [mine] = await list(crew.viewer);
    expect(mine).toMatchObject({ kind: 'stop_commented', stopId });
  });

  it('assigning a checklist item tells the assignee once (in the app and by e-mail), never an assigner who takes it', async () => {
    const crew = await tripWithCrew(db());
    const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
    const added = await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Stove', assignee: crew.viewer.id }, { as: crew.editor });
    expect(added.status).toBe(201);
    await t.api.post('/trips/checklists/items/update', { tripId: crew.trip.id, itemId: added.body.id, text: 'Camp stove' }, { as: crew.editor });
    expect(await told(crew, 'item_assigned')).toEqual(['viewer']);
    await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Tent', assignee: crew.editor.id }, { as: crew.editor });
    expect(await told(crew, 'item_assigned')).toEqual(['viewer']);

    await sendMail();
    const mails = () => mailbox.received.filter((mail) => mail.to.includes(crew.viewer.email) || mail.to.includes(crew.editor.email));
    await expect.poll(() => mails().length, { timeout: 5000 }).toBe(1);
    expect(mails()[0].to).toEqual([crew.viewer.email]);
    expect(mails()[0].headers.subject).toBe('Eddie Editor assigned you an item on "Great Lakes Loop"');
    expect(mails()[0].parts['text/plain']).toContain('Eddie Editor assigned you “Stove” on “Great Lakes Loop”.');
  });

  it('closing a poll tells every other member', async () => {
    const crew = await tripWithCrew(db());
    const poll = await t.api.post('/trips/polls/create', { tripId: crew.trip.id, question: 'Where do we sleep?', options: ['Munising', 'Marquette'] }, { as: crew.editor });
    expect((await t.api.post('/trips/polls/close', { tripId: crew.trip.id, pollId: poll.body.id }, { as: crew.owner })).status).toBe(200);
    expect(await told(crew, 'poll_closed')).toEqual(['editor', 'viewer']);
  });

  it('an expense tells the members in its split but the one who recorded it', async () => {
    const crew = await tripWithCrew(db());
    const expense = {
      tripId: crew.trip.id,
      description: 'Fuel',
      amount: 4200,
      currency: 'EUR',
      paidBy: crew.editor.id,
      date: '2026-07-01',
      category: 'fuel',
      split: { kind: 'equal', parts: [crew.owner, crew.editor].map((user) => ({ userId: user.id, value: 1 })) },
    };
    expect((await t.api.post('/trips/costs/expenses', expense, { as: crew.editor })).status).toBe(200);
    expect(await told(crew, 'expense_added')).toEqual(['owner']);
    const [mine] = await list(crew.owner);
    expect(mine).toMatchObject({ kind: 'expense_added', data: { description: 'Fuel', amount: 4200, currency: 'EUR' } });
  });

  it('an invitation tells an account with that e-mail in the app; nobody for an address without one', async () => {
    const crew = await tripWithCrew(db());
    expect((await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: crew.outsider.email, role: 'viewer' }, { as: crew.owner })).status).toBe(201);
    expect(await told(crew, 'trip_invited')).toEqual(['outsider']);
    await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: 'nobody-yet@example.com', role: 'viewer' }, { as: crew.owner });
    expect(await told(crew, 'trip_invited')).toEqual(['outsider']);
    const [mine] = await list(crew.outsider);
    expect(mine).toMatchObject({ kind: 'trip_invited', tripTitle: 'Great Lakes Loop', data: { role: 'viewer' } });
  });
});

describe('the preferences', () => {
  it('in the app off: nothing in the list; e-mail off: no e-mail; both kept per kind', async () => {
    const crew = await tripWithCrew(db());
    const save = (kind: string, inApp: boolean, email: boolean) =>
      t.api.post('/account/notification_preferences', { kind, inApp, email }, { as: crew.viewer });
    const saved = await save('item_assigned', true, false);
    expect(saved.status).toBe(200);
    expect(saved.body.preferences.find((each: { kind: string }) => each.kind === 'item_assigned')).toEqual({ kind: 'item_assigned', inApp: true, email: false, push: true, emailable: true });
    expect((await save('poll_closed', false, false)).status).toBe(200);

    const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
    await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Stove', assignee: crew.viewer.id }, { as: crew.editor });
    const poll = await t.api.post('/trips/polls/create', { tripId: crew.trip.id, question: 'Lunch?', options: ['Pasties', 'Fish'] }, { as: crew.editor });
    await t.api.post('/trips/polls/close', { tripId: crew.trip.id, pollId: poll.body.id }, { as: crew.editor });

    expect((await list(crew.viewer)).map((each) => each.kind)).toEqual(['poll_opened', 'item_assigned']);
    expect(await told(crew, 'poll_closed')).toEqual(['owner']);
    const [row] = await db().query(`SELECT email_due FROM notifications WHERE user_id = $1 AND kind = 'item_assigned'`, [crew.viewer.id]);
    expect(row.email_due).toBe(false);
    await sendMail();
    // The poll's opening may be mailed (its own choice); the item, mailed off, is not.
    expect(mailbox.received.filter((mail) => mail.to.includes(crew.viewer.email) && mail.headers.subject.includes('assigned you'))).toEqual([]);

    const all = (await t.api.get('/account/notification_preferences', { as: crew.viewer })).body.preferences;
    expect(all).toContainEqual({ kind: 'poll_closed', inApp: false, email: false, push: true, emailable: true });
    expect(all).toContainEqual({ kind: 'trip_invited', inApp: true, email: false, push: true, emailable: false });
    expect(all).toContainEqual({ kind: 'suggestion_waiting', inApp: true, email: true, push: true, emailable: true });
  });

  it('refuses a kind it does not know and a choice that is not on or off', async () => {
    const user = await buildUser(db());
    const wrongKind = await t.api.post('/account/notification_preferences', { kind: 'gossip', inApp: true, email: true }, { as: user });
    expect(wrongKind.status).toBe(400);
    expect(JSON.stringify(wrongKind.body)).toContain(messages.notifications.invalidKind);
    const wrongChoice = await t.api.post('/account/notification_preferences', { kind: 'poll_closed', inApp: 'yes', email: true }, { as: user });
    expect(wrongChoice.status).toBe(400);
    expect(JSON.stringify(wrongChoice.body)).toContain(messages.notifications.invalidChoice);
  });
});

describe('the calls: the caller\'s own notifications only', () => {
  async function withFiveUnread() {
    const crew = await tripWithCrew(db());
    const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text, assignee: crew.viewer.id }, { as: crew.editor });
    }
    return crew;
  }

  it('lists newest first in pages, counts unread, marks one and all read', async () => {
    const crew = await withFiveUnread();
    expect(await unread(crew.viewer)).toBe(5);
    const first = await list(crew.viewer, { limit: 2 });
    expect(first.map((each) => each.data.text)).toEqual(['Five', 'Four']);
    const next = await list(crew.viewer, { limit: 2, before: first[1].id });
    expect(next.map((each) => each.data.text)).toEqual(['Three', 'Two']);

    const marked = await t.api.post('/account/notifications/read', { id: first[0].id }, { as: crew.viewer });
    expect(marked.body).toEqual({ unread: 4 });
    expect((await list(crew.viewer, { limit: 1 }))[0].read).toBe(true);
    expect((await t.api.post('/account/notifications/read_all', {}, { as: crew.viewer })).body).toEqual({ unread: 0 });
    expect(await unread(crew.viewer)).toBe(0);
  });

  it("another member's notification is not found, and nobody signed out gets any", async () => {
    const crew = await withFiveUnread();
    const [theirs] = await list(crew.viewer, { limit: 1 });
    expect(await list(crew.editor)).toEqual([]);
    const marked = await t.api.post('/account/notifications/read', { id: theirs.id }, { as: crew.editor });
    expect(marked.status).toBe(404);
    expect(marked.body.error).toBe(messages.notifications.notFound);
    expect(await unread(crew.viewer)).toBe(5);
    // Another's id as a cursor continues nothing.
    expect(await list(crew.outsider, { before: theirs.id })).toEqual([]);

    expect((await t.api.post('/account/notifications', {})).status).toBe(401);
    expect((await t.api.get('/account/notifications/unread_count')).status).toBe(401);
    expect((await t.api.post('/account/notifications/read', { id: theirs.id })).status).toBe(401);
    expect((await t.api.post('/account/notifications/read_all', {})).status).toBe(401);
    expect((await t.api.get('/account/notification_preferences')).status).toBe(401);
    expect((await t.api.post('/account/notification_preferences', { kind: 'poll_closed', inApp: true, email: true })).status).toBe(401);
  });

  it('shows nothing of a trip the member was removed from', async () => {
    const crew = await withFiveUnread();
    expect((await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.viewer.id }, { as: crew.owner })).status).toBe(200);
    expect(await list(crew.viewer)).toEqual([]);
    expect(await unread(crew.viewer)).toBe(0);
  });

  it('refuses a page size out of bounds and a cursor that is no id', async () => {
    const user = await buildUser(db());
    const big = await t.api.post('/account/notifications', { limit: 1000 }, { as: user });
    expect(big.status).toBe(400);
    const cursor = await t.api.post('/account/notifications', { before: 'yesterday' }, { as: user });
    expect(cursor.status).toBe(400);
    expect(JSON.stringify(cursor.body)).toContain(messages.notifications.invalidCursor);
  });
});
