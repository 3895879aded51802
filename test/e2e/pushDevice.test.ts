/**
 * "Notifications on this device" in Debian's Chromium at 1366 px and 390 px: turned on and off by keyboard, axe clean,
 * and the push choice per kind in the settings.
 * Headless Chromium has no push service to subscribe with, so in this file only, the page's PushManager hands out a
 * device of the local push service stand-in (a real key pair); the rest is real: the browser's permission, the
 * subscribe call, the server's push reaching the stand-in (decrypted there), and the app's service worker showing
 * the pushed payload when Chromium delivers it as a push message (CDP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@caravan/engine';
import { startPushService, tripWithCrew, type PushServiceStandIn } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { useTripPages } from './tripPages.ts';

let pushService: PushServiceStandIn;
const overrides: Partial<Config> = {};
beforeAll(async () => {
  pushService = await startPushService();
  overrides.pushCaFile = pushService.caFile;
  overrides.pushServiceHosts = ['127.0.0.1'];
});
afterAll(() => pushService.close());
const t = useTestStack(overrides);
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });

describe('notifications on this device', () => {
  it.each([1366, 390])('are turned on and off, pushed, and shown by the service worker at %i px', { timeout: 90_000 }, async (width) => {
    const crew = await tripWithCrew(t.server.deps.dataSource, { title: `Push Loop ${width}` });
    const device = pushService.newDevice();
    const page = await pages.signedInPage(crew.viewer, { viewport: { width, height: 900 }, permissions: ['notifications'] });
    await page.addInitScript((subscription) => {
      let current: object | null = null;
      const stand = window as unknown as { subscribedWithKey?: string };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        if (!options?.userVisibleOnly) throw new Error('a push subscription must show every push');
        stand.subscribedWithKey = btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey as ArrayBuffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
        current = {
          endpoint: subscription.endpoint,
          options: { userVisibleOnly: true, applicationServerKey: options.applicationServerKey },
          toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
          unsubscribe: async () => ((current = null), true),
        };
        return current as PushSubscription;
      };
    }, device.subscription);
    await page.goto(`${t.server.url}/account`);
    const section = page.getByRole('region', { name: 'Notifications on this device' });
    const turnOn = section.getByRole('button', { name: 'Turn on notifications on this device' });
    await turnOn.waitFor();
    expect(await axeViolations(page, { within: section })).toEqual([]);
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    await turnOn.focus();
    await page.keyboard.press('Enter');
    await section.getByText('Notifications are on for this device.').waitFor();
    const subscriptions = () => t.server.deps.dataSource.query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [crew.viewer.id]);
    expect(await subscriptions()).toEqual([{ endpoint: device.subscription.endpoint }]);
    expect(await page.evaluate(() => (window as unknown as { subscribedWithKey?: string }).subscribedWithKey)).toBe(t.server.deps.pushPublicKey);

    const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
    await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Bear spray', assignee: crew.viewer.id }, { as: crew.editor });
    await expect.poll(() => pushService.received.filter((push) => push.deviceId === device.id).length, { timeout: 10_000 }).toBe(1);
    const [pushed] = pushService.received.filter((push) => push.deviceId === device.id);

    // What the stand-in decrypted, delivered to the app's worker as Chromium delivers a push.
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((each) => each.scopeURL.startsWith(t.server.url) && !each.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: t.server.url, registrationId: await registrationId, data: JSON.stringify(pushed.payload) });
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((each) => ({ title: each.title, body: each.body, url: each.data?.url })));
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      { title: `Push Loop ${width}`, body: `Eddie Editor assigned you “Bear spray” on “Push Loop ${width}”`, url: `/trips/${crew.trip.id}` },
    ]);

    const turnOff = section.getByRole('button', { name: 'Turn off notifications on this device' });
    await turnOff.focus();
    await page.keyboard.press('Enter');
    await section.getByText('Notifications are off for this device.').waitFor();
    expect(await subscriptions()).toEqual([]);
    expect(await axeViolations(page, { within: section })).toEqual([]);

    // The push choice per kind, beside the other two, by keyboard; the settings' four columns fit the width.
    const settings = page.getByRole('region', { name: 'Notification settings' });
    const pushChoice = settings.getByRole('checkbox', { name: 'A checklist item is assigned to you: Push' });
    expect(await pushChoice.isChecked()).toBe(true);
    await pushChoice.focus();
    await page.keyboard.press('Space');
    const stored = async () => (await t.server.deps.dataSource.query(`SELECT in_app, email, push FROM notification_preferences WHERE user_id = $1 AND kind = 'item_assigned'`, [crew.viewer.id]))[0];
    await expect.poll(stored).toEqual({ in_app: true, email: true, push: false });
    expect(await axeViolations(page, { within: settings })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  it('say when the browser blocks them', { timeout: 60_000 }, async () => {
    const crew = await tripWithCrew(t.server.deps.dataSource);
    const page = await pages.signedInPage(crew.viewer, { viewport: { width: 390, height: 900 } });
    await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
    await page.goto(`${t.server.url}/account`);
    await page.getByRole('region', { name: 'Notifications on this device' }).getByText('Notifications are blocked for Caravan in this browser.', { exact: false }).waitFor();
  });
});
