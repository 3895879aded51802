import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, User } from '@caravan/engine';
import { createSmtpMailbox } from '../../test/smtpMailbox.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { sendDueNotificationMail } from '../notificationMail.ts';
import { NOTIFICATION_KEEP_DAYS, sweepReminders } from './reminderSweep.ts';

const mailbox = createSmtpMailbox();
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestServer(overrides);
const db = () => t.server.deps.dataSource;
const deps = () => ({
  dataSource: db(),
  tripDocs: t.server.deps.tripDocs,
  mailer: t.server.deps.mailer,
  logger: t.server.deps.logger,
  publicOrigin: t.server.deps.config.publicOrigin,
});
/** A sweep at `at` (the trip's first stop is San Francisco: America/Los_Angeles, UTC−8 in December). */
const sweep = (at: string | Date) => sweepReminders(deps(), new Date(at));
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';

/** Who got a notification of `kind` on the crew's trip, once per row (a name twice: told twice). */
const told = async (crew: Crew, kind: string) => {
  const rows: Array<{ user_id: number }> = await db().query(`SELECT user_id FROM notifications WHERE trip_id = $1 AND kind = $2`, [crew.trip.id, kind]);
  const whoIs = (id: number) => (['owner', 'editor', 'viewer', 'outsider'] as Who[]).find((who) => crew[who].id === id) ?? String(id);
  return rows.map((row) => whoIs(row.user_id)).sort();
};
const post = async (path: string, body: object, as: User) => {
  const response = await t.api.post(path, body, { as });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
};
const addItem = async (crew: Crew, fields: { text: string; assignee: number | null; dueDate: string | null }) => {
  const listId = (await post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, crew.editor)).id;
  return post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, ...fields }, crew.editor);
};

describe('item due tomorrow', () => {
  it("tells the assignee once, on the trip's tomorrow (its zone), never the assigner, another member or twice", async () => {
    const crew = await tripWithCrew(db());
    await addItem(crew, { text: 'Stove', assignee: crew.viewer.id, dueDate: '2026-12-02' });
    await addItem(crew, { text: 'Tent', assignee: crew.viewer.id, dueDate: '2026-12-03' });
    await addItem(crew, { text: 'Maps', assignee: null, dueDate: '2026-12-02' });

    // 2026-12-01 20:00 in San Francisco: tomorrow there is the 2nd (in UTC it is already the 3rd's eve).
    await sweep('2026-12-02T04:00:00Z');
    expect(await told(crew, 'item_due')).toEqual(['viewer']);
    const [row] = await db().query(`SELECT data, actor_id, actor_name FROM notifications WHERE trip_id = $1 AND kind = 'item_due'`, [crew.trip.id]);
    expect(row).toEqual({ data: { text: 'Stove', dueDate: '2026-12-02' }, actor_id: null, actor_name: '' });

    // Nothing written since: no document is read again.
    expect((await sweep('2026-12-02T04:01:00Z')).tripsRead).toBe(0);
    // Two processes at once, and a later sweep the same day: still one.
    await Promise.all([sweep('2026-12-02T04:05:00Z'), sweep('2026-12-02T04:05:00Z')]);
    await sweep('2026-12-02T07:00:00Z');
    expect(await told(crew, 'item_due')).toEqual(['viewer']);

    await sweep('2026-12-03T04:00:00Z');
    expect(await told(crew, 'item_due')).toEqual(['viewer', 'viewer']);
  });

  it('tells nobody of a ticked item, nor a member removed from the trip', async () => {
    const crew = await tripWithCrew(db());
    const ticked = await addItem(crew, { text: 'Stove', assignee: crew.editor.id, dueDate: '2026-12-02' });
    await post('/trips/checklists/items/update', { tripId: crew.trip.id, itemId: ticked.id, done: true }, crew.editor);
    await addItem(crew, { text: 'Tent', assignee: crew.viewer.id, dueDate: '2026-12-02' });
    await post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.viewer.id }, crew.owner);
    await sweep('2026-12-02T04:00:00Z');
    expect(await told(crew, 'item_due')).toEqual([]);
  });

  it("respects the member's choices: in the app off and e-mail off stores nothing; e-mail on sends it", async () => {
    const crew = await tripWithCrew(db());
    await post('/account/notification_preferences', { kind: 'item_due', inApp: false, email: false }, crew.viewer);
    await addItem(crew, { text: 'Stove', assignee: crew.viewer.id, dueDate: '2026-12-02' });
    await addItem(crew, { text: 'Tent', assignee: crew.editor.id, dueDate: '2026-12-02' });
    await sweep('2026-12-02T04:00:00Z');
    expect(await told(crew, 'item_due')).toEqual(['editor']);

    const since = mailbox.received.length;
    await sendDueNotificationMail(deps());
    const toEditor = () => mailbox.received.slice(since).filter((mail) => mail.to.includes(crew.editor.email) && mail.headers.subject.includes('due tomorrow'));
    await expect.poll(() => toEditor().length, { timeout: 5000 }).toBe(1);
    expect(toEditor()[0].headers.subject).toBe('A checklist item is due tomorrow on "Great Lakes Loop"');
    expect(toEditor()[0].parts['text/plain']).toContain('“Tent”, assigned to you on “Great Lakes Loop”, is due tomorrow.');
  });
});

describe('trip starting tomorrow', () => {
  it("tells every member once on the day before its start date (the trip's zone), not the outsider", async () => {
    const crew = await tripWithCrew(db());
    await post('/trips/road-settings', { tripId: crew.trip.id, startDate: '2026-12-02' }, crew.owner);
    // In San Francisco it is still the 30th: tomorrow is the 1st.
    await sweep('2026-12-01T05:00:00Z');
    expect(await told(crew, 'trip_starting')).toEqual([]);
    await sweep('2026-12-02T05:00:00Z');
    await Promise.all([sweep('2026-12-02T05:00:00Z'), sweep('2026-12-02T06:00:00Z')]);
    expect(await told(crew, 'trip_starting')).toEqual(['editor', 'owner', 'viewer']);
  });

  it("takes the first stop's planned date when no start date is set; never a member who muted the trip", async () => {
    const crew = await tripWithCrew(db());
    const [stop] = await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]);
    await post('/trips/stops/update-planned-date', { tripId: crew.trip.id, stopId: stop.id, plannedArrivalDate: '2026-12-10', autoScheduled: false }, crew.owner);
    // 2026-12-09 05:00 UTC is the 8th's evening in San Francisco; the 10th is tomorrow there a day later.
    await sweep('2026-12-09T05:00:00Z');
    expect(await told(crew, 'trip_starting')).toEqual([]);
    // A member who muted the trip hears nothing of it, reminders included.
    await post('/trips/notifications/mute', { tripId: crew.trip.id, muted: true }, crew.editor);
    await sweep('2026-12-10T05:00:00Z');
    expect(await told(crew, 'trip_starting')).toEqual(['owner', 'viewer']);
  });
});

describe('polls', () => {
  it('a poll opened tells the other members at once, not who opened it', async () => {
    const crew = await tripWithCrew(db());
    await post('/trips/polls/create', { tripId: crew.trip.id, question: 'Lunch?', options: ['Pasties', 'Fish'] }, crew.editor);
    expect(await told(crew, 'poll_opened')).toEqual(['owner', 'viewer']);
    const [row] = await db().query(`SELECT data FROM notifications WHERE trip_id = $1 AND kind = 'poll_opened'`, [crew.trip.id]);
    expect(row.data).toEqual({ question: 'Lunch?', closesAt: null });
  });

  it('a poll closing within a day reminds each member who has not voted, once', async () => {
    const crew = await tripWithCrew(db());
    const now = Date.now();
    const soon = new Date(now + 12 * 3600_000).toISOString();
    const later = new Date(now + 3 * 24 * 3600_000).toISOString();
    const poll = await post('/trips/polls/create', { tripId: crew.trip.id, question: 'Lunch?', options: ['Pasties', 'Fish'], closesAt: soon }, crew.editor);
    await post('/trips/polls/create', { tripId: crew.trip.id, question: 'Dinner?', options: ['Pizza', 'Tacos'], closesAt: later }, crew.editor);
    await post('/trips/polls/vote', { tripId: crew.trip.id, pollId: poll.id, choices: [1] }, crew.viewer);
    const closed = await post('/trips/polls/create', { tripId: crew.trip.id, question: 'Breakfast?', options: ['Eggs', 'Toast'], closesAt: soon }, crew.editor);
    await post('/trips/polls/close', { tripId: crew.trip.id, pollId: closed.id }, crew.editor);

    await Promise.all([sweep(new Date(now)), sweep(new Date(now))]);
    await sweep(new Date(now + 3600_000));
    expect(await told(crew, 'poll_closing')).toEqual(['editor', 'owner']);
    const questions = await db().query(`SELECT DISTINCT data->>'question' AS q FROM notifications WHERE trip_id = $1 AND kind = 'poll_closing'`, [crew.trip.id]);
    expect(questions).toEqual([{ q: 'Lunch?' }]);

    // The other poll within a day of closing reminds all three; the first, past its closing time, nobody again.
    await sweep(new Date(now + 2.5 * 24 * 3600_000));
    expect(await told(crew, 'poll_closing')).toEqual(['editor', 'editor', 'owner', 'owner', 'viewer']);
  });
});

describe('settle up', () => {
  const fuel = (crew: Crew) => ({
    tripId: crew.trip.id,
    description: 'Fuel',
    amount: 4200,
    currency: 'EUR',
    paidBy: crew.editor.id,
    date: '2026-07-01',
    category: 'fuel',
    split: { kind: 'equal', parts: [crew.owner, crew.editor].map((user) => ({ userId: user.id, value: 1 })) },
  });

  it('reminds who owes, at most once a week while they owe', async () => {
    const crew = await tripWithCrew(db());
    await post('/trips/costs/expenses', fuel(crew), crew.editor);
    await sweep('2026-12-02T10:00:00Z');
    await sweep('2026-12-02T10:05:00Z');
    await sweep('2026-12-05T10:00:00Z');
    expect(await told(crew, 'settle_up')).toEqual(['owner']);
    const [row] = await db().query(`SELECT data FROM notifications WHERE trip_id = $1 AND kind = 'settle_up'`, [crew.trip.id]);
    expect(row.data).toEqual({ amount: 2100, currency: 'EUR', owed: '21.00 EUR' });
    await sweep('2026-12-09T10:01:00Z');
    expect(await told(crew, 'settle_up')).toEqual(['owner', 'owner']);

    // Paid back: no more reminders.
    await post('/trips/costs/payments', { tripId: crew.trip.id, from: crew.owner.id, to: crew.editor.id, amount: 2100, currency: 'EUR', date: '2026-07-02' }, crew.owner);
    await sweep('2026-12-20T10:00:00Z');
    expect(await told(crew, 'settle_up')).toEqual(['owner', 'owner']);
  });
});

describe('keeping notifications', () => {
  it(`forgets notifications older than ${NOTIFICATION_KEEP_DAYS} days, and keeps the rest`, async () => {
    const crew = await tripWithCrew(db());
    await addItem(crew, { text: 'Old stove', assignee: crew.viewer.id, dueDate: null });
    await addItem(crew, { text: 'New tent', assignee: crew.viewer.id, dueDate: null });
    const texts = async () =>
      ((await db().query(`SELECT data->>'text' AS text FROM notifications WHERE trip_id = $1 AND kind = 'item_assigned' ORDER BY 1`, [crew.trip.id])) as Array<{ text: string }>).map(
        (row) => row.text,
      );
    expect(await texts()).toEqual(['New tent', 'Old stove']);
    await db().query(`UPDATE notifications SET created_at = $2::timestamptz - make_interval(days => $3 + 1) WHERE trip_id = $1 AND data->>'text' = 'Old stove'`, [
      crew.trip.id,
      '2026-12-02T12:00:00Z',
      NOTIFICATION_KEEP_DAYS,
    ]);
    expect((await sweep('2026-12-02T12:00:00Z')).forgotten).toBeGreaterThanOrEqual(1);
    expect(await texts()).toEqual(['New tent']);
  });
});
