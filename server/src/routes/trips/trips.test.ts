import { describe, expect, it } from 'vitest';
import { messages, moneyMessages } from '@caravan/shared';
import { PhotoEntity, StopEntity, TripEntity, TripMemberEntity } from '@caravan/engine';
import { addJournalEntry, pngDataUrl, stopRows } from '../../test/tripDetailFixtures.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { addMember, buildTrip, buildUser } from '../../test/factories.ts';

const t = useTestServer();

const validTrip = {
  title: 'Route 66',
  description: 'Chicago to Santa Monica',
  startLocationName: 'Chicago',
  startLocationAddress: 'Chicago, IL, United States',
  startLocationLatitude: 41.8781,
  startLocationLongitude: -87.6298,
};

describe('POST /trips', () => {
  it('creates the trip, the owner membership and the starting stop', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/trips', validTrip, { as: owner });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ title: 'Route 66', description: 'Chicago to Santa Monica', stopCount: 1, role: 'owner' });
    const tripId = response.body.id;
    const stops = await t.server.deps.dataSource.getRepository(StopEntity).findBy({ tripId });
    expect(stops).toMatchObject([{ name: 'Chicago', address: 'Chicago, IL, United States', latitude: 41.8781, stopOrder: 0 }]);
    const members = await t.server.deps.dataSource.getRepository(TripMemberEntity).findBy({ tripId });
    expect(members).toMatchObject([{ userId: owner.id, role: 'owner' }]);
  });

  it('accepts coordinates as strings and a missing description', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const { description: _omitted, ...withoutDescription } = validTrip;
    const response = await t.api.post(
      '/trips',
      { ...withoutDescription, startLocationLatitude: '41.5', startLocationLongitude: '-87.5' },
      { as: owner },
    );
    expect(response.status).toBe(201);
    expect(response.body.description).toBeNull();
  });

  it('starts the trip in the home currency the request names, EUR when it names none', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const homeOf = async (body: object) => {
      const created = await t.api.post('/trips', body, { as: owner });
      expect(created.status).toBe(201);
      return (await t.api.post('/trips/costs', { tripId: created.body.id }, { as: owner })).body.homeCurrency;
    };
    expect(await homeOf({ ...validTrip, homeCurrency: 'USD' })).toBe('USD');
    expect(await homeOf(validTrip)).toBe('EUR');
  });

  it.each([
    [{ ...validTrip, homeCurrency: 'XYZ' }, moneyMessages.invalidCurrency],
    [{ ...validTrip, title: '' }, messages.validation.titleRequired],
    [{ ...validTrip, title: undefined }, messages.validation.titleRequired],
    [{ ...validTrip, startLocationName: ' ' }, messages.validation.startLocationNameRequired],
    [{ ...validTrip, startLocationLatitude: 91 }, messages.validation.invalidLatitude],
    [{ ...validTrip, startLocationLongitude: 'west' }, messages.validation.invalidLongitude],
    [{ ...validTrip, userId: 1 }, 'Unrecognized extra properties: userId'],
  ])('refuses %j with its message and creates nothing', async (body, message) => {
    const owner = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/trips', body, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await t.server.deps.dataSource.getRepository(TripEntity).countBy({ ownerId: owner.id })).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.api.post('/trips', validTrip)).status).toBe(401);
  });
});

describe('GET /trips', () => {
  it('lists trips the user owns or is a member of, newest first, with stop counts', async () => {
    const dataSource = t.server.deps.dataSource;
    const me = await buildUser(dataSource);
    const friend = await buildUser(dataSource);
    const older = await buildTrip(dataSource, me, { title: 'Older' });
    const shared = await buildTrip(dataSource, friend, { title: 'Shared with me' });
    await addMember(dataSource, shared, me, 'editor');
    await buildTrip(dataSource, friend, { title: 'Not mine' });
    await dataSource.getRepository(TripEntity).update({ id: older.id }, { createdAt: new Date('2020-01-01') });

    const response = await t.api.get('/trips', { as: me });
    expect(response.status).toBe(200);
    expect(response.body.map((trip: { title: string }) => trip.title)).toEqual(['Shared with me', 'Older']);
    expect(response.body[0]).toMatchObject({ stopCount: 1, role: 'editor' });
    expect(Object.keys(response.body[0]).sort()).toEqual(['createdAt', 'description', 'id', 'role', 'stopCount', 'title']);
  });

  it('needs a session', async () => {
    expect((await t.api.get('/trips')).status).toBe(401);
  });
});

describe('POST /trips/delete', () => {
  it('lets the owner delete the trip with everything in it', async () => {
    const dataSource = t.server.deps.dataSource;
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const response = await t.api.post('/trips/delete', { tripId: trip.id }, { as: owner });
    expect(response.status).toBe(200);
    expect(await dataSource.getRepository(TripEntity).countBy({ id: trip.id })).toBe(0);
    expect(await dataSource.getRepository(StopEntity).countBy({ tripId: trip.id })).toBe(0);
    expect(await dataSource.getRepository(TripMemberEntity).countBy({ tripId: trip.id })).toBe(0);
  });

  it('deletes the trip\'s stored photos, files included, and leaves other trips\' photos alone', async () => {
    const deps = t.server.deps;
    const owner = await buildUser(deps.dataSource);
    const [trip, other] = [await buildTrip(deps.dataSource, owner), await buildTrip(deps.dataSource, owner)];
    const entryOf = async (ofTrip: typeof trip) => {
      const [stop] = await stopRows(deps.dataSource, ofTrip.id);
      return addJournalEntry(deps, { trip: ofTrip, stopId: stop.id, authorId: owner.id, content: 'Sunset', entryDate: new Date(), photos: 2 });
    };
    const [gone, kept] = [await entryOf(trip), await entryOf(other)];
    expect((await t.api.post('/trips/hero-image', { tripId: trip.id, heroImage: await pngDataUrl() }, { as: owner })).status).toBe(200);
    const stored = (await deps.dataSource.getRepository(PhotoEntity).findBy({ tripId: trip.id })).map((photo) => photo.storageKey);
    expect(stored).toHaveLength(3);

    expect((await t.api.post('/trips/delete', { tripId: trip.id }, { as: owner })).status).toBe(200);
    for (const key of [...stored, ...gone.storageKeys]) expect(await deps.blobStore.get(key)).toBeNull();
    for (const key of kept.storageKeys) expect(await deps.blobStore.get(key)).not.toBeNull();
    expect(await deps.dataSource.getRepository(PhotoEntity).countBy({ tripId: other.id })).toBe(2);
  });

  it('refuses members who are not the owner, and hides the trip from strangers', async () => {
    const dataSource = t.server.deps.dataSource;
    const owner = await buildUser(dataSource);
    const editor = await buildUser(dataSource);
    const stranger = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    await addMember(dataSource, trip, editor, 'editor');
    expect((await t.api.post('/trips/delete', { tripId: trip.id }, { as: editor })).status).toBe(403);
    const hidden = await t.api.post('/trips/delete', { tripId: trip.id }, { as: stranger });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe(messages.trips.notFound);
    expect((await t.api.post('/trips/delete', { tripId: trip.id })).status).toBe(401);
    expect(await dataSource.getRepository(TripEntity).countBy({ id: trip.id })).toBe(1);
  });

  it('validates the trip id', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    for (const body of [{}, { tripId: '' }, { tripId: 'not-a-uuid' }]) {
      const response = await t.api.post('/trips/delete', body, { as: owner });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.validation.tripIdRequired);
    }
  });
});

describe('POST /search/locations', () => {
  it('finds places from the offline gazetteer', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.post('/search/locations', { query: 'San Francisco' }, { as: user });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.length).toBeLessThanOrEqual(10);
    expect(response.body[0]).toMatchObject({ name: 'San Francisco' });
    expect(response.body[0].latitude).toBeCloseTo(37.77, 1);
  });

  it('refuses an empty query and anonymous callers', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const empty = await t.api.post('/search/locations', { query: '' }, { as: user });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(messages.validation.searchQueryEmpty);
    expect((await t.api.post('/search/locations', { query: 'Paris' })).status).toBe(401);
  });
});
