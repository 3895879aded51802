import { describe, expect, it } from 'vitest';
import { TRIP_PREVIEW_MAX_POINTS, ZTripPreviewsResponse } from '@caravan/shared';
import { InvitationEntity } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { previewRoute, thinOut } from './tripPreviews.ts';

const t = useTestServer();

describe('a My Trips card preview route', () => {
  it('keeps located stops in order, rounded to 2 decimals, leaving out stops without a position', () => {
    const route = previewRoute([
      { latitude: 37.7749, longitude: -122.4194 },
      { latitude: 0, longitude: 0 },
      { latitude: 34.0522, longitude: -118.2437 },
    ]);
    expect(route).toEqual([
      [-122.42, 37.77],
      [-118.24, 34.05],
    ]);
  });

  it('is thinned to the cap, keeping the first and last stop', () => {
    const many = Array.from({ length: 200 }, (_, index) => ({ latitude: 30 + index / 10, longitude: -120 + index / 10 }));
    const route = previewRoute(many);
    expect(route).toHaveLength(TRIP_PREVIEW_MAX_POINTS);
    expect(route[0]).toEqual([-120, 30]);
    expect(route.at(-1)).toEqual([-100.1, 49.9]);
    expect(thinOut([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });
});

describe('GET /trips/previews', () => {
  it("gives each of the user's trips its route, and who shared the trips the user does not own", async () => {
    const dataSource = t.server.deps.dataSource;
    const me = await buildUser(dataSource);
    const owner = await buildUser(dataSource, { displayName: 'Olive Owner' });
    const inviter = await buildUser(dataSource, { displayName: 'Ivan Inviter' });
    const mine = await buildTrip(dataSource, me, { title: 'Mine' });
    const added = await buildTrip(dataSource, owner, { title: 'Added' });
    const invited = await buildTrip(dataSource, owner, { title: 'Invited' });
    await addMember(dataSource, added, me, 'viewer');
    await addMember(dataSource, invited, inviter, 'editor');
    await addMember(dataSource, invited, me, 'editor');
    await dataSource.getRepository(InvitationEntity).insert({
      tripId: invited.id,
      invitedEmail: me.email,
      role: 'editor',
      token: `token-${invited.id}`,
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt: new Date(),
      acceptedBy: me.id,
    });
    const stop = { tripId: mine.id, name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 };
    expect((await t.api.post('/trips/stops', stop, { as: me })).status).toBe(201);
    expect((await t.api.post('/trips/stops', { tripId: mine.id, name: 'Somewhere', latitude: 0, longitude: 0 }, { as: me })).status).toBe(201);

    const response = await t.api.get('/trips/previews', { as: me });
    expect(response.status).toBe(200);
    const previews = new Map(ZTripPreviewsResponse.parse(response.body).map((preview) => [preview.id, preview]));
    expect(previews.size).toBe(3);
    expect(previews.get(mine.id)).toEqual({ id: mine.id, sharedBy: null, route: [[-122.42, 37.77], [-118.24, 34.05]], dates: null });
    expect(previews.get(added.id)?.sharedBy).toBe('Olive Owner');
    expect(previews.get(invited.id)?.sharedBy).toBe('Ivan Inviter');
  });

  it("gives a trip's dates from its earliest to its latest planned arrival, leaving cleared dates out", async () => {
    const dataSource = t.server.deps.dataSource;
    const me = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, me, { title: 'Coast' });
    const add = async (name: string) =>
      (await t.api.post<{ id: string }>('/trips/stops', { tripId: trip.id, name, latitude: 40, longitude: -124 }, { as: me })).body.id;
    const plan = (stopId: string, plannedArrivalDate: string) =>
      t.api.post('/trips/stops/update-planned-date', { tripId: trip.id, stopId, plannedArrivalDate, autoScheduled: false }, { as: me });
    const [eureka, bandon, astoria] = [await add('Eureka'), await add('Bandon'), await add('Astoria')];
    const datesOf = async () =>
      ZTripPreviewsResponse.parse((await t.api.get('/trips/previews', { as: me })).body).find((preview) => preview.id === trip.id)?.dates;
    expect(await datesOf()).toBeNull();
    expect((await plan(bandon, '2031-06-14')).status).toBe(200);
    expect((await plan(eureka, '2031-06-12')).status).toBe(200);
    expect((await plan(astoria, '1970-01-01')).status).toBe(200);
    await expect.poll(datesOf).toEqual({ first: '2031-06-12', last: '2031-06-14' });
  });

  it("gives a trip dated by its start date alone its schedule's last day while it may be under way", async () => {
    const dataSource = t.server.deps.dataSource;
    const me = await buildUser(dataSource);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    /** A trip from `startDate` with three more stops, each after a night: four days. */
    const fourDays = async (title: string, startDate: string) => {
      const trip = await buildTrip(dataSource, me, { title });
      for (const [name, latitude] of [['Eureka', 40.8], ['Bandon', 43.1], ['Astoria', 46.2]] as const) {
        const stop = await t.api.post<{ id: string }>('/trips/stops', { tripId: trip.id, name, latitude, longitude: -124 }, { as: me });
        expect(stop.status).toBe(201);
        expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId: stop.body.id, overnight: true }, { as: me })).status).toBe(200);
      }
      expect((await t.api.post('/trips/road-settings', { tripId: trip.id, startDate }, { as: me })).status).toBe(200);
      return trip.id;
    };
    const underWay = await fourDays('Under way', day(-1));
    const long = await fourDays('Long ago', day(-90));
    const previews = ZTripPreviewsResponse.parse((await t.api.get('/trips/previews', { as: me })).body);
    const datesOf = (id: string) => previews.find((preview) => preview.id === id)?.dates;
    // Day 1 yesterday, a night at each of three stops: the last day is two days from today (in the trip's zone).
    expect(datesOf(underWay)?.first).toBe(day(-1));
    expect(datesOf(underWay)!.last >= day(1)).toBe(true);
    // Started 90 days ago: over, whatever its schedule; its dates are the stored ones, not asked of the schedule.
    expect(datesOf(long)).toEqual({ first: day(-90), last: day(-90) });
  });

  it('needs a session', async () => {
    expect((await t.api.get('/trips/previews')).status).toBe(401);
  });
});
