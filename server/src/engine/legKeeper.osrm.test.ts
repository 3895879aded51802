/** Legs from OSRM (a local stand-in speaking its protocol): road lines at once, an order that changes meanwhile, a provider that fails and comes back. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Y from 'yjs';
import { addStop, currentLegs, legMatches, legPairs, moveStop, orderedStops, type DocStop } from '@caravan/shared';
import {
  type ChangeOrigin,
  createLegRouter,
  createLogger,
  keepLegsThroughHub,
  type Logger,
  ROAD_LEG_MAX_AGE_MS,
  serverOrigin,
  TripDocHub,
} from '@caravan/engine';
import { answerWith, type OsrmStandIn, standInDrive, startOsrmStandIn } from '@caravan/engine/test';
import { tripWithCrew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';

const t = useTestServer();
let osrm: OsrmStandIn;
beforeAll(async () => (osrm = await startOsrmStandIn()));
afterAll(() => osrm.close());
beforeEach(() => {
  osrm.requests = [];
  osrm.reply = null;
});

const CITIES = [
  { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194 },
  { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 },
  { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
];

/** A hub and keeper of their own (the test server's keeper does not hear this hub's commits), over the test database. */
function keeperWithOsrm(retryFirstMs = 30_000, routerLogger: Pick<Logger, 'warn'> = createLogger('silent')) {
  const logger = createLogger('silent');
  const hub = new TripDocHub(t.server.deps.dataSource, logger);
  const router = createLegRouter({ osrmUrl: osrm.url, osrmRequestsPerSecond: 50 }, t.server.deps.dataSource, routerLogger);
  const keeper = keepLegsThroughHub(hub, router, logger, { debounceMs: 50, retryFirstMs });
  return { hub, keeper };
}

async function tripOf(hub: TripDocHub, cities = CITIES) {
  const { trip, owner } = await tripWithCrew(t.server.deps.dataSource);
  const ids = cities.map(() => randomUUID());
  await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const stop of orderedStops(doc)) doc.getMap('stops').delete(stop.id);
      cities.forEach((city, index) => addStop(doc, ids[index], city));
    }),
  );
  return { tripId: trip.id, ownerId: owner.id, ids };
}

const stopsOf = async (hub: TripDocHub, tripId: string) => orderedStops((await hub.open(tripId))!.doc);
const minutesOf = (from: DocStop, to: DocStop) => Math.round(standInDrive(from, to).seconds / 60);

describe('legs from OSRM', () => {
  it('writes each leg’s road line and OSRM’s minutes, asking once per pair', async () => {
    const { hub, keeper } = keeperWithOsrm();
    const { tripId } = await tripOf(hub);
    await keeper.idle();
    const stops = await stopsOf(hub, tripId);
    const legs = currentLegs(stops);
    for (const { from, to } of legPairs(stops)) {
      expect(legs.get(to.id)).toMatchObject({ source: 'osrm', minutes: minutesOf(from, to), geometry: expect.any(String) });
      expect(to.estimatedDriveMinutes).toBe(minutesOf(from, to));
    }
    expect(osrm.requests.filter((request) => request.url.pathname.includes('/route/'))).toHaveLength(3);
    await keeper.stop();
  });

  it('never writes a leg for an order that changed while OSRM was answering', async () => {
    const { hub, keeper } = keeperWithOsrm();
    // Slow answers: the order changes while the first legs are being asked.
    osrm.reply = (response, url) => setTimeout(() => answerWith(200, JSON.stringify(routeBody(url)))(response), 150);
    const { tripId, ownerId, ids } = await tripOf(hub);
    const doc = (await hub.open(tripId))!.doc;
    const staleWrites: string[] = [];
    doc.on('afterTransaction', (transaction: Y.Transaction) => {
      const origin = transaction.origin as ChangeOrigin;
      if (origin?.source !== 'server' || origin.userId !== null) return;
      const stops = orderedStops(doc);
      for (const { from, to } of legPairs(stops)) {
        if (to.driveLeg && !legMatches(to.driveLeg, from, to)) staleWrites.push(to.name);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    await hub.write(tripId, serverOrigin(ownerId), ({ doc: current, transact }) => transact(() => moveStop(current, ids[3], 1)));
    await keeper.idle();
    const stops = await stopsOf(hub, tripId);
    expect(stops.map((stop) => stop.name)).toEqual(['San Francisco', 'Los Angeles', 'Monterey', 'Santa Barbara']);
    expect(staleWrites).toEqual([]);
    for (const { from, to } of legPairs(stops)) expect(currentLegs(stops).get(to.id)).toMatchObject({ source: 'osrm', minutes: minutesOf(from, to) });
    await keeper.stop();
  });

  it('shows the estimate while OSRM fails, then OSRM’s leg once it answers again', async () => {
    const { hub, keeper } = keeperWithOsrm(300);
    osrm.reply = answerWith(500, '<html>502 Bad Gateway</html>');
    // Places no other test asked OSRM about: nothing cached.
    const fresno = { name: 'Fresno', latitude: 36.7378, longitude: -119.7871 };
    const bakersfield = { name: 'Bakersfield', latitude: 35.3733, longitude: -119.0187 };
    const { tripId } = await tripOf(hub, [fresno, bakersfield]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    let [, second] = await stopsOf(hub, tripId);
    expect(second.driveLeg).toMatchObject({ source: 'great-circle', geometry: null });
    expect(second.estimatedDriveMinutes).toBe(second.driveLeg!.minutes);

    osrm.reply = null;
    // The keeper asks again on its retry timer: wait for that answer rather than guess how long it takes (a
    // loaded CI machine once took over 10 s; each failed ask doubles the pause, from 300 ms).
    await expect.poll(async () => (await stopsOf(hub, tripId))[1].driveLeg?.source, { timeout: 25_000, interval: 100 }).toBe('osrm');
    await keeper.idle();
    [, second] = await stopsOf(hub, tripId);
    expect(second.driveLeg).toMatchObject({ source: 'osrm', geometry: expect.any(String) });
    await keeper.stop();
  });

  it('asks again when its retry timer fires before the pair is due by the wall clock (the clock stepped back)', async () => {
    // The timer runs on the monotonic clock, the pair's due time on Date.now(). Here the wall clock reads 150 ms
    // ahead while the failure is noted, then steps back: the timer fires 150 ms before the pair is due.
    const realNow = Date.now.bind(Date);
    let aheadMs = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + aheadMs);
    const stepsBackLater = {
      warn: () => {
        aheadMs = 150;
        setImmediate(() => (aheadMs = 0));
      },
    };
    const { hub, keeper } = keeperWithOsrm(300, stepsBackLater);
    osrm.reply = answerWith(500, '<html>502 Bad Gateway</html>');
    const merced = { name: 'Merced', latitude: 37.3022, longitude: -120.483 };
    const modesto = { name: 'Modesto', latitude: 37.6391, longitude: -120.9969 };
    try {
      const { tripId } = await tripOf(hub, [merced, modesto]);
      await expect.poll(() => osrm.requests.length, { interval: 20 }).toBeGreaterThan(0);
      osrm.reply = null;
      await expect.poll(async () => (await stopsOf(hub, tripId))[1].driveLeg?.source, { timeout: 10_000, interval: 100 }).toBe('osrm');
    } finally {
      clock.mockRestore();
      await keeper.stop();
    }
  });

  it('shows a cached leg older than the max age at once, keeps it while OSRM fails, then takes OSRM’s new answer', async () => {
    // A drive OSRM answered over a month ago, when a closure made it 45 minutes longer.
    const sacramento = { name: 'Sacramento', latitude: 38.5816, longitude: -121.4944 };
    const reno = { name: 'Reno', latitude: 39.5296, longitude: -119.8138 };
    const { hub, keeper } = keeperWithOsrm(300);
    await tripOf(hub, [sacramento, reno]);
    await keeper.idle();
    await t.server.deps.dataSource.query(
      `UPDATE road_legs SET minutes = minutes + 45, fetched_at = now() - $1 * interval '1 millisecond' WHERE to_lat = $2`,
      [ROAD_LEG_MAX_AGE_MS + 60_000, reno.latitude],
    );
    const roadMinutes = Math.round(standInDrive(sacramento, reno).seconds / 60);
    const detour = roadMinutes + 45;

    osrm.reply = answerWith(500, '<html>502 Bad Gateway</html>');
    const { tripId } = await tripOf(hub, [sacramento, reno]);
    await keeper.idle();
    let [, second] = await stopsOf(hub, tripId);
    expect(second.driveLeg).toMatchObject({ source: 'osrm', minutes: detour, geometry: expect.any(String) });
    expect(second.estimatedDriveMinutes).toBe(detour);

    osrm.reply = null;
    // The keeper asks again on its retry timer: wait for that answer rather than guess how long it takes.
    await expect.poll(async () => (await stopsOf(hub, tripId))[1].driveLeg?.minutes, { timeout: 10_000, interval: 100 }).toBe(roadMinutes);
    await keeper.idle();
    [, second] = await stopsOf(hub, tripId);
    expect(second.driveLeg).toMatchObject({ source: 'osrm', minutes: roadMinutes });
    expect(second.estimatedDriveMinutes).toBe(roadMinutes);
    await keeper.stop();
  });
});

/** OSRM's /route answer for the stand-in's drive between the URL's two points. */
function routeBody(url: URL) {
  const [from, to] = url.pathname.split('/').at(-1)!.split(';').map((pair) => {
    const [longitude, latitude] = pair.split(',').map(Number);
    return { latitude, longitude };
  });
  const { seconds, metres } = standInDrive(from, to);
  return { code: 'Ok', routes: [{ duration: seconds, distance: metres, geometry: '_p~iF~ps|U_ulLnnqC' }], waypoints: [] };
}
