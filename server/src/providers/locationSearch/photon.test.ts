import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerWith, closeServer, listenLocally, recordingLogger, unusedOrigin } from '@caravan/engine/test';
import { loadGazetteer } from './gazetteer.ts';
import { createLocationSearch } from './index.ts';
import { createPhotonSearch } from './photon.ts';

const berlinAnswer = fs.readFileSync(new URL('./photonBerlin.fixture.json', import.meta.url), 'utf8');

/** A stand-in Photon on 127.0.0.1: records each request and answers as `reply` says. */
let photonUrl: string;
let received: URL[] = [];
let reply: (response: http.ServerResponse) => void;
const photon = http.createServer((request, response) => {
  received.push(new URL(request.url!, photonUrl));
  reply(response);
});


// A test that loads the gazetteer can take longer than Node's 5 s keep-alive: the client's pooled socket must
// not be closed under the next request (ECONNRESET).
photon.keepAliveTimeout = 60_000;

beforeAll(async () => {
  // The fallback's one-off load (a second or more) would otherwise block the loop mid-test, long enough for the
  // stand-in to drop a kept-alive connection that the next test's request then reuses (ECONNRESET).
  loadGazetteer();
  photonUrl = await listenLocally(photon);
});
afterAll(() => closeServer(photon));
beforeEach(() => {
  received = [];
  reply = answerWith(200, berlinAnswer);
});

describe('Photon location search', () => {
  it('asks /api/ with the query and a limit of 10, and maps the features', async () => {
    const search = createPhotonSearch(photonUrl);
    expect(search.source).toBe('photon');

    const results = await search.search('berlin');

    expect(received).toHaveLength(1);
    expect(received[0].pathname).toBe('/api/');
    expect(Object.fromEntries(received[0].searchParams)).toEqual({ q: 'berlin', limit: '10' });
    expect(results).toEqual([
      { id: 'photon:N240109189', name: 'Berlin', address: 'Berlin, 10117, Germany', latitude: 52.5170365, longitude: 13.3888599, source: 'photon' },
      {
        id: 'photon:W80848771',
        name: 'Berlin Hauptbahnhof',
        address: 'Berlin Hauptbahnhof, Europaplatz 1, Berlin, 10557, Germany',
        latitude: 52.5250839,
        longitude: 13.3695303,
        source: 'photon',
      },
      { id: 'photon:R2173209', name: 'Berlin', address: 'Berlin, Connecticut, United States', latitude: 41.6214865, longitude: -72.7456523, source: 'photon' },
      {
        id: 'photon:N3796427562',
        name: 'Berliner Tor 7',
        address: 'Berliner Tor 7, Hamburg, 20095, Germany',
        latitude: 53.5539374,
        longitude: 9.9908761,
        source: 'photon',
      },
    ]);
  });

  it('sends the trip\'s points as Photon\'s location bias: their centre, a zoom spanning them, a stronger scale', async () => {
    const westCoast = [
      { latitude: 47.6062, longitude: -122.3321 },
      { latitude: 37.7749, longitude: -122.4194 },
    ];
    await createPhotonSearch(photonUrl).search('fort bragg', westCoast);
    expect(Object.fromEntries(received[0].searchParams)).toEqual({
      q: 'fort bragg',
      limit: '10',
      lat: '42.69055',
      lon: '-122.37575',
      // About 10° of latitude: a view of 360 / 2^5 = 11.25°.
      zoom: '5',
      location_bias_scale: '0.1',
    });

    await createPhotonSearch(photonUrl).search('bandon', [{ latitude: 43.119, longitude: -124.408 }]);
    expect(Object.fromEntries(received[1].searchParams)).toMatchObject({ lat: '43.119', lon: '-124.408', zoom: '14' });
  });

  it('falls back to the gazetteer with the same bias', async () => {
    reply = answerWith(503, 'down');
    const results = await createPhotonSearch(photonUrl, fetch, { logger: recordingLogger() }).search('astoria', [{ latitude: 45.5, longitude: -122.7 }]);
    expect(results[0].address).toBe('Astoria, OR, United States');
  });

  it('keeps a path in the base URL and encodes the query', async () => {
    await createPhotonSearch(`${photonUrl}/photon/`).search('São Paulo, SP & more');
    expect(received[0].pathname).toBe('/photon/api/');
    expect(received[0].searchParams.get('q')).toBe('São Paulo, SP & more');
  });

  it('falls back to the offline gazetteer and logs why when Photon answers 500', async () => {
    reply = answerWith(500, '{"message":"internal error"}');
    const logger = recordingLogger();

    const results = await createPhotonSearch(photonUrl, fetch, { logger }).search('berlin');

    expect(received).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: 'geonames:2950159', name: 'Berlin', address: 'Berlin, Germany' });
    expect(logger.warnings).toHaveLength(1);
    expect((logger.warnings[0][0] as { err: Error }).err.message).toBe('Photon answered 500 Internal Server Error');
  });

  it('falls back when Photon answers something that is not GeoJSON', async () => {
    reply = answerWith(200, '<html>maintenance</html>');
    const logger = recordingLogger();
    const results = await createPhotonSearch(photonUrl, fetch, { logger }).search('portland, or');
    expect(results[0].address).toBe('Portland, OR, United States');
    expect((logger.warnings[0][0] as { err: Error }).err.message).toBe('Photon answered something other than a GeoJSON FeatureCollection');
  });

  it('falls back when Photon does not answer in time', async () => {
    reply = (response) => void setTimeout(() => answerWith(200, berlinAnswer)(response), 2000);
    const logger = recordingLogger();
    const started = performance.now();

    const results = await createPhotonSearch(photonUrl, fetch, { logger, timeoutMs: 300 }).search('paris');

    expect(performance.now() - started).toBeLessThan(1500);
    expect(results[0].address).toBe('Paris, France');
    expect((logger.warnings[0][0] as { err: Error }).err.message).toBe('Photon did not answer within 300 ms');
  });

  it('falls back when nothing listens at the geocoder URL', async () => {
    const deadUrl = await unusedOrigin();
    const logger = recordingLogger();

    const results = await createPhotonSearch(deadUrl, fetch, { logger }).search('zurich');

    expect(results[0].address).toBe('Zürich, Switzerland');
    expect((logger.warnings[0][0] as { err: Error }).err.message).toBe(`Photon could not be reached at ${deadUrl}`);
  });
});

describe('Photon reverse geocoding', () => {
  it('asks /reverse with the point and a limit of 1, and maps the first feature', async () => {
    const place = await createPhotonSearch(`${photonUrl}/photon`).reverse({ latitude: 52.517, longitude: 13.389 });
    expect(received[0].pathname).toBe('/photon/reverse');
    expect(Object.fromEntries(received[0].searchParams)).toEqual({ lat: '52.517', lon: '13.389', limit: '1' });
    expect(place).toMatchObject({ id: 'photon:N240109189', address: 'Berlin, 10117, Germany' });
  });

  it('says no place when Photon has none, and falls back to the nearest town when Photon fails', async () => {
    reply = answerWith(200, '{"type":"FeatureCollection","features":[]}');
    expect(await createPhotonSearch(photonUrl).reverse({ latitude: 0.5, longitude: -30 })).toBeNull();
    reply = answerWith(503, 'down');
    const logger = recordingLogger();
    const place = await createPhotonSearch(photonUrl, fetch, { logger }).reverse({ latitude: 47.04, longitude: -122.9 });
    expect(place?.address).toBe('Olympia, WA, United States');
    expect(logger.warnings).toHaveLength(1);
  });
});

describe('createLocationSearch', () => {
  it('uses the gazetteer without a geocoder URL and Photon with one', async () => {
    expect(createLocationSearch({ geocoderUrl: undefined }).source).toBe('gazetteer');
    const configured = createLocationSearch({ geocoderUrl: photonUrl });
    expect(configured.source).toBe('photon');
    expect((await configured.search('berlin'))[0].id).toBe('photon:N240109189');
  });
});
