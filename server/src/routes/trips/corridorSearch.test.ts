/**
 * POST /trips/corridor/search (docs/product.md#along-the-route) against a stand-in Overpass holding known places
 * along a trip east through Utah and Colorado (three stops a degree apart, straight estimate legs): the places within
 * the corridor ordered along the route, each on its leg with its detour; one request per piece for every category;
 * answers kept (asked again: nothing asked); plug and power filters; one leg from a stop; Overpass down (kept
 * answers stand in, with their age); and the limits that keep any member from asking Overpass for a country.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStop, COLLAB_LIMITS, CORRIDOR_CATEGORIES, corridorMessages, deleteStop, orderedStops, estimatedDriveMinutes, ZCorridorSearchResponse } from '@caravan/shared';
import { CORRIDOR_PIECE_LIMITS, type Config, serverOrigin } from '@caravan/engine';
import { answerWith, startCorridorOverpassStandIn, type CorridorOverpassStandIn, type StandInPlace } from '@caravan/engine/test';
import { stopRows } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { createApi } from '../../test/apiClient.ts';
import { startTestServer } from '../../test/testServer.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { CORRIDOR_SEARCHES_PER_MINUTE } from '../../queries/corridor/searchAllowance.ts';

const PATH = '/trips/corridor/search';
const node = (id: number, lat: number, lon: number, tags: Record<string, string>): StandInPlace => ({ type: 'node', id, lat, lon, tags });
/** Along the 40th parallel, a degree of longitude is about 85 km; a hundredth of a degree of latitude 1.1 km. */
const PLACES = [
  node(1, 40.01, -109.8, { amenity: 'fuel', brand: 'Sinclair' }),
  node(2, 40.02, -109.2, { amenity: 'restaurant', name: 'Dinosaur Diner', opening_hours: 'Mo-Su 07:00-21:00' }),
  node(3, 39.99, -108.5, { amenity: 'charging_station', name: 'Fast Charge', 'socket:type2_combo': '4', 'socket:type2_combo:output': '150 kW' }),
  node(4, 40.01, -108.6, { amenity: 'charging_station', name: 'Town Charger', 'socket:type2': '2', 'socket:type2:output': '22 kW' }),
  node(5, 40.2, -109.5, { amenity: 'fuel', name: 'Far Fuel' }),
  node(6, 40.03, -109.1, { amenity: 'toilets' }),
];

const config: Partial<Config> = {};
let overpass: CorridorOverpassStandIn;
beforeAll(async () => {
  overpass = await startCorridorOverpassStandIn(PLACES);
  config.overpassUrl = overpass.url;
});
afterAll(() => overpass?.close());
const t = useTestServer(config);
beforeEach(() => {
  overpass.queries = [];
  overpass.reply = null;
});

async function tripThrough(points: Array<[string, number, number]>) {
  const { dataSource, tripDocs, legs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => {
      // Only these stops: not the trip's start in San Francisco.
      for (const stop of orderedStops(doc)) deleteStop(doc, stop.id);
      for (const [name, latitude, longitude] of points) addStop(doc, randomUUID(), { name, latitude, longitude });
    }),
  );
  await legs.idle();
  const rows = await stopRows(t.server.deps.dataSource, crew.trip.id);
  return { crew, ids: new Map(rows.map((row) => [row.name, row.id])) };
}

const search = (crew: Crew, body: Record<string, unknown>, as = crew.viewer) => t.api.post(PATH, { tripId: crew.trip.id, ...body }, { as });

describe('searching along the route', () => {
  let trip: Awaited<ReturnType<typeof tripThrough>>;
  beforeAll(async () => {
    trip = await tripThrough([
      ['Vernal', 40, -110],
      ['Dinosaur', 40, -109],
      ['Rangely', 40, -108],
    ]);
  });

  it('answers the places within the corridor ordered along the route, each on its leg with its detour, in one request per piece', async () => {
    const answer = await search(trip.crew, { categories: ['fuel', 'food', 'charging'], widthKm: 5 });
    expect(answer.status).toBe(200);
    const body = ZCorridorSearchResponse.parse(answer.body);
    expect(body.places.map((place) => place.name)).toEqual(['Sinclair', 'Dinosaur Diner', 'Town Charger', 'Fast Charge']);
    const [vernal, dinosaur, rangely] = ['Vernal', 'Dinosaur', 'Rangely'].map((name) => trip.ids.get(name)!);
    expect(body.places.map((place) => place.leg)).toEqual([
      { fromStopId: vernal, toStopId: dinosaur },
      { fromStopId: vernal, toStopId: dinosaur },
      { fromStopId: dinosaur, toStopId: rangely },
      { fromStopId: dinosaur, toStopId: rangely },
    ]);
    const [fuel, diner] = body.places;
    expect(fuel).toMatchObject({ category: 'fuel', id: 'osm:node/1', latitude: 40.01, longitude: -109.8 });
    expect(fuel.alongKm).toBeCloseTo(0.2 * 85.2, 0);
    expect(fuel.offRouteKm).toBeCloseTo(1.1, 1);
    expect(fuel.detourMinutes).toBe(Math.round(2 * estimatedDriveMinutes({ latitude: 40, longitude: -109.8 }, fuel)));
    expect(diner.openingHours).toBe('Mo-Su 07:00-21:00');
    expect(body.places[3]).toMatchObject({ plugs: ['ccs'], powerKw: 150 });
    expect(body).toMatchObject({ connection: 'live', missingKm: 0, truncated: false });
    // No routing engine here: every detour is the estimate.
    expect(new Set(body.places.map((place) => place.detourSource))).toEqual(new Set(['estimate']));
    expect(body.routeKm).toBeCloseTo(2 * 85.2, 0);
    expect(Date.now() - Date.parse(body.fetchedAt!)).toBeLessThan(60_000);
    // 170 km: one piece, every category in its one request, around its line.
    expect(overpass.queries).toHaveLength(1);
    expect(overpass.queries[0]).toContain('nwr["amenity"~"^(fuel|restaurant|cafe|fast_food|food_court|charging_station)$"](around:5500,40,-110,');
  });

  it('asks nothing again for what it has kept, and only for a category it has not', async () => {
    await search(trip.crew, { categories: ['fuel', 'food', 'charging'], widthKm: 5 });
    expect(overpass.queries).toEqual([]);
    const withToilets = ZCorridorSearchResponse.parse((await search(trip.crew, { categories: ['toilets', 'fuel'], widthKm: 5 })).body);
    expect(withToilets.places.map((place) => place.name)).toEqual(['Sinclair', 'Toilets']);
    expect(overpass.queries).toHaveLength(1);
    expect(overpass.queries[0]).toContain('nwr["amenity"~"^(toilets)$"]');
  });

  it('keeps to the width asked: 10 km takes in more, nothing beyond', async () => {
    const wide = ZCorridorSearchResponse.parse((await search(trip.crew, { categories: ['fuel'], widthKm: 10 })).body);
    expect(wide.places.map((place) => place.name)).toEqual(['Sinclair']);
    expect(overpass.queries[0]).toContain('(around:11000,');
  });

  it('filters charging stations by plug and by power', async () => {
    const ccs = ZCorridorSearchResponse.parse((await search(trip.crew, { categories: ['charging'], plugs: ['ccs', 'chademo'] })).body);
    expect(ccs.places.map((place) => place.name)).toEqual(['Fast Charge']);
    const fast = ZCorridorSearchResponse.parse((await search(trip.crew, { categories: ['charging', 'fuel'], minPowerKw: 50 })).body);
    expect(fast.places.map((place) => place.name)).toEqual(['Sinclair', 'Fast Charge']);
    const anyPlug = ZCorridorSearchResponse.parse((await search(trip.crew, { categories: ['charging'], minPowerKw: 22 })).body);
    expect(anyPlug.places.map((place) => place.name)).toEqual(['Town Charger', 'Fast Charge']);
  });

  it('searches one leg from a stop, measured from that stop', async () => {
    const body = ZCorridorSearchResponse.parse(
      (await search(trip.crew, { fromStopId: trip.ids.get('Dinosaur'), toStopId: trip.ids.get('Rangely'), categories: ['charging', 'fuel'] })).body,
    );
    expect(body.places.map((place) => place.name)).toEqual(['Town Charger', 'Fast Charge']);
    expect(body.places[0].alongKm).toBeCloseTo(0.4 * 85.2, 0);
    expect(body.routeKm).toBeCloseTo(85.2, 0);
    // A piece of its own: asked once, then kept.
    expect(overpass.queries).toHaveLength(1);
  });

  it('stands in with kept answers and their age when Overpass does not answer, and says what is missing', async () => {
    overpass.reply = answerWith(503, '{"remark":"overloaded"}');
    const body = ZCorridorSearchResponse.parse((await search(trip.crew, { categories: ['fuel', 'campsite'], widthKm: 5 })).body);
    expect(body.connection).toBe('cached');
    expect(body.places.map((place) => place.name)).toEqual(['Sinclair']);
    expect(body.missingKm).toBeCloseTo(body.routeKm, 0);
    expect(body.fetchedAt).not.toBeNull();
  });
});

describe('what a member cannot make it ask', () => {
  it('refuses a stretch longer than the limit, asking Overpass nothing', async () => {
    const { crew } = await tripThrough([
      ['Salt Lake City', 40.76, -111.89],
      ['Chicago', 41.88, -87.63],
    ]);
    const answer = await search(crew, { categories: ['fuel'] }, crew.editor);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^That stretch of route is 20\d\d km; search at most 1500 km at a time/);
    expect(overpass.queries).toEqual([]);
  });

  it('asks a bounded number of bounded requests for the longest, busiest stretch a trip can hold', { timeout: 60_000 }, async () => {
    // A thousand stops (a trip's most) 1.4 km apart: 1,400 km, every stop a vertex of the line.
    const { crew } = await tripThrough(Array.from({ length: COLLAB_LIMITS.maxStopsPerTrip }, (_, index) => [`Stop ${index}`, 40, -110 + index * 0.0165] as [string, number, number]));
    const answer = await search(crew, { categories: [...CORRIDOR_CATEGORIES], widthKm: 10 });
    expect(answer.status).toBe(200);
    expect(overpass.queries.length).toBeGreaterThanOrEqual(Math.ceil(1400 / CORRIDOR_PIECE_LIMITS.maxKm));
    expect(overpass.queries.length).toBeLessThanOrEqual(10);
    for (const query of overpass.queries) {
      const line = /\(around:\d+,([-\d.,]+)\)/.exec(query)![1].split(',');
      expect(line.length / 2).toBeLessThanOrEqual(CORRIDOR_PIECE_LIMITS.maxPoints);
      // One statement per tag key (amenity, highway, tourism), however many categories.
      expect(query.match(/around:/g)).toHaveLength(3);
    }
  });

  it('lets one account search a limited number of times a minute, then says when to try again', async () => {
    const { crew } = await tripThrough([
      ['Moab', 38.57, -109.55],
      ['Green River', 38.99, -110.16],
    ]);
    for (let index = 0; index < CORRIDOR_SEARCHES_PER_MINUTE; index += 1) expect((await search(crew, { categories: ['fuel'] })).status).toBe(200);
    const refused = await search(crew, { categories: ['fuel'] });
    expect([refused.status, refused.body.error]).toEqual([429, corridorMessages.tooManySearches(CORRIDOR_SEARCHES_PER_MINUTE)]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member of the trip still may.
    expect((await search(crew, { categories: ['fuel'] }, crew.editor)).status).toBe(200);
  });

  it("counts an account's searches for every API process together, not per process", async () => {
    const { crew } = await tripThrough([
      ['Moab', 38.57, -109.55],
      ['Green River', 38.99, -110.16],
    ]);
    // A second API process on the same database, as behind a load balancer.
    const other = await startTestServer({ ...config, databaseUrl: (t.server.deps.dataSource.options as { url: string }).url });
    try {
      const otherApi = createApi(other);
      const searchOn = (index: number) => (index % 2 ? otherApi : t.api).post(PATH, { tripId: crew.trip.id, categories: ['fuel'] }, { as: crew.viewer });
      for (let index = 0; index < CORRIDOR_SEARCHES_PER_MINUTE; index += 1) expect((await searchOn(index)).status).toBe(200);
      for (const index of [0, 1]) {
        const refused = await searchOn(index);
        expect([refused.status, refused.body.error]).toEqual([429, corridorMessages.tooManySearches(CORRIDOR_SEARCHES_PER_MINUTE)]);
      }
    } finally {
      await other.close();
    }
  });

  it.each([
    [{ categories: [] }, corridorMessages.noCategories],
    [{ categories: ['fuel', 'fuel'] }, corridorMessages.duplicateCategory],
    [{ categories: ['fuel', 'food', 'sight', 'lodging', 'campsite', 'restArea', 'toilets', 'charging', 'fuel'] }, corridorMessages.duplicateCategory],
    [{ categories: ['casino'] }, corridorMessages.invalidCategories],
    [{ categories: ['fuel'], widthKm: 5000 }, corridorMessages.invalidWidth],
    [{ categories: ['fuel'], widthKm: '5' }, corridorMessages.invalidWidth],
    [{ categories: ['charging'], minPowerKw: 1 }, corridorMessages.invalidMinPower],
    [{ categories: ['charging'], plugs: ['schuko'] }, corridorMessages.invalidPlugs],
    [{ categories: ['fuel'], polyline: '0,0,80,180' }, 'extra'],
  ])('refuses %j', async (body, message) => {
    const { crew } = await tripThrough([
      ['Moab', 38.57, -109.55],
      ['Green River', 38.99, -110.16],
    ]);
    const answer = await search(crew, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(message === 'extra' ? '' : message);
    expect(overpass.queries).toEqual([]);
  });

  it('refuses a stretch that is not one of the trip, and a trip without two located stops', async () => {
    const { crew, ids } = await tripThrough([
      ['Moab', 38.57, -109.55],
      ['Green River', 38.99, -110.16],
    ]);
    const backwards = await search(crew, { categories: ['fuel'], fromStopId: ids.get('Green River'), toStopId: ids.get('Moab') });
    expect([backwards.status, backwards.body.error]).toEqual([400, corridorMessages.backwards]);
    const unknown = await search(crew, { categories: ['fuel'], fromStopId: randomUUID() });
    expect([unknown.status, unknown.body.error]).toEqual([400, corridorMessages.unknownStop]);
    const lonely = await tripThrough([['Moab', 38.57, -109.55]]);
    const none = await search(lonely.crew, { categories: ['fuel'] });
    expect([none.status, none.body.error]).toEqual([400, corridorMessages.tooFewStops]);
    expect(overpass.queries).toEqual([]);
  });
});
