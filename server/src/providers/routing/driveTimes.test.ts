import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerWith, closeServer, listenLocally, recordingLogger, unusedOrigin, warningMessage } from '../../test/standInServer.ts';
import { greatCircleEstimate, haversineKm } from './greatCircle.ts';
import { createDriveTimeEstimator } from './index.ts';
import { createOsrmEstimator } from './osrm.ts';

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const stLouis = { latitude: 38.627, longitude: -90.1994 };
const chicagoToStLouis = fs.readFileSync(new URL('./osrmChicagoStLouis.fixture.json', import.meta.url), 'utf8');

/** A stand-in OSRM on 127.0.0.1: records each request and answers as `reply` says. */
let osrmUrl: string;
let received: URL[] = [];
let reply: (response: http.ServerResponse) => void;
const osrm = http.createServer((request, response) => {
  received.push(new URL(request.url!, osrmUrl));
  reply(response);
});

beforeAll(async () => {
  osrmUrl = await listenLocally(osrm);
});
afterAll(() => closeServer(osrm));
beforeEach(() => {
  received = [];
  reply = answerWith(200, chicagoToStLouis);
});

describe('great-circle drive time', () => {
  it('measures Chicago to St. Louis as about 422 km in a straight line', () => {
    expect(haversineKm(chicago, stLouis)).toBeCloseTo(422.1, 1);
    expect(haversineKm(chicago, chicago)).toBe(0);
  });

  it('stretches the distance by 1.3 and drives it at 80 km/h, in whole minutes', () => {
    // 422.1 km × 1.3 = 548.8 km of road; at 80 km/h that is 6 h 52 min.
    expect(greatCircleEstimate(chicago, stLouis)).toEqual({ minutes: 412, distanceKm: 548.8, source: 'great-circle' });
    expect(greatCircleEstimate(chicago, chicago)).toEqual({ minutes: 0, distanceKm: 0, source: 'great-circle' });
  });

  it('is the default without OSRM_URL', async () => {
    expect((await createDriveTimeEstimator({ osrmUrl: undefined }).estimate(chicago, stLouis)).source).toBe('great-circle');
  });
});

describe('OSRM drive time', () => {
  it('asks /route/v1/driving/ with longitude,latitude pairs and no overview, and reads the first route', async () => {
    const estimate = await createOsrmEstimator(osrmUrl).estimate(chicago, stLouis);

    expect(received).toHaveLength(1);
    expect(received[0].pathname).toBe('/route/v1/driving/-87.629800,41.878100;-90.199400,38.627000');
    expect(Object.fromEntries(received[0].searchParams)).toEqual({ overview: 'false' });
    // 16,780.2 s and 479,812.6 m.
    expect(estimate).toEqual({ minutes: 280, distanceKm: 479.8, source: 'osrm' });
  });

  it('keeps a path in the base URL', async () => {
    await createOsrmEstimator(`${osrmUrl}/osrm/`).estimate(chicago, stLouis);
    expect(received[0].pathname).toBe('/osrm/route/v1/driving/-87.629800,41.878100;-90.199400,38.627000');
  });

  it('is used when OSRM_URL is set', async () => {
    expect(await createDriveTimeEstimator({ osrmUrl }).estimate(chicago, stLouis)).toMatchObject({ minutes: 280, source: 'osrm' });
  });

  it('falls back to the great-circle estimate when OSRM finds no route', async () => {
    reply = answerWith(400, JSON.stringify({ code: 'NoRoute', message: 'Impossible route between points' }));
    const logger = recordingLogger();
    const honolulu = { latitude: 21.3069, longitude: -157.8583 };

    const estimate = await createOsrmEstimator(osrmUrl, fetch, { logger }).estimate(chicago, honolulu);

    expect(estimate.source).toBe('great-circle');
    expect(estimate.minutes).toBe(greatCircleEstimate(chicago, honolulu).minutes);
    expect(warningMessage(logger)).toBe('OSRM answered NoRoute: Impossible route between points');
  });

  it('falls back when OSRM answers 500 with an HTML page', async () => {
    reply = answerWith(500, '<html><body>502 Bad Gateway</body></html>');
    const logger = recordingLogger();
    expect(await createOsrmEstimator(osrmUrl, fetch, { logger }).estimate(chicago, stLouis)).toEqual(greatCircleEstimate(chicago, stLouis));
    expect(warningMessage(logger)).toBe('OSRM answered 500 without a route response');
  });

  it('falls back when OSRM does not answer in time', async () => {
    reply = (response) => void setTimeout(() => answerWith(200, chicagoToStLouis)(response), 2000);
    const logger = recordingLogger();
    const started = performance.now();

    const estimate = await createOsrmEstimator(osrmUrl, fetch, { logger, timeoutMs: 300 }).estimate(chicago, stLouis);

    expect(performance.now() - started).toBeLessThan(1500);
    expect(estimate.source).toBe('great-circle');
    expect(warningMessage(logger)).toBe('OSRM did not answer within 300 ms');
  });

  it('falls back when nothing listens at OSRM_URL', async () => {
    const deadUrl = await unusedOrigin();
    const logger = recordingLogger();

    expect((await createOsrmEstimator(deadUrl, fetch, { logger }).estimate(chicago, stLouis)).source).toBe('great-circle');
    expect(warningMessage(logger)).toBe(`OSRM could not be reached at ${deadUrl}`);
  });
});
