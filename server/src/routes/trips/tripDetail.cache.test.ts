/**
 * /trips/details keeps the presented stops between requests and revalidates them against the trip
 * document's version on every read: every write, through any door and any process, is seen by the next
 * read; rows changed behind the document's back are not (the invariant the cache rests on).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, ZTripDetail } from '@caravan/shared';
import { createDataSource, createLogger, PEER_ORIGIN, TripDocHub } from '@caravan/engine';
import { TripStopsCache } from '../../lib/tripStopsCache.ts';
import { tripDetailResponse } from '../../queries/tripDetailQuery.ts';
import { buildTrip, buildUser } from '../../test/factories.ts';
import { addStops, pngDataUrl } from '../../test/tripDetailFixtures.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

async function ownTrip() {
  const owner = await buildUser(db());
  const trip = await buildTrip(db(), owner);
  const stops = await addStops(t.server.deps, trip, owner, ['Monterey', 'Big Sur', 'Cambria']);
  // The leg keeper writes the new stops' legs a moment later, projecting every stop row again from the
  // document: done now, so it cannot undo a test's change behind the document's back on a slow machine.
  await t.server.deps.legs.settle();
  return { owner, trip, stops };
}

describe('the presented stops cache', () => {
  it('serves the stops it kept while the document has not moved, and drops them when it does', async () => {
    const { owner, trip, stops } = await ownTrip();
    const names = async () =>
      ZTripDetail.parse((await t.api.post('/trips/details', { tripId: trip.id }, { as: owner })).body).stops.map((stop) => stop.name);
    expect(await names()).toEqual(['San Francisco', 'Monterey', 'Big Sur', 'Cambria']);

    // Behind the document's back: no code of the product writes a projection row like this.
    await db().query(`UPDATE stops SET name = 'Carmel' WHERE id = $1`, [stops[1].id]);
    expect(await names()).toEqual(['San Francisco', 'Monterey', 'Big Sur', 'Cambria']);

    const moved = await t.api.post('/trips/route-mode', { tripId: trip.id, routeMode: false }, { as: owner });
    expect(moved.status).toBe(200);
    expect(await names()).toEqual(['San Francisco', 'Carmel', 'Big Sur', 'Cambria']);
  });

  it('answers what a fresh read answers after every kind of write, from this process or another', async () => {
    const { owner, trip, stops } = await ownTrip();
    const png = await pngDataUrl();
    const other = await createDataSource((db().options as { url: string }).url, 2).initialize();
    const collabProcess = new TripDocHub(other, createLogger('silent'));
    let entryId = '';
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['add a stop', () => t.api.post('/trips/stops', { tripId: trip.id, name: 'Hearst Castle', latitude: 35.7, longitude: -121.2 }, { as: owner })],
      ['reorder', () => t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: stops[3].id, newOrder: 1 }, { as: owner })],
      ['toggle visited', () => t.api.post('/trips/stops/toggle-visited', { tripId: trip.id, stopId: stops[1].id }, { as: owner })],
      ['planned date', () => t.api.post('/trips/stops/update-planned-date', { tripId: trip.id, stopId: stops[2].id, plannedArrivalDate: '2026-07-01', autoScheduled: false }, { as: owner })],
      ['auto-schedule', () => t.api.post('/trips/stops/auto-schedule', { tripId: trip.id, startDate: '2026-08-01', defaultStayDurationDays: 2 }, { as: owner })],
      ['travel time', () => t.api.post('/trips/stops/calculate-travel-time', { tripId: trip.id, fromStopId: stops[1].id, toStopId: stops[2].id }, { as: owner })],
      ['legacy content', () => t.api.post('/trips/stops/update-content', { tripId: trip.id, stopId: stops[2].id, journalContent: 'Fog', photos: [png] }, { as: owner })],
      [
        'journal create',
        async () => {
          const created = await t.api.post('/trips/stops/journal/create', { tripId: trip.id, stopId: stops[1].id, content: 'Otters', photos: [png], entryDate: '2026-07-02' }, { as: owner });
          entryId = created.body.id;
        },
      ],
      ['journal update', () => t.api.post('/trips/stops/journal/update', { tripId: trip.id, entryId, content: 'Sea otters', photos: [], entryDate: '2026-07-03' }, { as: owner })],
      ['journal delete', () => t.api.post('/trips/stops/journal/delete', { tripId: trip.id, entryId }, { as: owner })],
      [
        'an edit persisted by another process (the collab door)',
        () =>
          collabProcess.write(trip.id, PEER_ORIGIN, ({ doc, transact }) =>
            transact(() => addStop(doc, randomUUID(), { name: 'Morro Rock', latitude: 35.37, longitude: -120.87 })),
          ),
      ],
      ['delete a stop', () => t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: stops[2].id }, { as: owner })],
    ];
    try {
      for (const [write, run] of writes) {
        await t.api.post('/trips/details', { tripId: trip.id }, { as: owner });
        await run();
        const served = await t.api.post('/trips/details', { tripId: trip.id }, { as: owner });
        const fresh = JSON.parse((await tripDetailResponse(db(), new TripStopsCache(), trip.id, owner.id)).body.toString());
        expect(served.body, write).toEqual(fresh);
      }
    } finally {
      await collabProcess.drain();
      await other.destroy();
    }
  });

  it('keeps within its byte bound over many trips, every answer right', async () => {
    const owner = await buildUser(db());
    const trips = [];
    for (let index = 0; index < 12; index += 1) {
      const trip = await buildTrip(db(), owner, { title: `Loop ${index}` });
      await addStops(t.server.deps, trip, owner, [`Stop ${index}`]);
      trips.push(trip);
    }
    await t.server.deps.legs.settle();
    const one = (await tripDetailResponse(db(), new TripStopsCache(), trips[0].id, owner.id)).body.length;
    // Room for about three trips' stops and answers.
    const bound = one * 6;
    const cache = new TripStopsCache(bound);
    for (const trip of [...trips, ...trips]) {
      const served = await tripDetailResponse(db(), cache, trip.id, owner.id);
      expect(served.body.toString()).toBe((await tripDetailResponse(db(), new TripStopsCache(), trip.id, owner.id)).body.toString());
      expect(cache.size).toBeLessThanOrEqual(bound);
      // Compressed forms made later are counted too.
      const before = cache.size;
      const gzipped = served.encoded('gzip').length;
      expect(cache.size === before + gzipped || cache.size < before).toBe(true);
      served.encoded('br');
      expect(cache.size).toBeLessThanOrEqual(bound);
    }
    // Still a cache: the newest trip's answer is the one kept, not made again.
    const newest = trips.at(-1)!.id;
    expect(await tripDetailResponse(db(), cache, newest, owner.id)).toBe(await tripDetailResponse(db(), cache, newest, owner.id));
  });
});
