import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import type { Config, User } from '@caravan/engine';
import { buildUser } from '../test/factories.ts';
import { createSmtpMailbox } from '../test/smtpMailbox.ts';
import { tripWithCrew, type Crew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { sendDueDigests } from './notificationDigest.ts';
import { sendDueNotificationMail } from './notificationMail.ts';

const mailbox = createSmtpMailbox();
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestServer(overrides);
const db = () => t.server.deps.dataSource;
const deps = () => ({ dataSource: db(), mailer: t.server.deps.mailer, logger: t.server.deps.logger, publicOrigin: t.server.deps.config.publicOrigin });
const mailTo = (user: User) => mailbox.received.filter((mail) => mail.to.includes(user.email));
const chooseDelivery = (user: User, emailDelivery: unknown) => t.api.post('/account/notification_email_delivery', { emailDelivery }, { as: user });
const assign = async (crew: Crew, text: string) => {
  const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
  const added = await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text, assignee: crew.viewer.id }, { as: crew.editor });
  expect(added.status).toBe(201);
};

describe('the daily digest', () => {
  it('sends a member who chose it one e-mail a day of their unread notifications not yet e-mailed', async () => {
    const crew = await tripWithCrew(db(), { title: 'Lakes <Loop>' });
    const chosen = await chooseDelivery(crew.viewer, 'digest');
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ emailDelivery: 'digest' });
    expect((await t.api.get('/account/notification_email_delivery', { as: crew.viewer })).body).toEqual({ emailDelivery: 'digest' });
    await assign(crew, 'Stove');
    await assign(crew, 'Tent');
    await assign(crew, 'Read already');
    const [read] = await db().query(`SELECT id FROM notifications WHERE user_id = $1 AND data->>'text' = 'Read already'`, [crew.viewer.id]);
    expect((await t.api.post('/account/notifications/read', { id: read.id }, { as: crew.viewer })).status).toBe(200);

    // The ordinary dispatcher leaves them for the digest; before the digest hour nothing goes.
    await sendDueNotificationMail(deps());
    expect(await sendDueDigests(deps(), new Date('2026-12-02T06:59:00Z'))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailTo(crew.viewer)).toEqual([]);

    // Two processes at once: one digest.
    const sent = await Promise.all([sendDueDigests(deps(), new Date('2026-12-02T07:01:00Z')), sendDueDigests(deps(), new Date('2026-12-02T07:01:00Z'))]);
    expect(sent.reduce((a, b) => a + b)).toBe(1);
    await expect.poll(() => mailTo(crew.viewer).length, { timeout: 5000 }).toBe(1);
    const [digest] = mailTo(crew.viewer);
    expect(digest.headers.subject).toBe('Your Caravan digest: 2 notifications');
    const text = digest.parts['text/plain'];
    expect(text).toContain('Eddie Editor assigned you “Stove” on “Lakes <Loop>”.');
    expect(text).toContain('Eddie Editor assigned you “Tent” on “Lakes <Loop>”.');
    expect(text).not.toContain('Read already');
    expect(text).toContain(`/trips/${crew.trip.id}`);
    expect(digest.parts['text/html']).toContain('on “Lakes &lt;Loop&gt;”');
    expect(digest.parts['text/html']).not.toContain('<Loop>');

    // Later the same day: what came since waits for tomorrow's.
    await assign(crew, 'Maps');
    expect(await sendDueDigests(deps(), new Date('2026-12-02T20:00:00Z'))).toBe(0);
    expect(await sendDueDigests(deps(), new Date('2026-12-03T07:00:00Z'))).toBe(1);
    await expect.poll(() => mailTo(crew.viewer).length, { timeout: 5000 }).toBe(2);
    expect(mailTo(crew.viewer)[1].headers.subject).toBe('Your Caravan digest: 1 notification');
    expect(mailTo(crew.viewer)[1].parts['text/plain']).toContain('“Maps”');
    // Nothing new: no digest.
    expect(await sendDueDigests(deps(), new Date('2026-12-04T07:00:00Z'))).toBe(0);
  });

  it('leaves members who e-mail each notification to the ordinary dispatcher; switching back sends what waited', async () => {
    const crew = await tripWithCrew(db());
    await chooseDelivery(crew.viewer, 'digest');
    await assign(crew, 'Stove');
    expect(await sendDueDigests(deps(), new Date('2026-12-02T05:00:00Z'))).toBe(0);
    expect((await chooseDelivery(crew.viewer, 'each')).body).toEqual({ emailDelivery: 'each' });
    await sendDueNotificationMail(deps());
    await expect.poll(() => mailTo(crew.viewer).length, { timeout: 5000 }).toBe(1);
    expect(mailTo(crew.viewer)[0].headers.subject).toBe('Eddie Editor assigned you an item on "Great Lakes Loop"');
    expect(await sendDueDigests(deps(), new Date('2026-12-02T08:00:00Z'))).toBe(0);
  });

  it('answers each by default, refuses a choice it does not know, and only for a signed-in caller', async () => {
    const user = await buildUser(db());
    expect((await t.api.get('/account/notification_email_delivery', { as: user })).body).toEqual({ emailDelivery: 'each' });
    const wrong = await chooseDelivery(user, 'weekly');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(messages.notifications.invalidEmailDelivery);
    expect((await t.api.get('/account/notification_email_delivery')).status).toBe(401);
    expect((await t.api.post('/account/notification_email_delivery', { emailDelivery: 'digest' })).status).toBe(401);
  });
});
