import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, PUSH_DEVICES_MAX } from '@caravan/shared';
import type { Config, User } from '@caravan/engine';
import { buildUser } from '../../test/factories.ts';
import { startPushService, type PushDevice, type PushServiceStandIn } from '../../test/pushService.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { MAX_ATTEMPTS } from '../../notifications/push/pushDelivery.ts';

let pushService: PushServiceStandIn;
const overrides: Partial<Config> = { mailFrom: 'Caravan <trips@caravan.test>' };
beforeAll(async () => {
  pushService = await startPushService();
  overrides.pushCaFile = pushService.caFile;
  overrides.pushServiceHosts = ['127.0.0.1'];
});
afterAll(() => pushService.close());
const t = useTestServer(overrides);
const db = () => t.server.deps.dataSource;

const subscribe = (user: User, device: PushDevice) => t.api.post('/account/push/subscribe', device.subscription, { as: user });
const pushesTo = (device: PushDevice) => pushService.received.filter((push) => push.deviceId === device.id);
const subscribed = async (user: User) => {
  const device = pushService.newDevice();
  expect((await subscribe(user, device)).status).toBe(200);
  return device;
};
const assignItem = async (crew: Crew, text: string, to: User, by: User = crew.editor) => {
  const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: by })).body.id;
  const added = await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text, assignee: to.id }, { as: by });
  expect(added.status).toBe(201);
};
/** Waits out a few rounds of the server's push loop (every 500 ms), for a test that expects nothing to arrive. */
const afterPushRounds = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('pushing notifications to the devices that turned them on', () => {
  it('hands the assignee an encrypted, VAPID-signed push with the trip, the sentence and the link; never the actor', async () => {
    const crew = await tripWithCrew(db());
    const viewerDevice = await subscribed(crew.viewer);
    const editorDevice = await subscribed(crew.editor);
    const { body: key } = await t.api.get('/account/push/public_key', { as: crew.viewer });
    const before = Date.now();
    await assignItem(crew, 'Stove', crew.viewer);

    await expect.poll(() => pushesTo(viewerDevice).length, { timeout: 5000 }).toBe(1);
    const [push] = pushesTo(viewerDevice);
    expect(push.payload).toEqual({
      title: 'Great Lakes Loop',
      body: 'Eddie Editor assigned you “Stove” on “Great Lakes Loop”',
      url: `/trips/${crew.trip.id}`,
      tag: expect.any(String),
    });
    expect(push.vapidPublicKey).toBe(key.publicKey);
    expect(push.vapid.aud).toBe(pushService.url);
    expect(push.vapid.sub).toBe('mailto:trips@caravan.test');
    expect(push.vapid.exp * 1000).toBeGreaterThan(before);
    expect(push.vapid.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(Number(push.ttl)).toBeGreaterThan(0);
    const [row] = await db().query(`SELECT id FROM notifications WHERE user_id = $1`, [crew.viewer.id]);
    expect(push.payload.tag).toBe(row.id);

    await afterPushRounds();
    expect(pushesTo(viewerDevice)).toHaveLength(1);
    expect(pushesTo(editorDevice)).toEqual([]);
    expect(pushService.rejected).toEqual([]);
    expect(await db().query(`SELECT * FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.user_id = $1`, [crew.viewer.id])).toEqual([]);
  });

  it("links to the stop a comment is on, on each of the member's devices", async () => {
    const crew = await tripWithCrew(db());
    const [phone, laptop] = [await subscribed(crew.viewer), await subscribed(crew.viewer)];
    const [{ id: stopId }] = await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]);
    await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: 'Worth the detour?' }, { as: crew.viewer });
    await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: 'Yes!' }, { as: crew.owner });
    await expect.poll(() => [pushesTo(phone).length, pushesTo(laptop).length], { timeout: 5000 }).toEqual([1, 1]);
    expect(pushesTo(phone)[0].payload.url).toBe(`/trips/${crew.trip.id}?stop=${stopId}`);
    expect(pushesTo(laptop)[0].payload.body).toMatch(/^Olive Owner commented on “.+” on “Great Lakes Loop”$/);
  });

  it('follows the push choice per kind, beside the other channels', async () => {
    const crew = await tripWithCrew(db());
    const device = await subscribed(crew.viewer);
    const save = (kind: string, choice: object) => t.api.post('/account/notification_preferences', { kind, ...choice }, { as: crew.viewer });
    const saved = await save('item_assigned', { inApp: true, email: true, push: false });
    expect(saved.body.preferences).toContainEqual({ kind: 'item_assigned', inApp: true, email: true, push: false, emailable: true });
    // Pushed only: no row in the bell's list, but the push goes.
    await save('poll_closed', { inApp: false, email: false, push: true });
    // Not told at all: the poll's start.
    await save('poll_opened', { inApp: false, email: false, push: false });
    // A choice saved without push keeps the push choice.
    await save('item_assigned', { inApp: true, email: false });
    expect((await t.api.get('/account/notification_preferences', { as: crew.viewer })).body.preferences).toContainEqual({
      kind: 'item_assigned',
      inApp: true,
      email: false,
      push: false,
      emailable: true,
    });

    await assignItem(crew, 'Tent', crew.viewer);
    const poll = await t.api.post('/trips/polls/create', { tripId: crew.trip.id, question: 'Lunch?', options: ['Pasties', 'Fish'] }, { as: crew.editor });
    await t.api.post('/trips/polls/close', { tripId: crew.trip.id, pollId: poll.body.id }, { as: crew.editor });
    await expect.poll(() => pushesTo(device).map((push) => push.payload.body), { timeout: 5000 }).toEqual(['Eddie Editor closed the poll “Lunch?” on “Great Lakes Loop”']);
    const listed = (await t.api.post('/account/notifications', {}, { as: crew.viewer })).body.notifications;
    expect(listed.map((each: { kind: string }) => each.kind)).toEqual(['item_assigned']);
    await afterPushRounds();
    expect(pushesTo(device)).toHaveLength(1);
  });

  it('forgets a device its push service says is gone (410), and pushes it nothing more', async () => {
    const crew = await tripWithCrew(db());
    const gone = await subscribed(crew.viewer);
    const kept = await subscribed(crew.viewer);
    gone.answer = { status: 410 };
    await assignItem(crew, 'Stove', crew.viewer);
    await expect.poll(async () => (await db().query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [gone.subscription.endpoint])).length, { timeout: 5000 }).toBe(0);
    await expect.poll(() => pushesTo(kept).length, { timeout: 5000 }).toBe(1);
    await assignItem(crew, 'Tent', crew.viewer);
    await expect.poll(() => pushesTo(kept).length, { timeout: 5000 }).toBe(2);
    expect(pushesTo(gone)).toHaveLength(1);
  });

  it('tries a busy push service again after the wait it asks for (429 with Retry-After)', async () => {
    const crew = await tripWithCrew(db());
    const device = await subscribed(crew.viewer);
    device.answer = { status: 429, retryAfter: '120' };
    await assignItem(crew, 'Stove', crew.viewer);
    await expect.poll(() => pushesTo(device).length, { timeout: 5000 }).toBe(1);
    const waiting = async () =>
      (await db().query(`SELECT attempts, due_at > now() + interval '100 seconds' AS later FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.user_id = $1`, [crew.viewer.id]));
    await expect.poll(waiting, { timeout: 5000 }).toEqual([{ attempts: 1, later: true }]);
    // The wait is over and the service takes it now: delivered once more, then done.
    device.answer = { status: 201 };
    await db().query(`UPDATE push_deliveries SET due_at = now() WHERE subscription_id = (SELECT id FROM push_subscriptions WHERE user_id = $1)`, [crew.viewer.id]);
    await expect.poll(() => pushesTo(device).length, { timeout: 5000 }).toBe(2);
    await expect.poll(waiting, { timeout: 5000 }).toEqual([]);
  });

  it('waits longer after each failure of the push service (5xx), and gives up after the last try, keeping the device', async () => {
    const crew = await tripWithCrew(db());
    const device = await subscribed(crew.viewer);
    device.answer = { status: 503 };
    await assignItem(crew, 'Stove', crew.viewer);
    const pending = async () =>
      db().query(
        `SELECT attempts, round(extract(epoch FROM due_at - now()))::int AS "waitSeconds" FROM push_deliveries WHERE subscription_id = (SELECT id FROM push_subscriptions WHERE user_id = $1)`,
        [crew.viewer.id],
      );
    // The first wait is 10 s (a claim's lease, 60 s, is longer: seeing 10 s means the failure was settled).
    await expect.poll(async () => (await pending())[0], { timeout: 5000 }).toMatchObject({ attempts: 1, waitSeconds: expect.toSatisfy((wait: number) => wait > 5 && wait <= 10) });
    await db().query(`UPDATE push_deliveries SET due_at = now(), attempts = 2 WHERE subscription_id = (SELECT id FROM push_subscriptions WHERE user_id = $1)`, [crew.viewer.id]);
    // The third wait is 40 s.
    await expect.poll(async () => (await pending())[0], { timeout: 5000 }).toMatchObject({ attempts: 3, waitSeconds: expect.toSatisfy((wait: number) => wait > 35 && wait <= 40) });
    await db().query(`UPDATE push_deliveries SET due_at = now(), attempts = $2 - 1 WHERE subscription_id = (SELECT id FROM push_subscriptions WHERE user_id = $1)`, [crew.viewer.id, MAX_ATTEMPTS]);
    await expect.poll(pending, { timeout: 5000 }).toEqual([]);
    expect(pushesTo(device)).toHaveLength(3);
    expect(await db().query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [crew.viewer.id])).toHaveLength(1);
  });

  it('pushes nothing to a device turned off', async () => {
    const crew = await tripWithCrew(db());
    const device = await subscribed(crew.viewer);
    const off = await t.api.post('/account/push/unsubscribe', { endpoint: device.subscription.endpoint }, { as: crew.viewer });
    expect(off.body).toEqual({ devices: 0 });
    await assignItem(crew, 'Stove', crew.viewer);
    await afterPushRounds();
    expect(pushesTo(device)).toEqual([]);
  });
});

describe('the push calls', () => {
  it('answer the public key and count the devices; keep the newest devices; an endpoint belongs to one account', async () => {
    const [someone, other] = [await buildUser(db()), await buildUser(db())];
    const key = await t.api.get('/account/push/public_key', { as: someone });
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);

    const devices = Array.from({ length: PUSH_DEVICES_MAX + 1 }, () => pushService.newDevice());
    for (const [index, device] of devices.entries()) {
      const answer = await subscribe(someone, device);
      expect(answer.body).toEqual({ devices: Math.min(index + 1, PUSH_DEVICES_MAX) });
    }
    const endpoints = async (user: User) => (await db().query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [user.id])).map((row: { endpoint: string }) => row.endpoint);
    expect(await endpoints(someone)).not.toContain(devices[0].subscription.endpoint);
    // The same device again is still one device.
    expect((await subscribe(someone, devices[5])).body).toEqual({ devices: PUSH_DEVICES_MAX });

    // Another account signs in on that browser and turns notifications on: the device is theirs now.
    expect((await subscribe(other, devices[5])).body).toEqual({ devices: 1 });
    expect(await endpoints(someone)).not.toContain(devices[5].subscription.endpoint);
    // Turning off a device that is not yours changes nothing of theirs.
    expect((await t.api.post('/account/push/unsubscribe', { endpoint: devices[5].subscription.endpoint }, { as: someone })).body).toEqual({ devices: PUSH_DEVICES_MAX - 1 });
    expect(await endpoints(other)).toEqual([devices[5].subscription.endpoint]);
  });

  it('refuse what no browser sends, with a clear message', async () => {
    const user = await buildUser(db());
    const { subscription } = pushService.newDevice();
    const refused = async (body: object, message: string) => {
      const answer = await t.api.post('/account/push/subscribe', body, { as: user });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    };
    await refused({ ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') }, messages.push.invalidEndpoint);
    await refused({ ...subscription, endpoint: `${subscription.endpoint}${'a'.repeat(1024)}` }, messages.push.invalidEndpoint);
    await refused({ ...subscription, endpoint: 'push me' }, messages.push.invalidEndpoint);
    await refused({ ...subscription, keys: { ...subscription.keys, p256dh: subscription.keys.p256dh.slice(1) } }, messages.push.invalidKey);
    await refused({ ...subscription, keys: { ...subscription.keys, p256dh: `A${subscription.keys.p256dh.slice(1)}` } }, messages.push.invalidKey);
    await refused({ ...subscription, keys: { ...subscription.keys, auth: 'short' } }, messages.push.invalidKey);
    await refused({ ...subscription, keys: { ...subscription.keys, auth: `${subscription.keys.auth.slice(0, -1)}+` } }, messages.push.invalidKey);
    await refused({ endpoint: subscription.endpoint }, messages.push.invalidKey);
    // Only push services the server sends to: never an address a member picks, inside the server's network least of all.
    for (const endpoint of ['https://169.254.169.254/latest/meta-data', 'https://localhost:5432/', 'https://fcm.googleapis.com.evil.example/send/x']) {
      await refused({ ...subscription, endpoint }, messages.push.unknownService);
    }
    expect(await db().query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [user.id])).toEqual([]);
    // Padding is allowed: the same key.
    expect((await t.api.post('/account/push/subscribe', { ...subscription, keys: { ...subscription.keys, auth: `${subscription.keys.auth}==` } }, { as: user })).status).toBe(200);
  });

  it('are for signed-in members only', async () => {
    const { subscription } = pushService.newDevice();
    expect((await t.api.get('/account/push/public_key')).status).toBe(401);
    expect((await t.api.post('/account/push/subscribe', subscription)).status).toBe(401);
    expect((await t.api.post('/account/push/unsubscribe', { endpoint: subscription.endpoint })).status).toBe(401);
  });
});
