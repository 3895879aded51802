import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, COLLAB_LIMITS, findStop, messages, orderedStops, ZTripStop } from '@caravan/shared';
import { PhotoEntity, serverOrigin } from '@caravan/engine';
import { addJournalEntry, addStops, pngDataUrl, stopRows } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

async function tripWithRoles(extraStops: string[] = []) {
  const { outsider: stranger, ...crew } = await tripWithCrew(db());
  const stops = await addStops(t.server.deps, crew.trip, crew.owner, extraStops);
  return { ...crew, stranger, stops };
}

const names = async (tripId: string) => (await stopRows(db(), tripId)).map((row) => row.name);
const liveDoc = async (tripId: string) => (await t.server.deps.tripDocs.open(tripId))!.doc;
const blobExists = async (key: string) => (await t.server.deps.blobStore.get(key)) !== null;

describe('POST /trips/stops', () => {
  it('lets an editor add a stop at the end, returns it with its order, and records the activity', async () => {
    const { editor, trip } = await tripWithRoles();
    const response = await t.api.post(
      '/trips/stops',
      { tripId: trip.id, name: 'Half Moon Bay', address: 'Half Moon Bay, CA', latitude: '37.46', longitude: -122.43, notes: 'Pumpkins' },
      { as: editor },
    );
    expect(response.status).toBe(201);
    const stop = ZTripStop.strict().parse(response.body);
    expect(stop).toMatchObject({
      tripId: trip.id,
      name: 'Half Moon Bay',
      address: 'Half Moon Bay, CA',
      notes: 'Pumpkins',
      latitude: 37.46,
      longitude: -122.43,
      stopOrder: 1,
      visited: false,
      visitedAt: null,
      plannedArrivalDate: null,
      autoScheduled: false,
      journalEntries: [],
      photos: [],
    });
    expect(await stopRows(db(), trip.id)).toEqual([
      expect.objectContaining({ name: 'San Francisco', stop_order: 0 }),
      { id: stop.id, name: 'Half Moon Bay', stop_order: 1 },
    ]);
    const activity = await db().query(`SELECT user_id, activity_type, activity_data FROM activities WHERE trip_id = $1`, [trip.id]);
    expect(activity).toEqual([{ user_id: editor.id, activity_type: 'stop_added', activity_data: { stopName: 'Half Moon Bay', stopId: expect.any(String) } }]);
    // Owner-only keys stay absent from a stop an editor added (docs/architecture.md#a-trip-changes-through-two-doors).
    const map = (await liveDoc(trip.id)).getMap('stops').get(stop.id) as { has: (key: string) => boolean };
    expect(map.has('visited')).toBe(false);
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: editor });
    // The same stop, but for its leg: the server derives that after the add, so it may have arrived in between.
    const { driveLeg, estimatedDriveMinutes } = details.body.stops[1];
    expect(details.body.stops[1]).toEqual({ ...stop, driveLeg, estimatedDriveMinutes });
  });

  it('takes a name alone: no coordinates means 0, blank text means none', async () => {
    const { owner, trip } = await tripWithRoles();
    const response = await t.api.post('/trips/stops', { tripId: trip.id, name: ' Somewhere ', address: '  ', latitude: null }, { as: owner });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Somewhere', address: null, notes: null, latitude: 0, longitude: 0 });
  });

  it.each([
    [{ name: '' }, messages.stops.nameRequired],
    [{ name: '   ' }, messages.stops.nameRequired],
    [{}, messages.stops.nameRequired],
    [{ name: 'x'.repeat(201) }, messages.stops.nameTooLong],
    [{ name: 'Ok', latitude: 91 }, messages.validation.invalidLatitude],
    [{ name: 'Ok', longitude: 'west' }, messages.validation.invalidLongitude],
    [{ name: 'Ok', visited: true }, 'Unrecognized extra properties: visited'],
    [{ name: 'Ok', userId: 1, role: 'owner' }, 'Unrecognized extra properties: userId, role'],
  ])('refuses %j and adds nothing', async (fields, error) => {
    const { owner, trip } = await tripWithRoles();
    expect(await t.api.post('/trips/stops', { tripId: trip.id, ...fields }, { as: owner })).toMatchObject({ status: 400, body: { error } });
    expect(await names(trip.id)).toEqual(['San Francisco']);
  });

  it('refuses viewers (403), strangers (404, also on a public trip: 403) and anonymous callers (401)', async () => {
    const { owner, viewer, stranger, trip } = await tripWithRoles();
    const add = (as?: typeof owner) => t.api.post('/trips/stops', { tripId: trip.id, name: 'Nope' }, { as });
    expect((await add(viewer)).status).toBe(403);
    expect(await add(stranger)).toMatchObject({ status: 404, body: { error: messages.trips.notFound } });
    expect((await add()).status).toBe(401);
    await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
    expect((await add(stranger)).status).toBe(403);
    expect(await names(trip.id)).toEqual(['San Francisco']);
  });

  it('refuses a stop past the limit the live door keeps (409), by adding or by approving a suggestion, and adds nothing', async () => {
    const { owner, viewer, trip } = await tripWithRoles();
    const max = COLLAB_LIMITS.maxStopsPerTrip;
    await t.server.deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() => {
        for (let n = 1; n < max; n++) addStop(doc, randomUUID(), { name: `Stop ${n}` });
      }),
    );
    const full = { status: 409, body: { error: messages.stops.tripFull(max) } };
    expect(await t.api.post('/trips/stops', { tripId: trip.id, name: 'One too many' }, { as: owner })).toMatchObject(full);
    const suggested = await t.api.post('/trips/suggestions/create', { tripId: trip.id, name: 'Lighthouse' }, { as: viewer });
    const review = { tripId: trip.id, suggestionId: suggested.body.id, status: 'approved' };
    expect(await t.api.post('/trips/suggestions/review', review, { as: owner })).toMatchObject(full);
    expect((await stopRows(db(), trip.id)).length).toBe(max);
    const suggestions = await t.api.post('/trips/suggestions', { tripId: trip.id }, { as: owner });
    expect(suggestions.body).toEqual([expect.objectContaining({ name: 'Lighthouse', status: 'pending' })]);
    await t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: (await stopRows(db(), trip.id))[1].id }, { as: owner });
    expect((await t.api.post('/trips/suggestions/review', review, { as: owner })).status).toBe(200);
  }, 60_000);
});

describe('POST /trips/stops/reorder', () => {
  it('moves a stop to newOrder and renumbers every stop from 0', async () => {
    const { editor, trip, stops } = await tripWithRoles(['B', 'C', 'D']);
    const response = await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: stops[3].id, newOrder: 0 }, { as: editor });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      stops: [
        { id: stops[3].id, name: 'D', stopOrder: 0 },
        { id: stops[0].id, name: 'San Francisco', stopOrder: 1 },
        { id: stops[1].id, name: 'B', stopOrder: 2 },
        { id: stops[2].id, name: 'C', stopOrder: 3 },
      ],
    });
    expect((await stopRows(db(), trip.id)).map((row) => [row.name, row.stop_order])).toEqual([
      ['D', 0],
      ['San Francisco', 1],
      ['B', 2],
      ['C', 3],
    ]);
  });

  it('puts a stop last when newOrder is past the end, and leaves a stop already in place untouched', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B', 'C']);
    const moved = await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: stops[0].id, newOrder: 99 }, { as: owner });
    expect(moved.body.stops.map((stop: { name: string }) => stop.name)).toEqual(['B', 'C', 'San Francisco']);
    const logRows = async () => (await db().query(`SELECT count(*)::int AS n FROM trip_doc_updates WHERE trip_id = $1`, [trip.id]))[0].n;
    const before = await logRows();
    const same = await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: stops[1].id, newOrder: 0 }, { as: owner });
    expect(same.body.stops.map((stop: { name: string }) => stop.name)).toEqual(['B', 'C', 'San Francisco']);
    expect(await logRows()).toBe(before);
  });

  it.each([
    [{ newOrder: -1 }, messages.stops.invalidNewOrder],
    [{ newOrder: 1.5 }, messages.stops.invalidNewOrder],
    [{ newOrder: '1' }, messages.stops.invalidNewOrder],
    [{ newOrder: 1, stopId: 'nope' }, messages.stops.invalidId],
    [{ newOrder: 1, pos: 'a0' }, 'Unrecognized extra properties: pos'],
  ])('refuses %j', async (fields, error) => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    const body = { tripId: trip.id, stopId: stops[1].id, ...fields };
    expect(await t.api.post('/trips/stops/reorder', body, { as: owner })).toMatchObject({ status: 400, body: { error } });
    expect(await names(trip.id)).toEqual(['San Francisco', 'B']);
  });

  it('answers 404 for an unknown stop, 403 to viewers, 404 to strangers', async () => {
    const { viewer, stranger, owner, trip, stops } = await tripWithRoles(['B']);
    const move = (as: typeof owner, stopId = stops[1].id) => t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId, newOrder: 0 }, { as });
    expect(await move(owner, randomUUID())).toMatchObject({ status: 404, body: { error: messages.stops.notFound } });
    expect((await move(viewer)).status).toBe(403);
    expect((await move(stranger)).status).toBe(404);
    expect(await names(trip.id)).toEqual(['San Francisco', 'B']);
  });
});

describe('POST /trips/stops/delete', () => {
  it('deletes the stop with its journal entries and their photos, files included', async () => {
    const { owner, editor, trip, stops } = await tripWithRoles(['B', 'C']);
    const entry = await addJournalEntry(t.server.deps, {
      trip,
      stopId: stops[1].id,
      authorId: owner.id,
      content: 'Gone soon',
      entryDate: new Date(),
      photos: 2,
    });
    const kept = await addJournalEntry(t.server.deps, { trip, stopId: stops[2].id, authorId: owner.id, content: 'Stays', entryDate: new Date(), photos: 1 });
    expect(await blobExists(entry.storageKeys[0])).toBe(true);

    const response = await t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: stops[1].id }, { as: editor });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect(await names(trip.id)).toEqual(['San Francisco', 'C']);
    expect((await stopRows(db(), trip.id)).map((row) => row.stop_order)).toEqual([0, 1]);
    expect(findStop(await liveDoc(trip.id), stops[1].id)).toBeNull();
    expect(await db().query(`SELECT id FROM journal_entries WHERE trip_id = $1`, [trip.id])).toEqual([{ id: kept.id }]);
    expect(await db().getRepository(PhotoEntity).countBy({ tripId: trip.id })).toBe(1);
    for (const key of entry.storageKeys) expect(await blobExists(key)).toBe(false);
    expect(await blobExists(kept.storageKeys[0])).toBe(true);
  });

  it('deletes the stored legacy photos only this stop listed', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B', 'C']);
    const [one, two] = [await pngDataUrl(), await pngDataUrl(50, 50)];
    const b = await t.api.post('/trips/stops/update-content', { tripId: trip.id, stopId: stops[1].id, journalContent: 'b', photos: [one, two] }, { as: owner });
    const [onlyB, shared] = b.body.photos as string[];
    await t.api.post('/trips/stops/update-content', { tripId: trip.id, stopId: stops[2].id, journalContent: 'c', photos: [shared] }, { as: owner });
    const keyOf = async (url: string) => (await db().getRepository(PhotoEntity).findOneByOrFail({ id: url.split('/').pop()! })).storageKey;
    const [onlyBKey, sharedKey] = [await keyOf(onlyB), await keyOf(shared)];

    expect((await t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: stops[1].id }, { as: owner })).status).toBe(200);
    expect(await blobExists(onlyBKey)).toBe(false);
    expect(await db().getRepository(PhotoEntity).countBy({ id: onlyB.split('/').pop()! })).toBe(0);
    expect(await blobExists(sharedKey)).toBe(true);
    expect((await t.api.get(shared.replace('/_api', ''), { as: owner })).status).toBe(200);
  });

  it.each([
    [{ stopId: undefined }, messages.stops.idRequired],
    [{ stopId: '' }, messages.stops.idRequired],
    [{ tripId: undefined }, messages.validation.tripIdRequired],
    [{ tripId: 'x' }, messages.validation.tripIdRequired],
    [{ userId: 5 }, 'Unrecognized extra properties: userId'],
  ])('refuses %j', async (fields, error) => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    const response = await t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: stops[1].id, ...fields }, { as: owner });
    expect(response).toMatchObject({ status: 400, body: { error } });
    expect(await names(trip.id)).toEqual(['San Francisco', 'B']);
  });

  it('answers 404 for an unknown stop or one of another trip, 403 to viewers, 404 to strangers, 401 anonymous', async () => {
    const { owner, viewer, stranger, trip, stops } = await tripWithRoles(['B']);
    const other = await tripWithRoles(['Elsewhere']);
    const remove = (as: typeof owner | undefined, stopId = stops[1].id) => t.api.post('/trips/stops/delete', { tripId: trip.id, stopId }, { as });
    expect(await remove(owner, randomUUID())).toMatchObject({ status: 404, body: { error: messages.stops.notFound } });
    expect((await remove(owner, other.stops[1].id)).status).toBe(404);
    expect((await remove(viewer)).status).toBe(403);
    expect((await remove(stranger)).status).toBe(404);
    expect((await remove(undefined)).status).toBe(401);
    expect(await names(trip.id)).toEqual(['San Francisco', 'B']);
    expect(await names(other.trip.id)).toEqual(['San Francisco', 'Elsewhere']);
  });
});

describe('POST /trips/stops/toggle-visited', () => {
  it('lets the owner mark a stop visited (visitedAt now) and unvisited (cleared)', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    const before = Date.now();
    const on = await t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: stops[1].id }, { as: owner });
    expect(on.status).toBe(200);
    expect(Object.keys(on.body).sort()).toEqual(['visited', 'visitedAt']);
    expect(on.body.visited).toBe(true);
    expect(Date.parse(on.body.visitedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(on.body.visitedAt)).toBeLessThanOrEqual(Date.now());
    const [row] = await db().query(`SELECT visited, visited_at FROM stops WHERE id = $1`, [stops[1].id]);
    expect(row).toEqual({ visited: true, visited_at: new Date(on.body.visitedAt) });
    expect(orderedStops(await liveDoc(trip.id))[1]).toMatchObject({ visited: true, visitedAt: on.body.visitedAt });

    const off = await t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: stops[1].id }, { as: owner });
    expect(off.body).toEqual({ visited: false, visitedAt: null });
    expect((await db().query(`SELECT visited, visited_at FROM stops WHERE id = $1`, [stops[1].id]))[0]).toEqual({ visited: false, visited_at: null });
  });

  it('is the owner\'s alone', async () => {
    const { editor, viewer, stranger, trip, stops } = await tripWithRoles(['B']);
    const toggle = (as?: typeof editor) => t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: stops[1].id }, { as });
    expect((await toggle(editor)).status).toBe(403);
    expect((await toggle(viewer)).status).toBe(403);
    expect((await toggle(stranger)).status).toBe(404);
    expect((await toggle()).status).toBe(401);
    expect((await db().query(`SELECT visited FROM stops WHERE id = $1`, [stops[1].id]))[0].visited).toBe(false);
  });

  it('refuses extra fields and unknown stops', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    expect(
      await t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: stops[1].id, visited: true }, { as: owner }),
    ).toMatchObject({ status: 400, body: { error: 'Unrecognized extra properties: visited' } });
    expect((await t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: randomUUID() }, { as: owner })).status).toBe(404);
  });
});

describe('POST /trips/stops/update-content', () => {
  it('stores new photos, keeps listed ones and https addresses, and shows the content as the legacy entry', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    const response = await t.api.post(
      '/trips/stops/update-content',
      { tripId: trip.id, stopId: stops[1].id, journalContent: 'What a view', photos: [await pngDataUrl(), 'https://images.example.com/b.jpg'] },
      { as: owner },
    );
    expect(response.status).toBe(200);
    const stop = ZTripStop.strict().parse(response.body);
    expect(stop.journalContent).toBe('What a view');
    expect(stop.photos).toEqual([expect.stringMatching(/^\/_api\/photos\/[0-9a-f-]{36}$/), 'https://images.example.com/b.jpg']);
    expect(stop.journalEntries).toEqual([
      { id: `legacy-${stops[1].id}`, stopId: stops[1].id, content: 'What a view', photos: stop.photos, entryDate: stop.createdAt, createdAt: stop.createdAt },
    ]);
    const photo = await t.api.get(stop.photos[0].replace('/_api', ''), { as: owner });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    // Sending the list back without the stored photo deletes it, file included.
    const photoRow = await db().getRepository(PhotoEntity).findOneByOrFail({ id: stop.photos[0].split('/').pop()! });
    const cleared = await t.api.post('/trips/stops/update-content', { tripId: trip.id, stopId: stops[1].id, journalContent: '', photos: [] }, { as: owner });
    expect(cleared.body).toMatchObject({ journalContent: null, photos: [], journalEntries: [] });
    expect(await db().getRepository(PhotoEntity).countBy({ id: photoRow.id })).toBe(0);
    expect(await blobExists(photoRow.storageKey)).toBe(false);
  });

  it('refuses a photo of another trip, and bad URLs', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    const other = await tripWithRoles(['X']);
    const foreign = await addJournalEntry(t.server.deps, { trip: other.trip, stopId: other.stops[1].id, authorId: other.owner.id, content: null, entryDate: new Date(), photos: 1 });
    for (const [photos, error] of [
      [[foreign.photoUrls[0]], messages.journal.photoNotInTrip],
      [['javascript:alert(1)'], messages.journal.invalidPhotos],
      [['http://plain.example.com/a.jpg'], messages.journal.invalidPhotos],
      [['not a url'], messages.journal.invalidPhotos],
      ['https://example.com/a.jpg', messages.journal.invalidPhotos],
    ] as const) {
      const response = await t.api.post('/trips/stops/update-content', { tripId: trip.id, stopId: stops[1].id, journalContent: 'x', photos }, { as: owner });
      expect(response).toMatchObject({ status: 400, body: { error } });
    }
    const [row] = await db().query(`SELECT journal_content, photos FROM stops WHERE id = $1`, [stops[1].id]);
    expect(row).toEqual({ journal_content: null, photos: null });
  });

  it('is the owner\'s alone, and refuses extra fields', async () => {
    const { owner, editor, viewer, stranger, trip, stops } = await tripWithRoles(['B']);
    const body = { tripId: trip.id, stopId: stops[1].id, journalContent: 'Mine', photos: [] };
    expect((await t.api.post('/trips/stops/update-content', body, { as: editor })).status).toBe(403);
    expect((await t.api.post('/trips/stops/update-content', body, { as: viewer })).status).toBe(403);
    expect((await t.api.post('/trips/stops/update-content', body, { as: stranger })).status).toBe(404);
    expect((await t.api.post('/trips/stops/update-content', body)).status).toBe(401);
    expect(await t.api.post('/trips/stops/update-content', { ...body, name: 'Renamed' }, { as: owner })).toMatchObject({
      status: 400,
      body: { error: 'Unrecognized extra properties: name' },
    });
    expect((await db().query(`SELECT journal_content FROM stops WHERE id = $1`, [stops[1].id]))[0].journal_content).toBeNull();
  });

  it('reads a large photo body only from a signed-in user', async () => {
    const { owner, trip, stops } = await tripWithRoles(['B']);
    // 2 MB of base64 that is no image: the body limit is passed, the image check refuses it.
    const body = { tripId: trip.id, stopId: stops[1].id, journalContent: null, photos: [`data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}`] };
    expect(await t.api.post('/trips/stops/update-content', body)).toMatchObject({ status: 413, body: { error: messages.common.payloadTooLarge } });
    expect(await t.api.post('/trips/stops/update-content', body, { as: owner })).toMatchObject({ status: 400, body: { error: messages.photos.unsupportedType } });
    expect((await t.api.post('/trips/stops/update-content', { ...body, photos: [] })).status).toBe(401);
  });
});
