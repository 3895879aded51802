/**
 * Web Push from the live door: an item assigned on a member's websocket (the collab server's process stores the
 * notification and its push delivery) reaches the assignee's device through the API process's push loop, once,
 * decrypted by the local push service stand-in; the assigner's own device gets nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyKeyWrites, checklistWrites, type KeyWrite } from '@caravan/shared';
import type { Config } from '@caravan/engine';
import { startPushService, tripWithCrew, type PushServiceStandIn } from '@caravan/server/test';
import { connectClient, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

let pushService: PushServiceStandIn;
const overrides: Partial<Config> = {};
beforeAll(async () => {
  pushService = await startPushService();
  overrides.pushCaFile = pushService.caFile;
  overrides.pushServiceHosts = ['127.0.0.1'];
});
afterAll(() => pushService.close());
const t = useTestStack(overrides);

describe('push through the live door', () => {
  it('an item assigned on the websocket is pushed to the assignee once, never to the assigner', async () => {
    const crew = await tripWithCrew(t.server.deps.dataSource);
    const [viewerDevice, editorDevice] = [pushService.newDevice(), pushService.newDevice()];
    expect((await t.api.post('/account/push/subscribe', viewerDevice.subscription, { as: crew.viewer })).status).toBe(200);
    expect((await t.api.post('/account/push/subscribe', editorDevice.subscription, { as: crew.editor })).status).toBe(200);
    const client: TestClient = connectClient(t.collabUrl, crew.trip.id, await t.cookieFor(crew.editor), { origin: t.server.deps.config.publicOrigin });
    try {
      await client.synced();
      const write = (writes: (doc: TestClient['doc']) => KeyWrite[]) => client.doc.transact(() => applyKeyWrites(client.doc, writes(client.doc)));
      const author = { userId: crew.editor.id, now: new Date() };
      const listId = randomUUID();
      write(() => checklistWrites.createList(listId, 'Gear', author));
      write((doc) => checklistWrites.addItem(doc, randomUUID(), { listId, text: 'Bear spray', assignee: crew.viewer.id, dueDate: null }, author));
      const to = (deviceId: string) => pushService.received.filter((push) => push.deviceId === deviceId);
      await expect.poll(() => to(viewerDevice.id).length, { timeout: 10_000 }).toBe(1);
      expect(to(viewerDevice.id)[0].payload).toMatchObject({ title: 'Great Lakes Loop', body: 'Eddie Editor assigned you “Bear spray” on “Great Lakes Loop”', url: `/trips/${crew.trip.id}` });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(to(viewerDevice.id)).toHaveLength(1);
      expect(to(editorDevice.id)).toEqual([]);
    } finally {
      client.destroy();
    }
  });
});
