/** PROVIDERS=auto's plumbing against local stand-ins: the settings, the start's check, the gate, the queue, the User-Agent. */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PUBLIC_PROVIDER_URLS } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { closeServer, listenLocally, silentOrigin, unusedOrigin } from '../test/standInServer.ts';
import { FIRST_WAIT_MS } from './providerGate.ts';
import { CHECK_TIMEOUT_MS, createRemoteProvider } from './remoteProvider.ts';
import { createRemoteProviders } from './remoteProviders.ts';
import { createRequestQueue } from './requestQueue.ts';

/** A logger that keeps what it is told. */
function keepingLogger() {
  const lines: { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (fields: Record<string, unknown>, message?: string) => void lines.push({ level: 'info', fields, message: message ?? '' }),
    warn: (fields: Record<string, unknown>, message?: string) => void lines.push({ level: 'warn', fields, message: message ?? '' }),
  } as unknown as Pick<Logger, 'info' | 'warn'> & { lines: { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }[] };
}

/** A stand-in that answers each request as `answer` says and records its User-Agent. */
let answer: (response: http.ServerResponse) => void = (response) => response.end('{}');
const seen: { path: string; userAgent: string | undefined }[] = [];
const standIn = http.createServer((request, response) => {
  seen.push({ path: request.url!, userAgent: request.headers['user-agent'] });
  answer(response);
});
let origin: string;
beforeAll(async () => {
  origin = await listenLocally(standIn);
});
afterAll(() => closeServer(standIn));

describe('the PROVIDERS setting', () => {
  it("is 'auto' by default: each provider URL defaults to its public service", () => {
    const config = loadConfig({});
    expect(config.providers).toBe('auto');
    expect(config).toMatchObject({
      geocoderUrl: 'https://photon.komoot.io',
      osrmUrl: 'https://router.project-osrm.org',
      overpassUrl: 'https://overpass-api.de/api/interpreter',
      exchangeRatesUrl: PUBLIC_PROVIDER_URLS.EXCHANGE_RATES_URL,
      weatherUrl: 'https://api.open-meteo.com/v1/forecast',
      weatherArchiveUrl: 'https://archive-api.open-meteo.com/v1/archive',
      osrmRequestsPerSecond: 1,
    });
  });

  it("asks no public service with 'offline', still the URLs set; a URL 'off' turns one provider off; a URL set wins", () => {
    expect(loadConfig({ PROVIDERS: 'offline' })).toMatchObject({ geocoderUrl: undefined, osrmUrl: undefined, overpassUrl: undefined, exchangeRatesUrl: undefined, weatherUrl: undefined, weatherArchiveUrl: undefined });
    expect(loadConfig({ PROVIDERS: 'offline', WEATHER_URL: 'http://meteo.internal/v1/forecast' }).weatherUrl).toBe('http://meteo.internal/v1/forecast');
    expect(loadConfig({ PROVIDERS: 'offline', OSRM_URL: 'http://osrm.internal:5000' }).osrmUrl).toBe('http://osrm.internal:5000');
    expect(loadConfig({ OSRM_URL: 'off' }).osrmUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'http://photon.internal:2322' })).toMatchObject({
      geocoderUrl: 'http://photon.internal:2322',
      overpassUrl: 'https://overpass-api.de/api/interpreter',
    });
    expect(() => loadConfig({ PROVIDERS: 'online' })).toThrow("PROVIDERS must be 'auto' or 'offline'");
    expect(() => loadConfig({ GEOCODER_REQUESTS_PER_SECOND: '0' })).toThrow('GEOCODER_REQUESTS_PER_SECOND must be a positive number');
  });
});

describe("the start's check", () => {
  it('checks every provider at once within CHECK_TIMEOUT_MS, though none answers, and logs each', async () => {
    const silent = await silentOrigin();
    const refused = await unusedOrigin();
    const logger = keepingLogger();
    const providers = createRemoteProviders(
      {
        providers: 'auto',
        publicOrigin: 'https://trips.example.org',
        geocoderUrl: silent.url,
        geocoderRequestsPerSecond: 2,
        osrmUrl: silent.url,
        overpassUrl: `${refused}/api/interpreter`,
        overpassRequestsPerSecond: 1,
        exchangeRatesUrl: `${silent.url}/eurofxref-daily.xml`,
      },
      logger,
    );
    const started = performance.now();
    await providers.checkAll();
    const took = performance.now() - started;
    await silent.close();

    // In parallel: about one timeout, not four.
    expect(took).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(2 * CHECK_TIMEOUT_MS);
    expect(logger.lines.map((line) => [line.level, line.fields.provider]).sort()).toEqual([
      ['warn', 'ECB exchange rates'],
      ['warn', 'OSRM'],
      ['warn', 'Overpass'],
      ['warn', 'Photon'],
    ]);
    expect(logger.lines.find((line) => line.fields.provider === 'Overpass')?.message).toBe('Overpass cannot be reached: its offline stand-in answers until it can');
    expect(providers.live()).toEqual({ geocoder: false, osrm: false, overpass: false, exchangeRates: false, weather: false, weatherArchive: false });
  });

  it('marks a provider that answers live, logs so, and checks nothing with PROVIDERS=offline', async () => {
    answer = (response) => response.end('{"status":"Ok"}');
    seen.length = 0;
    const logger = keepingLogger();
    const config = {
      publicOrigin: 'https://trips.example.org',
      geocoderUrl: origin,
      geocoderRequestsPerSecond: 2,
      osrmUrl: undefined,
      overpassUrl: undefined,
      overpassRequestsPerSecond: 1,
      exchangeRatesUrl: undefined,
    };
    const auto = createRemoteProviders({ ...config, providers: 'auto' }, logger);
    await auto.checkAll();
    expect(seen).toEqual([{ path: '/status', userAgent: 'Caravan/0.1.0 (+https://trips.example.org)' }]);
    expect(logger.lines).toEqual([{ level: 'info', fields: { provider: 'Photon', url: origin }, message: 'Photon answers' }]);
    expect(auto.live()).toEqual({ geocoder: true, osrm: false, overpass: false, exchangeRates: false, weather: false, weatherArchive: false });

    await createRemoteProviders({ ...config, providers: 'offline' }, logger).checkAll();
    expect(seen).toHaveLength(1);
  });
});

describe('a provider in auto mode', () => {
  it('sends the identifying User-Agent, and is skipped at once for FIRST_WAIT_MS once it cannot be reached, then re-checked by one call', async () => {
    let clock = 1_000_000;
    const refused = await unusedOrigin();
    const provider = createRemoteProvider({ label: 'Photon', url: refused, checkUrl: refused, userAgent: 'Caravan/test', gated: true, now: () => clock });
    await expect(provider.fetch(`${refused}/api/?q=x`)).rejects.toThrow('fetch failed');
    expect(provider.state()).toBe('down');

    // Down: no request at all, at once.
    const started = performance.now();
    await expect(provider.fetch(`${refused}/api/?q=x`)).rejects.toThrow(/^Photon is down/);
    expect(performance.now() - started).toBeLessThan(50);

    // Past its wait the next call is the re-check; here it fails again, so the wait doubles.
    clock += FIRST_WAIT_MS;
    await expect(provider.fetch(`${refused}/api/?q=x`)).rejects.toThrow('fetch failed');
    clock += FIRST_WAIT_MS;
    await expect(provider.fetch(`${refused}/api/?q=x`)).rejects.toThrow(/^Photon is down/);
  });

  it('backs off for the Retry-After of a 429 or a 503, then asks again', async () => {
    let clock = 1_000_000;
    const provider = createRemoteProvider({ label: 'Overpass', url: origin, checkUrl: origin, userAgent: 'Caravan/test', gated: true, now: () => clock });
    seen.length = 0;
    answer = (response) => response.writeHead(429, { 'retry-after': '120' }).end('slow down');

    expect((await provider.fetch(`${origin}/api/interpreter`)).status).toBe(429);
    expect(provider.state()).toBe('down');
    clock += 119_000;
    await expect(provider.fetch(`${origin}/api/interpreter`)).rejects.toThrow(/^Overpass is down/);
    expect(seen).toHaveLength(1);

    answer = (response) => response.writeHead(503, { 'retry-after': '5' }).end('busy');
    clock += 1_000;
    expect((await provider.fetch(`${origin}/api/interpreter`)).status).toBe(503);
    clock += 4_000;
    await expect(provider.fetch(`${origin}/api/interpreter`)).rejects.toThrow(/^Overpass is down/);

    answer = (response) => response.end('{}');
    clock += 1_000;
    expect((await provider.fetch(`${origin}/api/interpreter`)).status).toBe(200);
    expect(provider.state()).toBe('up');
    expect(seen).toHaveLength(3);
    expect(seen.every((request) => request.userAgent === 'Caravan/test')).toBe(true);
  });

  it('logs once when it goes down and once when it answers again, not on every call skipped', async () => {
    let clock = 1_000_000;
    const logger = keepingLogger();
    const provider = createRemoteProvider({ label: 'OSRM', url: origin, checkUrl: origin, userAgent: 'Caravan/test', gated: true, now: () => clock, logger });
    answer = (response) => response.end('{}');
    await provider.fetch(origin);
    answer = (response) => response.writeHead(503).end('busy');
    await provider.fetch(origin);
    for (let call = 0; call < 3; call++) await expect(provider.fetch(origin)).rejects.toThrow(/^OSRM is down/);
    clock += FIRST_WAIT_MS;
    answer = (response) => response.end('{}');
    await provider.fetch(origin);
    expect(logger.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'OSRM answered 503: its offline stand-in answers until it is asked again'],
      ['info', 'OSRM answers again'],
    ]);
  });

  it('waits its turn in the queue: requests spaced by 1 / rate, never a burst', async () => {
    answer = (response) => response.end('{}');
    const rate = 10;
    const provider = createRemoteProvider({
      label: 'Photon',
      url: origin,
      checkUrl: origin,
      userAgent: 'Caravan/test',
      gated: true,
      queue: createRequestQueue('Photon', rate, 2),
    });
    const started = performance.now();
    const sentAt: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => provider.fetch(origin).then(() => sentAt.push(performance.now() - started))));
    // The fourth leaves no sooner than 3 / rate s after the first.
    expect(Math.max(...sentAt)).toBeGreaterThanOrEqual((3 / rate) * 1000 - 3);
  });
});
