import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerWith, closeServer, listenLocally, recordingLogger, unusedOrigin, warningMessage } from '@caravan/engine/test';
import { createPoiSearch } from './index.ts';
import { createOfflinePoiSearch } from './offline.ts';
import { openingHoursOf, stopKindOf } from './osmPlan.ts';
import { addressOf, categoryOf, createOverpassSearch, lodgingQuery, overpassQuery } from './overpass.ts';

/** Shaped like Overpass's JSON answer to `out center` (node ids illustrative), with a nameless node and a duplicate. */
const chicagoMuseums = fs.readFileSync(new URL('./overpassChicagoMuseums.fixture.json', import.meta.url), 'utf8');
const chicagoLoop = { latitude: 41.8781, longitude: -87.6298 };

interface ReceivedRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A stand-in Overpass interpreter on 127.0.0.1: records each request and answers as `reply` says. */
let interpreterUrl: string;
let received: ReceivedRequest[] = [];
let reply: (response: http.ServerResponse) => void;
const overpass = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    received.push({ method: request.method!, path: request.url!, contentType: request.headers['content-type'], form: new URLSearchParams(body) });
    reply(response);
  });
});

beforeAll(async () => {
  interpreterUrl = `${await listenLocally(overpass)}/api/interpreter`;
});
afterAll(() => closeServer(overpass));
beforeEach(() => {
  received = [];
  reply = answerWith(200, chicagoMuseums);
});

describe('Overpass point-of-interest search', () => {
  it('POSTs an Overpass QL query for named places around the point, as a form field', async () => {
    await createOverpassSearch(interpreterUrl).search({ keyword: 'museum', ...chicagoLoop, radiusKm: 15 });

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/interpreter', contentType: 'application/x-www-form-urlencoded' });
    expect(received[0].form.get('data')).toBe(
      [
        '[out:json][timeout:10];',
        '(',
        '  nwr["name"~"museum",i](around:15000,41.8781,-87.6298);',
        '  nwr["tourism"="museum"]["name"](around:15000,41.8781,-87.6298);',
        '  nwr["historic"="museum"]["name"](around:15000,41.8781,-87.6298);',
        '  nwr["leisure"="museum"]["name"](around:15000,41.8781,-87.6298);',
        '  nwr["amenity"="museum"]["name"](around:15000,41.8781,-87.6298);',
        ');',
        'out center 200;',
      ].join('\n'),
    );
  });

  it('maps nodes, way centres and relation centres to places, nearest first, each once, nameless ones left out', async () => {
    const results = await createOverpassSearch(interpreterUrl).search({ keyword: 'museum', ...chicagoLoop, radiusKm: 15 });

    expect(results.map((place) => place.name)).toEqual([
      'Art Institute of Chicago',
      'Chicago Architecture Center',
      'Museum Campus',
      'Field Museum',
      'Museum of Contemporary Art Chicago',
      'Museum of Science and Industry',
    ]);
    expect(results[0]).toEqual({
      id: 'osm:way/39114718',
      name: 'Art Institute of Chicago',
      address: '111 South Michigan Avenue, Chicago, IL 60603',
      category: 'Museum',
      latitude: 41.8795193,
      longitude: -87.6237362,
      kind: 'sight',
    });
    expect(results[1]).toMatchObject({ address: '111 East Wacker Drive, Chicago, 60601', category: 'Museum' });
    expect(results[2]).toMatchObject({ id: 'osm:node/2463927784', address: '', category: 'Place' });
    expect(results[5]).toMatchObject({ id: 'osm:relation/9326645', latitude: 41.7905726, longitude: -87.5830841 });
  });

  it("brings a place's stop kind and its opening hours when its tags have them", async () => {
    const node = (id: number, latitude: number, tags: Record<string, string>) => ({ type: 'node', id, lat: latitude, lon: -87.6298, tags });
    reply = answerWith(
      200,
      JSON.stringify({
        elements: [
          node(1, 41.879, { name: 'Lou Mitchell’s', amenity: 'restaurant', opening_hours: 'Mo-Su 06:00-15:00' }),
          node(2, 41.88, { name: 'Palmer House', tourism: 'hotel', opening_hours: '24/7' }),
          node(3, 41.881, { name: 'Museum Campus', highway: 'bus_stop', opening_hours: 'whenever' }),
        ],
      }),
    );
    const results = await createOverpassSearch(interpreterUrl).search({ keyword: 'lou', ...chicagoLoop, radiusKm: 15 });
    expect(results.map(({ name, kind, openingHours }) => ({ name, kind, openingHours }))).toEqual([
      { name: 'Lou Mitchell’s', kind: 'food', openingHours: 'Mo-Su 06:00-15:00' },
      { name: 'Palmer House', kind: 'lodging', openingHours: '24/7' },
      // A bus stop is no kind of stop, and hours the parser cannot read are left out.
      { name: 'Museum Campus', kind: undefined, openingHours: undefined },
    ]);
    expect(results[2]).not.toHaveProperty('openingHours');
  });

  it('maps OpenStreetMap categories to stop kinds, and keeps only opening hours a stop takes', () => {
    const kinds: Array<[Record<string, string>, string | undefined]> = [
      [{ tourism: 'museum' }, 'sight'],
      [{ tourism: 'attraction' }, 'sight'],
      [{ tourism: 'viewpoint' }, 'sight'],
      [{ amenity: 'restaurant' }, 'food'],
      [{ amenity: 'cafe' }, 'food'],
      [{ leisure: 'park' }, 'nature'],
      [{ natural: 'peak' }, 'nature'],
      [{ amenity: 'fuel' }, 'fuel'],
      [{ shop: 'outdoor' }, 'shopping'],
      [{ tourism: 'hotel' }, 'lodging'],
      [{ tourism: 'motel' }, 'lodging'],
      [{ tourism: 'camp_site' }, 'lodging'],
      [{ amenity: 'restaurant;bar' }, 'food'],
      [{ highway: 'bus_stop' }, undefined],
    ];
    for (const [tags, kind] of kinds) expect(stopKindOf(tags), JSON.stringify(tags)).toBe(kind);
    expect(openingHoursOf({ opening_hours: ' Mo-Fr 09:00-17:00 ' })).toBe('Mo-Fr 09:00-17:00');
    expect(openingHoursOf({ opening_hours: 'Mo-Fx 09:00-17:00' })).toBeUndefined();
    expect(openingHoursOf({ opening_hours: `Mo-Fr 09:00-17:00${'; PH off'.repeat(40)}` })).toBeUndefined();
    expect(openingHoursOf({})).toBeUndefined();
  });

  it('narrows to the requested category', async () => {
    const results = await createOverpassSearch(interpreterUrl).search({ keyword: 'museum', ...chicagoLoop, radiusKm: 15, category: 'museum' });
    expect(results.map((place) => place.name)).not.toContain('Museum Campus');
    expect(results).toHaveLength(5);
  });

  it('escapes the keyword for the regular expression and the QL string, and asks by kind only for plain words', () => {
    const query = overpassQuery({ keyword: 'St. Louis "Arch" (1965)', ...chicagoLoop, radiusKm: 10 });
    expect(query).toContain('nwr["name"~"St\\\\. Louis \\"Arch\\" \\\\(1965\\\\)",i](around:10000,41.8781,-87.6298);');
    expect(query).not.toContain('"tourism"');
    expect(overpassQuery({ keyword: 'Theme Park', ...chicagoLoop, radiusKm: 10 })).toContain('nwr["tourism"="theme_park"]["name"]');
  });

  it('caps the radius it asks for at 100 km', () => {
    expect(overpassQuery({ keyword: 'diner', ...chicagoLoop, radiusKm: 2500 })).toContain('(around:100000,41.8781,-87.6298)');
  });

  it('names categories from the tag that says most, and writes US-style addresses', () => {
    expect(categoryOf({ tourism: 'theme_park', leisure: 'park' })).toBe('Theme Park');
    expect(categoryOf({ historic: 'yes', amenity: 'place_of_worship' })).toBe('Historic Site');
    expect(categoryOf({ natural: 'cave_entrance' })).toBe('Cave');
    expect(categoryOf({ boundary: 'national_park' })).toBe('National Park');
    expect(categoryOf({ amenity: 'restaurant;bar' })).toBe('Restaurant');
    expect(categoryOf({ shop: 'gift' })).toBe('Place');
    expect(addressOf({ 'addr:housenumber': '350', 'addr:street': '5th Avenue', 'addr:city': 'New York', 'addr:state': 'NY', 'addr:postcode': '10118' })).toBe(
      '350 5th Avenue, New York, NY 10118',
    );
    expect(addressOf({ 'addr:city': 'Moab' })).toBe('Moab');
  });

  it('is used when OVERPASS_URL is set', async () => {
    const poiSearch = createPoiSearch({ overpassUrl: interpreterUrl });
    expect(poiSearch.source).toBe('overpass');
    expect((await poiSearch.search({ keyword: 'museum', ...chicagoLoop, radiusKm: 15 }))[0].id).toBe('osm:way/39114718');
  });

  it('falls back to the offline places and logs why when Overpass is rate limiting', async () => {
    reply = answerWith(429, '{"remark":"rate_limited"}');
    const logger = recordingLogger();

    const results = await createOverpassSearch(interpreterUrl, fetch, { logger }).search({ keyword: 'museum', ...chicagoLoop, radiusKm: 5 });

    expect(received).toHaveLength(1);
    expect(results.map((place) => place.id)).toEqual(['caravan:art-institute-of-chicago', 'caravan:field-museum', 'caravan:adler-planetarium']);
    expect(warningMessage(logger)).toBe('Overpass answered 429 Too Many Requests');
  });

  it('falls back when Overpass answers something other than JSON', async () => {
    reply = (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><p>The server is probably too busy</p></html>');
    const logger = recordingLogger();
    const results = await createOverpassSearch(interpreterUrl, fetch, { logger }).search({ keyword: 'aquarium', ...chicagoLoop, radiusKm: 5 });
    expect(results.map((place) => place.name)).toEqual(['Shedd Aquarium']);
    expect(warningMessage(logger)).toBe('Overpass answered something other than Overpass JSON');
  });

  it('falls back when Overpass does not answer in time', async () => {
    reply = (response) => void setTimeout(() => answerWith(200, chicagoMuseums)(response), 2000);
    const logger = recordingLogger();
    const started = performance.now();

    const results = await createOverpassSearch(interpreterUrl, fetch, { logger, timeoutMs: 300 }).search({ keyword: 'museum', ...chicagoLoop, radiusKm: 5 });

    expect(performance.now() - started).toBeLessThan(1500);
    expect(results[0].id).toBe('caravan:art-institute-of-chicago');
    expect(warningMessage(logger)).toBe('Overpass did not answer within 300 ms');
  });

  it('falls back when nothing listens at OVERPASS_URL', async () => {
    const deadOrigin = await unusedOrigin();
    const logger = recordingLogger();

    const results = await createOverpassSearch(`${deadOrigin}/api/interpreter`, fetch, { logger }).search({ keyword: 'field museum', ...chicagoLoop, radiusKm: 5 });

    expect(results.map((place) => place.name)).toEqual(['Field Museum']);
    expect(warningMessage(logger)).toBe(`Overpass could not be reached at ${deadOrigin}`);
  });

  it('asks for named hotels, motels, guest houses and campgrounds around every point in one request, and rejects rather than fall back', async () => {
    const evanston = { latitude: 42.0451, longitude: -87.6877 };
    expect(lodgingQuery([chicagoLoop, evanston], 5)).toBe(
      [
        '[out:json][timeout:10];',
        'nwr["tourism"~"^(hotel|motel|guest_house|camp_site|caravan_site)$"]["name"](around:5000,41.8781,-87.6298);',
        'out center 200;',
        'nwr["tourism"~"^(hotel|motel|guest_house|camp_site|caravan_site)$"]["name"](around:5000,42.0451,-87.6877);',
        'out center 200;',
      ].join('\n'),
    );
    const place = (id: number, name: string, tourism: string, lat: number, lon: number) => ({ type: 'node', id, lat, lon, tags: { name, tourism } });
    reply = answerWith(
      200,
      JSON.stringify({
        elements: [
          place(1, 'Loop Campground', 'camp_site', 41.905, -87.6298),
          place(2, 'Lakeshore Hotel', 'hotel', 41.8826, -87.6298),
          place(3, 'Evanston Inn', 'hotel', 42.054, -87.6877),
        ],
      }),
    );
    const search = createOverpassSearch(interpreterUrl);

    const near = await search.lodgingNear!([chicagoLoop, evanston], 5);
    expect(near.map((places) => places.map((one) => one.name))).toEqual([['Lakeshore Hotel', 'Loop Campground'], ['Evanston Inn']]);
    expect(received).toHaveLength(1);
    expect(received[0].form.get('data')).toBe(lodgingQuery([chicagoLoop, evanston], 5));

    reply = answerWith(429, '{"remark":"rate_limited"}');
    await expect(search.lodgingNear!([chicagoLoop], 5)).rejects.toThrow('Overpass answered 429 Too Many Requests');
    // The offline places hold no lodging: that search offers none to ask.
    expect(createOfflinePoiSearch().lodgingNear).toBeUndefined();
  });
});
