/**
 * Notifications from the live door: an edit made on a member's websocket (the collab server's process) tells the
 * members the REST door would have told, once, and the API process e-mails it (a local SMTP server receives it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyKeyWrites, checklistWrites, decisionWrites, moneyWrites, type KeyWrite } from '@caravan/shared';
import type { Config, User } from '@caravan/engine';
import { createSmtpMailbox, tripWithCrew } from '@caravan/server/test';
import { connectClient, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

const mailbox = createSmtpMailbox();
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestStack(overrides);
const db = () => t.server.deps.dataSource;

let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

async function connect(tripId: string, user: User): Promise<TestClient> {
  const client = connectClient(t.collabUrl, tripId, await t.cookieFor(user), { origin: t.server.deps.config.publicOrigin });
  clients.push(client);
  await client.synced();
  return client;
}
const write = (client: TestClient, writes: (doc: TestClient['doc']) => KeyWrite[]) => client.doc.transact(() => applyKeyWrites(client.doc, writes(client.doc)));
const toldOf = (tripId: string, kind: string): Promise<Array<{ user_id: number }>> =>
  db().query(`SELECT user_id FROM notifications WHERE trip_id = $1 AND kind = $2 ORDER BY user_id`, [tripId, kind]);

describe('notifications through the live door', () => {
  it('a checklist item assigned on the websocket tells the assignee once, in the app and by e-mail; the assigner nothing', async () => {
    const crew = await tripWithCrew(db());
    const editor = await connect(crew.trip.id, crew.editor);
    const author = { userId: crew.editor.id, now: new Date() };
    const listId = randomUUID();
    const itemId = randomUUID();
    write(editor, () => checklistWrites.createList(listId, 'Gear', author));
    write(editor, (doc) => checklistWrites.addItem(doc, itemId, { listId, text: 'Bear spray', assignee: crew.viewer.id, dueDate: null }, author));
    await expect.poll(() => toldOf(crew.trip.id, 'item_assigned'), { timeout: 5000 }).toEqual([{ user_id: crew.viewer.id }]);
    // Its own item to itself tells nobody; an edit of the text tells the assignee nothing new.
    write(editor, (doc) => checklistWrites.addItem(doc, randomUUID(), { listId, text: 'Map', assignee: crew.editor.id, dueDate: null }, author));
    write(editor, (doc) => checklistWrites.updateItem(doc, itemId, { text: 'Bear spray (2)' }));

    const list = await t.api.post('/account/notifications', {}, { as: crew.viewer });
    expect(list.body.notifications).toEqual([
      expect.objectContaining({ kind: 'item_assigned', tripId: crew.trip.id, actorName: 'Eddie Editor', data: { text: 'Bear spray' }, read: false }),
    ]);
    expect((await t.api.get('/account/notifications/unread_count', { as: crew.viewer })).body).toEqual({ unread: 1 });
    await expect.poll(() => mailbox.received.filter((mail) => mail.to.includes(crew.viewer.email)).length, { timeout: 8000 }).toBe(1);
    expect(mailbox.received.find((mail) => mail.to.includes(crew.viewer.email))!.headers.subject).toBe(
      'Eddie Editor assigned you an item on "Great Lakes Loop"',
    );
    expect(await toldOf(crew.trip.id, 'item_assigned')).toEqual([{ user_id: crew.viewer.id }]);
  });

  it('an expense recorded on the websocket tells the others in its split', async () => {
    const crew = await tripWithCrew(db());
    const viewer = await connect(crew.trip.id, crew.viewer);
    const split = { kind: 'equal' as const, parts: [crew.owner, crew.viewer].map((user) => ({ userId: user.id, value: 1 })) };
    const ferry = { description: 'Ferry', amount: 3000, currency: 'EUR', paidBy: crew.viewer.id, date: '2026-07-02', category: 'fuel' as const };
    write(viewer, (doc) =>
      moneyWrites.addExpense(doc, randomUUID(), { ...ferry, stopId: null, receiptPhoto: null, split, rate: null }, { userId: crew.viewer.id, now: new Date() }),
    );
    await expect.poll(() => toldOf(crew.trip.id, 'expense_added'), { timeout: 5000 }).toEqual([{ user_id: crew.owner.id }]);
  });

  it('a poll started on the websocket tells the other members, not who started it', async () => {
    const crew = await tripWithCrew(db());
    const editor = await connect(crew.trip.id, crew.editor);
    const fields = { question: 'Lunch?', options: ['Pasties', 'Fish'], multiple: false, closesAt: null };
    write(editor, () => decisionWrites.startPoll(randomUUID(), fields, { userId: crew.editor.id, now: new Date() }));
    const others = [crew.owner.id, crew.viewer.id].sort((a, b) => a - b).map((user_id) => ({ user_id }));
    await expect.poll(() => toldOf(crew.trip.id, 'poll_opened'), { timeout: 5000 }).toEqual(others);
  });
});
