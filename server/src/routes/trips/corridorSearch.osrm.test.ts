/**
 * POST /trips/corridor/search with a routing engine (the OSRM stand-in, whose roads wind a few km either side of the
 * straight line) and Overpass (the corridor stand-in): the corridor follows the leg's road line, not the straight
 * estimate, and the first places' detours come from the road provider in one table request, kept for the next search,
 * by any API process on the database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZCorridorSearchResponse } from '@caravan/shared';
import type { Config } from '@caravan/engine';
import { startCorridorOverpassStandIn, startOsrmStandIn, standInRoadLine, type CorridorOverpassStandIn, type OsrmStandIn, type StandInPlace } from '@caravan/engine/test';
import { ROAD_DETOURS } from '../../queries/corridor/roadDetours.ts';
import { DINOSAUR, VERNAL, vernalToDinosaur } from '../../test/roadTrip.ts';
import { createApi } from '../../test/apiClient.ts';
import { startTestServer } from '../../test/testServer.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const road = standInRoadLine(VERNAL, DINOSAUR);
/** The road's point a share of the way along it. */
const onRoad = (share: number) => road[Math.round(share * (road.length - 1))];
// Where the road bends farthest north (3.3 km off the straight line): a place beside the road there, and one on the straight line.
const bend = road.reduce((north, point) => (point[0] > north[0] ? point : north));
const fuel = (id: number, [lat, lon]: [number, number], name: string): StandInPlace => ({ type: 'node', id, lat, lon, tags: { amenity: 'fuel', name } });
const PLACES = [
  fuel(1, [bend[0] + 0.005, bend[1]], 'By the Bend'),
  fuel(2, [40, bend[1]], 'On the Straight Line'),
  ...Array.from({ length: 30 }, (_, index) => fuel(10 + index, onRoad((index + 1) / 32), `Station ${index + 1}`)),
];

const config: Partial<Config> = { osrmRequestsPerSecond: 50 };
let overpass: CorridorOverpassStandIn;
let osrm: OsrmStandIn;
beforeAll(async () => {
  [overpass, osrm] = await Promise.all([startCorridorOverpassStandIn(PLACES), startOsrmStandIn()]);
  config.overpassUrl = overpass.url;
  config.osrmUrl = osrm.url;
});
afterAll(() => Promise.all([overpass?.close(), osrm?.close()]));
const t = useTestServer(config);
beforeEach(() => {
  overpass.queries = [];
  osrm.requests = [];
});

describe('searching along a road', () => {
  it('follows the road line and measures the first places\' detours by road, once', async () => {
    const { crew, leg } = await vernalToDinosaur(t.server.deps);
    expect(leg).toMatchObject({ source: 'osrm', geometry: expect.any(String) });
    osrm.requests = [];

    const search = () => t.api.post('/trips/corridor/search', { tripId: crew.trip.id, categories: ['fuel'], widthKm: 2 }, { as: crew.viewer });
    const body = ZCorridorSearchResponse.parse((await search()).body);
    const names = body.places.map((place) => place.name);
    expect(names).toContain('By the Bend');
    expect(names).not.toContain('On the Straight Line');
    expect(body.places).toHaveLength(31);
    expect(body.places.slice(0, ROAD_DETOURS).every((place) => place.detourSource === 'osrm')).toBe(true);
    expect(body.places.slice(ROAD_DETOURS).every((place) => place.detourSource === 'estimate')).toBe(true);
    // A station on the road is no detour by road.
    expect(body.places.find((place) => place.name === 'Station 1')).toMatchObject({ detourMinutes: 0, detourSource: 'osrm' });
    expect(osrm.requests.map(({ url }) => url.pathname.split('/')[1])).toEqual(['table']);

    const again = ZCorridorSearchResponse.parse((await search()).body);
    expect(again.places).toEqual(body.places);
    expect(osrm.requests).toHaveLength(1);
    expect(overpass.queries).toHaveLength(1);

    // Another API process on the same database (behind a load balancer, or restarted) asks neither again.
    const other = await startTestServer({ ...config, databaseUrl: (t.server.deps.dataSource.options as { url: string }).url });
    try {
      const [checked, queried] = [osrm.requests.length, overpass.queries.length];
      const elsewhere = await createApi(other).post('/trips/corridor/search', { tripId: crew.trip.id, categories: ['fuel'], widthKm: 2 }, { as: crew.viewer });
      expect(ZCorridorSearchResponse.parse(elsewhere.body).places).toEqual(body.places);
      expect([osrm.requests.length, overpass.queries.length]).toEqual([checked, queried]);
    } finally {
      await other.close();
    }
  });
});
