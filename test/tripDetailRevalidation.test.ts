/**
 * /trips/details served from the presented-answer cache, under the whole stack: each role's answer is the
 * bytes a fresh read makes, its ETag lets a client that holds it get 304, and a write through either door
 * (REST, or the live document over a real websocket) makes the next answer new; a member removed is refused
 * even with the tag of an answer they once had.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addStop } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { connectClient, type TestClient } from '@caravan/collab-server/test';
import { buildUser, tripWithCrew } from '@caravan/server/test';
import { useTestStack } from './stack.ts';

const t = useTestStack();
const db = () => t.server.deps.dataSource;

let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

const details = (tripId: string, as: User, etag?: string) =>
  t.api.post('/trips/details', { tripId }, { as, headers: etag ? { 'if-none-match': etag } : {} });

/** Drive legs are derived a moment after an edit (a write of their own): in place before answers are compared. */
const legsInPlace = () => Promise.all([t.server.deps.legs.settle(), t.collab.legs.settle()]);

/** The answer a read with nothing cached makes, as the text sent (the server's JSON.stringify, so parsed and written again alike). */
async function uncached(tripId: string, user: User): Promise<string> {
  t.server.deps.tripStops.delete(tripId);
  return JSON.stringify((await details(tripId, user)).body);
}

async function sharedCrewTrip() {
  const crew = await tripWithCrew(db());
  // Shared, so the roles' answers differ: only the owner sees the share token.
  expect((await t.api.post('/trips/share', { tripId: crew.trip.id, isPublic: true }, { as: crew.owner })).status).toBe(200);
  expect((await t.api.post('/trips/stops', { tripId: crew.trip.id, name: 'Mackinac Bridge', latitude: 45.8, longitude: -84.7 }, { as: crew.owner })).status).toBe(201);
  await legsInPlace();
  return crew;
}

describe('/trips/details revalidation', () => {
  it('serves each role the bytes a fresh read makes, with a strong ETag of its own that stays while nothing changes', async () => {
    const { owner, editor, viewer, trip } = await sharedCrewTrip();
    const tags = new Map<string, string>();
    for (const [role, user] of [['owner', owner], ['editor', editor], ['viewer', viewer]] as const) {
      const first = await details(trip.id, user);
      const again = await details(trip.id, user);
      expect(again.status).toBe(200);
      expect(JSON.stringify(again.body), role).toBe(await uncached(trip.id, user));
      expect(again.body.role).toBe(role);
      const etag = again.headers.get('etag')!;
      // fetch accepts compressed answers: the tag names the form.
      expect(etag).toMatch(/^"[\w-]+(\.br|\.gzip)?"$/);
      expect(first.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
      tags.set(role, etag);
    }
    expect((await details(trip.id, owner)).body.shareToken).toEqual(expect.any(String));
    expect((await details(trip.id, viewer)).body.shareToken).toBeNull();
    expect(new Set(tags.values()).size).toBe(3);
  });

  it('answers 304 with no body to the ETag it holds, and 200 with a new one after a REST write', async () => {
    const { owner, trip } = await sharedCrewTrip();
    const before = await details(trip.id, owner);
    const etag = before.headers.get('etag')!;
    const notModified = await details(trip.id, owner, etag);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers.get('etag')).toBe(etag);
    // Among other tags, as a client that kept several may send them.
    expect((await details(trip.id, owner, `"other", ${etag}`)).status).toBe(304);
    // Compared weakly, as If-None-Match is.
    expect((await details(trip.id, owner, `W/${etag}`)).status).toBe(304);
    expect((await details(trip.id, owner, '"other"')).status).toBe(200);

    expect((await t.api.post('/trips/stops', { tripId: trip.id, name: 'Sleeping Bear Dunes', latitude: 44.9, longitude: -86.0 }, { as: owner })).status).toBe(201);
    const after = await details(trip.id, owner, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.stops.map((stop: { name: string }) => stop.name)).toContain('Sleeping Bear Dunes');
    await legsInPlace();
    expect(JSON.stringify((await details(trip.id, owner)).body)).toBe(await uncached(trip.id, owner));
  });

  it('answers 200 with a new ETag after an edit through the live document, once its commit is acknowledged', async () => {
    const { owner, editor, trip } = await sharedCrewTrip();
    const etag = (await details(trip.id, owner)).headers.get('etag')!;
    expect((await details(trip.id, owner, etag)).status).toBe(304);

    const client = connectClient(t.collabUrl, trip.id, await t.cookieFor(editor), { origin: t.server.deps.config.publicOrigin });
    clients.push(client);
    await client.synced();
    addStop(client.doc, randomUUID(), { name: 'Tahquamenon Falls', latitude: 46.6, longitude: -85.2 });
    await client.saved();

    const after = await details(trip.id, owner, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.stops.map((stop: { name: string }) => stop.name)).toContain('Tahquamenon Falls');
    // The room derives the new stop's leg after the edit's commit: once it is there, nothing else is coming.
    await vi.waitFor(async () => expect((await details(trip.id, owner)).body.stops.at(-1).driveLeg).not.toBeNull(), { timeout: 5000 });
    await legsInPlace();
    expect(JSON.stringify((await details(trip.id, owner)).body)).toBe(await uncached(trip.id, owner));
  });

  it('sends the compressed form a client accepts, with its own tag, and 304 to the tag of any form', async () => {
    const { owner, trip } = await sharedCrewTrip();
    const cookie = await t.cookieFor(owner);
    const read = (acceptEncoding: string, etag?: string) =>
      fetch(`${t.server.url}/_api/trips/details`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'accept-encoding': acceptEncoding, ...(etag && { 'if-none-match': etag }) },
        body: JSON.stringify({ tripId: trip.id }),
      });
    const plain = await read('identity');
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    for (const coding of ['br', 'gzip']) {
      const compressed = await read(`${coding}, identity;q=0.5`);
      expect(compressed.headers.get('content-encoding')).toBe(coding);
      expect(Number(compressed.headers.get('content-length'))).toBeLessThan(text.length / 2);
      // fetch decodes it: the same JSON text.
      expect(await compressed.text()).toBe(text);
      const etag = compressed.headers.get('etag')!;
      expect(etag).toBe(`${plain.headers.get('etag')!.slice(0, -1)}.${coding}"`);
      expect((await read('identity', etag)).status).toBe(304);
    }
    expect((await read('br', plain.headers.get('etag')!)).status).toBe(304);
  });

  it('refuses a removed member, even with the ETag of an answer they had', async () => {
    const { owner, viewer, trip } = await sharedCrewTrip();
    const etag = (await details(trip.id, viewer)).headers.get('etag')!;
    expect((await details(trip.id, viewer, etag)).status).toBe(304);
    expect((await t.api.post('/trips/members/remove', { tripId: trip.id, userIdToRemove: viewer.id }, { as: owner })).status).toBe(200);
    const refused = await details(trip.id, viewer, etag);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('etag')).toBeNull();
    expect(refused.body.stops).toBeUndefined();
  });

  it("makes the next answer new after a change to the trip's row through REST, for every role", async () => {
    const { owner, editor, viewer, trip } = await sharedCrewTrip();
    const held = new Map<User, string>();
    for (const user of [owner, editor, viewer]) held.set(user, (await details(trip.id, user)).headers.get('etag')!);
    // The road settings: on the row and in the document's meta.
    expect((await t.api.post('/trips/road-settings', { tripId: trip.id, dailyDriveLimitMinutes: 300 }, { as: owner })).status).toBe(200);
    for (const user of [owner, editor, viewer]) {
      const after = await details(trip.id, user, held.get(user));
      expect(after.status).toBe(200);
      expect(after.body.dailyDriveLimitMinutes).toBe(300);
      held.set(user, after.headers.get('etag')!);
      expect(JSON.stringify(after.body)).toBe(await uncached(trip.id, user));
    }
    // Sharing: the row alone; only the owner's answer holds the token.
    expect((await t.api.post('/trips/share', { tripId: trip.id, isPublic: false }, { as: owner })).status).toBe(200);
    for (const user of [owner, editor, viewer]) {
      const after = await details(trip.id, user, held.get(user));
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ isPublic: false, shareToken: null });
    }
  });

  it("gives a member whose role changed their new role's answer at once, never the one they held", async () => {
    const { owner, editor, viewer, trip } = await sharedCrewTrip();
    const asEditor = await details(trip.id, editor);
    const viewersTag = (await details(trip.id, viewer)).headers.get('etag')!;
    expect(asEditor.body.role).toBe('editor');
    expect((await t.api.post('/trips/members/role', { tripId: trip.id, userId: editor.id, role: 'viewer' }, { as: owner })).status).toBe(200);
    const demoted = await details(trip.id, editor, asEditor.headers.get('etag')!);
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('viewer');
    expect(JSON.stringify(demoted.body)).toBe(await uncached(trip.id, editor));
    // Now the same answer as the viewer's: the same bytes, so the same tag, and a 304 to it.
    expect(demoted.headers.get('etag')).toBe(viewersTag);
    expect((await details(trip.id, editor, viewersTag)).status).toBe(304);
    // Back to editor: the viewer's tag is no longer theirs.
    expect((await t.api.post('/trips/members/role', { tripId: trip.id, userId: editor.id, role: 'editor' }, { as: owner })).status).toBe(200);
    const promoted = await details(trip.id, editor, viewersTag);
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('editor');
  });

  it('refuses a member whose account an administrator disabled, at once, even with the tag of an answer they had', async () => {
    const { viewer, trip } = await sharedCrewTrip();
    const admin = await buildUser(db(), { role: 'admin' });
    const etag = (await details(trip.id, viewer)).headers.get('etag')!;
    expect((await details(trip.id, viewer, etag)).status).toBe(304);
    const disabled = await t.api.adminPost('/admin/users/update-status', { userId: viewer.id, newStatus: 'disabled' }, { as: admin });
    expect(disabled.status).toBe(200);
    const refused = await details(trip.id, viewer, etag);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('etag')).toBeNull();
    expect(refused.body.stops).toBeUndefined();
  });
});
