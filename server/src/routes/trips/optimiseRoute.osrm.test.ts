/**
 * POST /trips/stops/optimise-route with OSRM_URL set (docs/product.md#optimise-route): the drives come from
 * OSRM's /table (the stand-in speaking its protocol), asked once for the trip's located stops, and the totals
 * are OSRM's; when OSRM fails the estimate answers instead and says so.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop } from '@caravan/shared';
import { answerWith, standInDrive } from '@caravan/engine/test';
import { stopRows } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useOsrmTestServer } from '../../test/useOsrmTestServer.ts';
import { serverOrigin } from '@caravan/engine';

const SAN_FRANCISCO = { latitude: 37.7749, longitude: -122.4194 };
const SCRAMBLED = [
  { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 },
  { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Nowhere yet', latitude: 0, longitude: 0 },
  { name: 'San Luis Obispo', latitude: 35.2828, longitude: -120.6596 },
];
/** The stop without a position keeps its place (fourth); the located ones around it are reordered. */
const SHORTEST_ORDER = ['San Francisco', 'Monterey', 'San Luis Obispo', 'Nowhere yet', 'Los Angeles'];

const t = useOsrmTestServer();

async function scrambledTrip() {
  const { dataSource, tripDocs, legs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => SCRAMBLED.forEach((place) => addStop(doc, randomUUID(), place))),
  );
  await legs.idle();
  const rows = await stopRows(dataSource, crew.trip.id);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  t.osrm.requests = [];
  const optimise = () => t.api.post('/trips/stops/optimise-route', { tripId: crew.trip.id }, { as: crew.editor });
  return { names, optimise };
}

/** The stand-in's drive along these points, as the router rounds each cell. */
function osrmDrive(points: { latitude: number; longitude: number }[]) {
  let [minutes, distanceKm] = [0, 0];
  for (let k = 0; k + 1 < points.length; k++) {
    const { seconds, metres } = standInDrive(points[k], points[k + 1]);
    minutes += Math.round(seconds / 60);
    distanceKm += Math.round(metres / 100) / 10;
  }
  return { minutes, distanceKm: Math.round(distanceKm * 10) / 10 };
}

describe('POST /trips/stops/optimise-route with OSRM_URL set', () => {
  it('asks OSRM /table once for the located stops and answers OSRM\'s totals', async () => {
    const { names, optimise } = await scrambledTrip();

    const response = await optimise();

    expect(response.status).toBe(200);
    expect(response.body.source).toBe('osrm');
    expect((response.body.order as string[]).map((id) => names.get(id))).toEqual(SHORTEST_ORDER);
    const [la, monterey, , slo] = SCRAMBLED;
    expect(response.body.before).toEqual(osrmDrive([SAN_FRANCISCO, la, monterey, slo]));
    expect(response.body.after).toEqual(osrmDrive([SAN_FRANCISCO, monterey, slo, la]));
    const tables = t.osrm.requests.filter(({ url }) => url.pathname.startsWith('/table/'));
    expect(tables).toHaveLength(1);
    // Four located stops: the one without a position is not asked about.
    expect(tables[0].url.pathname.split(';')).toHaveLength(4);
  });

  it('falls back to the estimate, and says so, when OSRM fails', async () => {
    const { names, optimise } = await scrambledTrip();
    t.osrm.reply = answerWith(500, JSON.stringify({ code: 'InternalError' }));

    const response = await optimise();

    expect(response.status).toBe(200);
    expect(response.body.source).toBe('great-circle');
    expect((response.body.order as string[]).map((id) => names.get(id))).toEqual(SHORTEST_ORDER);
  });
});
