/**
 * The corridor's Overpass adapter against a stand-in interpreter holding known places: the query (every category in
 * one request per piece, `around` over the piece's line), what a place's tags say (category, a name for a nameless
 * one, plugs and power, opening hours), answers kept per piece and category and asked again once stale, the
 * provider failing (kept answers stand in, however old; nothing kept: the piece is missing), the public instance's
 * gate and queue (a provider known down is not asked), the answers kept for every process on the database, and the
 * offline list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CorridorCategory } from '@caravan/shared';
import { createDataSource, createRemoteProviders } from '@caravan/engine';
import { answerWith, createTestDatabase, recordingLogger, startCorridorOverpassStandIn, warningMessage, type CorridorOverpassStandIn, type StandInPlace } from '@caravan/engine/test';
import { createCorridorPlaces } from './index.ts';
import { pieceKey } from './pieceKey.ts';
import { corridorQuery } from './corridorQuery.ts';
import { corridorNameOf, plugsOf, powerOf } from './corridorTags.ts';
import { createOverpassCorridor } from './overpassCorridor.ts';

const node = (id: number, lat: number, lon: number, tags: Record<string, string>): StandInPlace => ({ type: 'node', id, lat, lon, tags });
/** A piece of road east along the 45th parallel, and places by it. */
const PIECE = [
  { latitude: 45, longitude: 7 },
  { latitude: 45, longitude: 7.5 },
];
const PLACES: StandInPlace[] = [
  node(1, 45.01, 7.1, { amenity: 'fuel' }),
  node(2, 45.02, 7.2, { amenity: 'charging_station', operator: 'Ionity', 'socket:type2_combo': '4', 'socket:type2_combo:output': '350 kW', 'socket:type2': '2', 'socket:type2:output': '22kW' }),
  node(3, 44.99, 7.3, { amenity: 'restaurant', name: 'Trattoria', opening_hours: 'Tu-Su 12:00-14:30,19:00-22:00' }),
  node(4, 45.03, 7.4, { amenity: 'cafe', name: 'Bar Sport', opening_hours: 'whenever we feel like it' }),
  { type: 'way', id: 5, lat: 45.01, lon: 7.45, tags: { tourism: 'camp_site', name: 'Camping Po' } },
  node(6, 45.3, 7.2, { amenity: 'fuel', name: 'Far Away' }),
];

let overpass: CorridorOverpassStandIn;
beforeAll(async () => {
  overpass = await startCorridorOverpassStandIn(PLACES);
});
afterAll(() => overpass?.close());
beforeEach(() => {
  overpass.queries = [];
  overpass.reply = null;
});

const names = (places: { name: string }[]) => places.map((place) => place.name).sort();

/** PROVIDERS=auto with Overpass at `url`, as loadConfig makes it. */
const AUTO_OVERPASS = (url: string) => ({
  providers: 'auto' as const,
  publicOrigin: 'http://localhost',
  geocoderUrl: undefined,
  geocoderRequestsPerSecond: 1,
  osrmUrl: undefined,
  overpassUrl: url,
  overpassRequestsPerSecond: 20,
  exchangeRatesUrl: undefined,
});

describe('the corridor query', () => {
  it('asks every category in one statement per tag key, around the line', () => {
    expect(corridorQuery(PIECE, ['fuel', 'campsite', 'food'], 5500)).toBe(
      [
        '[out:json][timeout:25];',
        '(',
        '  nwr["amenity"~"^(fuel|restaurant|cafe|fast_food|food_court)$"](around:5500,45,7,45,7.5);',
        '  nwr["tourism"~"^(camp_site|caravan_site)$"](around:5500,45,7,45,7.5);',
        ');',
        'out center 5000;',
      ].join('\n'),
    );
  });

  it('reads plugs and the highest power, and names a nameless place', () => {
    expect(plugsOf({ 'socket:type2_combo': '2', 'socket:chademo': 'no', 'socket:tesla_supercharger': '8' })).toEqual(['ccs', 'tesla']);
    expect(powerOf({ 'socket:type2:output': '22kW;11 kW', 'socket:chademo:output': '50000 W' })).toBe(50);
    expect(powerOf({ 'socket:type2:output': 'unknown' })).toBeUndefined();
    expect(corridorNameOf({ brand: 'Shell' }, 'fuel')).toBe('Shell');
    expect(corridorNameOf({}, 'toilets')).toBe('Toilets');
  });
});

describe('places along the corridor from Overpass', () => {
  it('answers the places of the asked categories, each with what its tags say, in one request', async () => {
    const answer = await createOverpassCorridor(overpass.url).placesAlong([PIECE], ['fuel', 'charging', 'food', 'campsite'], 5000);
    expect(overpass.queries).toHaveLength(1);
    expect(answer).toMatchObject({ connection: 'live', missingPieces: [] });
    expect(names(answer.places)).toEqual(['Bar Sport', 'Camping Po', 'Fuel station', 'Ionity', 'Trattoria']);
    const byName = new Map(answer.places.map((place) => [place.name, place]));
    expect(byName.get('Ionity')).toMatchObject({ id: 'osm:node/2', category: 'charging', plugs: ['ccs', 'type2'], powerKw: 350 });
    expect(byName.get('Trattoria')).toMatchObject({ category: 'food', openingHours: 'Tu-Su 12:00-14:30,19:00-22:00' });
    // Hours the stop's field would not take are left out.
    expect(byName.get('Bar Sport')!.openingHours).toBeUndefined();
    expect(byName.get('Camping Po')).toMatchObject({ id: 'osm:way/5', category: 'campsite', latitude: 45.01, longitude: 7.45 });
  });

  it('keeps each piece and category: asks only for what it has not, and again once stale', async () => {
    let now = Date.parse('2026-07-01T10:00:00Z');
    const corridor = createOverpassCorridor(overpass.url, fetch, { now: () => now, freshMs: 60_000 });
    const first = await corridor.placesAlong([PIECE], ['fuel'], 5000);
    expect(first.fetchedAt).toBe(now);
    now += 30_000;
    expect(names((await corridor.placesAlong([PIECE], ['fuel', 'food'], 5000)).places)).toEqual(['Bar Sport', 'Fuel station', 'Trattoria']);
    expect(overpass.queries).toHaveLength(2);
    expect(overpass.queries[1]).toContain('nwr["amenity"~"^(restaurant|cafe|fast_food|food_court)$"]');
    expect(overpass.queries[1]).not.toContain('fuel');
    await corridor.placesAlong([PIECE], ['food', 'fuel'], 5000);
    expect(overpass.queries).toHaveLength(2);
    // Another radius is another corridor.
    await corridor.placesAlong([PIECE], ['fuel'], 2000);
    expect(overpass.queries).toHaveLength(3);
    now += 60_000;
    const again = await corridor.placesAlong([PIECE], ['fuel'], 5000);
    expect(overpass.queries).toHaveLength(4);
    expect(again.fetchedAt).toBe(now);
  });

  it('stands in with what it kept when Overpass fails, however old, and reports the pieces nothing answers for', async () => {
    let now = Date.parse('2026-07-01T10:00:00Z');
    const logger = recordingLogger();
    const corridor = createOverpassCorridor(overpass.url, fetch, { now: () => now, freshMs: 60_000, logger });
    const kept = now;
    await corridor.placesAlong([PIECE], ['fuel'], 5000);
    now += 2 * 24 * 60 * 60_000;
    overpass.reply = answerWith(429, '{"remark":"rate_limited"}');
    const other = [
      { latitude: 46, longitude: 8 },
      { latitude: 46, longitude: 8.5 },
    ];
    const answer = await corridor.placesAlong([PIECE, other], ['fuel'] as CorridorCategory[], 5000);
    expect(answer).toMatchObject({ connection: 'cached', fetchedAt: kept, missingPieces: [1] });
    expect(names(answer.places)).toEqual(['Fuel station']);
    expect(warningMessage(logger)).toBe('Overpass answered 429 Too Many Requests');
  });

  it('reports a piece missing when Overpass answers something other than Overpass JSON, or too late', async () => {
    overpass.reply = (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>busy</p>');
    expect(await createOverpassCorridor(overpass.url, fetch, { logger: recordingLogger() }).placesAlong([PIECE], ['fuel'], 5000)).toEqual({
      places: [],
      connection: 'cached',
      fetchedAt: null,
      missingPieces: [0],
    });
    overpass.reply = (response) => void setTimeout(() => answerWith(200, '{"elements":[]}')(response), 1500);
    const logger = recordingLogger();
    const slow = await createOverpassCorridor(overpass.url, fetch, { logger, timeoutMs: 200 }).placesAlong([PIECE], ['fuel'], 5000);
    expect(slow.missingPieces).toEqual([0]);
    expect(warningMessage(logger)).toBe('Overpass did not answer within 200 ms');
  });

  it('asks through the public instance\'s gate and queue: once it is down, nothing more is asked for a while', async () => {
    // As PROVIDERS=auto makes it, pointed at the stand-in: gated and queued.
    const remote = createRemoteProviders(AUTO_OVERPASS(overpass.url)).overpass!;
    const logger = recordingLogger();
    const corridor = createOverpassCorridor(overpass.url, remote.fetch, { logger });
    overpass.reply = answerWith(503, '{"remark":"overloaded"}');
    const pieces = [PIECE, [{ latitude: 46, longitude: 8 }, { latitude: 46, longitude: 8.5 }]];
    await corridor.placesAlong(pieces.slice(0, 1), ['fuel'], 5000);
    expect(remote.state()).toBe('down');
    overpass.reply = null;
    const skipped = await corridor.placesAlong(pieces, ['fuel'], 5000);
    expect(overpass.queries).toHaveLength(1);
    expect(skipped).toMatchObject({ connection: 'cached', missingPieces: [0, 1] });
    // Skipped while down is logged once, by the gate, not per piece.
    expect(logger.warnings).toHaveLength(1);
  });

  it('keeps its answers for every process on the database: another process asks nothing, and stands in with them while Overpass is down', async () => {
    const url = await createTestDatabase();
    const processes = await Promise.all([createDataSource(url, 2).initialize(), createDataSource(url, 2).initialize()]);
    try {
      // As server.ts makes each API process's: the providers given the process's database.
      const corridors = processes.map((db) =>
        createCorridorPlaces({ overpassUrl: overpass.url }, recordingLogger() as never, createRemoteProviders(AUTO_OVERPASS(overpass.url), undefined, undefined, db).overpass),
      );
      const first = await corridors[0].placesAlong([PIECE], ['fuel', 'food'], 5000);
      expect(overpass.queries).toHaveLength(1);
      const second = await corridors[1].placesAlong([PIECE], ['fuel', 'food'], 5000);
      expect(overpass.queries).toHaveLength(1);
      expect(second).toEqual(first);
      // A restarted process too, Overpass down meanwhile: what was kept answers, what was not is missing.
      overpass.reply = answerWith(500, 'down');
      const restarted = createCorridorPlaces({ overpassUrl: overpass.url }, recordingLogger() as never, createRemoteProviders(AUTO_OVERPASS(overpass.url), undefined, undefined, processes[1]).overpass);
      const kept = await restarted.placesAlong([PIECE], ['fuel'], 5000);
      expect(kept).toMatchObject({ connection: 'live', fetchedAt: first.fetchedAt, missingPieces: [] });
      expect(names(kept.places)).toEqual(['Fuel station']);
      expect(overpass.queries).toHaveLength(1);
      expect(await restarted.placesAlong([PIECE], ['fuel'], 2000)).toMatchObject({ connection: 'cached', missingPieces: [0] });
    } finally {
      await Promise.all(processes.map((db) => db.destroy()));
    }
  });
});

describe('places along the corridor offline', () => {
  it('answers the offline sights only, every piece missing, and is the choice without OVERPASS_URL', async () => {
    const corridor = createCorridorPlaces({ overpassUrl: undefined });
    expect(corridor.source).toBe('offline');
    const answer = await corridor.placesAlong([PIECE], ['fuel', 'sight'], 5000);
    expect(answer).toMatchObject({ connection: 'offline', fetchedAt: null, missingPieces: [0] });
    expect(answer.places.length).toBeGreaterThan(300);
    expect(new Set(answer.places.map((place) => place.category))).toEqual(new Set(['sight']));
    expect((await corridor.placesAlong([PIECE], ['fuel'], 5000)).places).toEqual([]);
  });

  it('knows a piece by its line at about 10 m and its radius', () => {
    const nudged = PIECE.map((point) => ({ ...point, latitude: point.latitude + 0.00001 }));
    expect(pieceKey(nudged, 5000)).toBe(pieceKey(PIECE, 5000));
    expect(pieceKey(PIECE, 2000)).not.toBe(pieceKey(PIECE, 5000));
  });
});
