/**
 * PROVIDERS=auto through the real server and adapters, every public provider's URL pointed at a local stand-in
 * speaking its protocol (nothing here reaches the internet): a provider that answers is used, one that refuses,
 * hangs or answers 429 is fallen back from at once (or within its timeout) and backed off, and the config call says
 * which answer with their credits. Start waits for the check at most about CHECK_TIMEOUT_MS.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ATTRIBUTION, ZClientConfigResponse } from '@caravan/shared';
import { CHECK_TIMEOUT_MS, type Config, createLogger, createRemoteProviders, loadConfig } from '@caravan/engine';
import {
  createTestDatabase,
  silentOrigin,
  startOsrmStandIn,
  startOverpassStandIn,
  startPhotonStandIn,
  unusedOrigin,
  type OsrmStandIn,
  type OverpassStandIn,
  type PhotonStandIn,
} from '@caravan/engine/test';
import { startServer, type RunningServer } from '../server.ts';
import { createApi } from '../test/apiClient.ts';
import { startTestServer } from '../test/testServer.ts';
import { tripWithCrew } from '../test/tripWithCrew.ts';
import { loadGazetteer } from './locationSearch/gazetteer.ts';
import { createLocationSearch } from './locationSearch/index.ts';

const PUBLIC_ORIGIN = 'https://trips.example.org';
const USER_AGENT = 'Caravan/0.1.0 (+https://trips.example.org)';
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
const PORTLAND = { latitude: 45.5152, longitude: -122.6784 };

/** Auto mode with these provider URLs, as loadConfig reads them from the environment. */
const autoConfig = (urls: Pick<Config, 'geocoderUrl' | 'osrmUrl' | 'overpassUrl' | 'exchangeRatesUrl'>): Partial<Config> => ({
  ...loadConfig({ PROVIDERS: 'auto' }),
  ...urls,
  publicOrigin: PUBLIC_ORIGIN,
  osrmRequestsPerSecond: 50,
  geocoderRequestsPerSecond: 50,
  overpassRequestsPerSecond: 50,
});

const ECB_DAILY = `<Envelope><Cube><Cube time="2026-12-01"><Cube currency="USD" rate="1.05"/></Cube></Cube></Envelope>`;

describe('PROVIDERS=auto with every provider a stand-in that answers', () => {
  let photon: PhotonStandIn;
  let osrm: OsrmStandIn;
  let overpass: OverpassStandIn;
  let ecb: http.Server;
  const ecbAgents: (string | undefined)[] = [];
  let server: RunningServer;
  let config: Partial<Config>;

  beforeAll(async () => {
    [photon, osrm, overpass] = await Promise.all([startPhotonStandIn(), startOsrmStandIn(), startOverpassStandIn()]);
    ecb = http.createServer((request, response) => {
      ecbAgents.push(request.headers['user-agent']);
      response.writeHead(200, { 'content-type': 'text/xml' }).end(ECB_DAILY);
    });
    const ecbOrigin = await new Promise<string>((resolve) => ecb.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(ecb.address() as { port: number }).port}`)));
    config = {
      ...autoConfig({ geocoderUrl: photon.url, osrmUrl: osrm.url, overpassUrl: overpass.url, exchangeRatesUrl: `${ecbOrigin}/eurofxref-daily.xml` }),
      databaseUrl: await createTestDatabase(),
      port: 0,
    };
    server = await startTestServer(config);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([photon?.close(), osrm?.close(), overpass?.close(), new Promise((resolve) => ecb?.close(resolve))]);
  });

  it('checked each at start, saying who asks', () => {
    expect(photon.requests[0]).toMatchObject({ userAgent: USER_AGENT });
    expect(photon.requests[0].url.pathname).toBe('/status');
    expect(osrm.requests[0].url.pathname).toMatch(/^\/route\/v1\/driving\//);
    expect(ecbAgents[0]).toBe(USER_AGENT);
    expect(server.deps.providers.live()).toEqual({ geocoder: true, osrm: true, overpass: true, exchangeRates: true, weather: false, weatherArchive: false });
  });

  it('finds places through Photon, said so, and asks once for a search repeated (kept a day)', async () => {
    const crew = await tripWithCrew(server.deps.dataSource);
    const api = createApi(server);
    const asked = photon.requests.length;
    const response = await api.post('/search/locations', { query: 'Myers Flat' }, { as: crew.owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: 'photon:N151002', name: 'Myers Flat', address: 'Myers Flat, California, United States', latitude: 40.2657, longitude: -123.8706, source: 'photon' },
    ]);
    await api.post('/search/locations', { query: '  myers flat ' }, { as: crew.owner });
    expect(photon.requests.length - asked).toBe(1);
    expect(photon.requests.at(-1)).toMatchObject({ userAgent: USER_AGENT });

    // Reverse geocoding, kept by the position rounded to ~10 m.
    const reverse = await api.post('/search/reverse', { latitude: 43.12, longitude: -124.41 }, { as: crew.owner });
    expect(reverse.status).toBe(200);
    expect(reverse.body).toEqual({
      location: { id: 'photon:N151003', name: 'Bandon', address: 'Bandon, Oregon, United States', latitude: 43.119, longitude: -124.4084, source: 'photon' },
    });
    await api.post('/search/reverse', { latitude: 43.120001, longitude: -124.410001 }, { as: crew.owner });
    expect(photon.requests.filter((request) => request.url.pathname === '/reverse')).toHaveLength(1);
    expect(Object.fromEntries(photon.requests.find((request) => request.url.pathname === '/reverse')!.url.searchParams)).toEqual({
      lat: '43.12',
      lon: '-124.41',
      limit: '1',
    });
  });

  it('drives on OSRM, asks Overpass for places, and reads the ECB', async () => {
    expect(await server.deps.roads.route({ from: SEATTLE, to: PORTLAND })).toMatchObject({ source: 'osrm', fellBack: false });
    const crew = await tripWithCrew(server.deps.dataSource);
    const pois = await createApi(server).post('/search/pois', { keyword: 'museum', ...PORTLAND, radius: 10 }, { as: crew.owner });
    expect(pois.status).toBe(200);
    // The start's check was a GET of /api/status, no query.
    expect(overpass.queries.filter(Boolean)).toHaveLength(1);
    expect(await server.deps.exchangeRates.euroRates()).toEqual({ USD: '1.05' });
  });

  it("answers a search from what another API process on the database was answered, asking Photon and Overpass nothing again", async () => {
    const crew = await tripWithCrew(server.deps.dataSource);
    const search = (api: ReturnType<typeof createApi>) =>
      Promise.all([
        api.post('/search/locations', { query: 'Bandon' }, { as: crew.owner }),
        api.post('/search/pois', { keyword: 'museum', ...SEATTLE, radius: 10 }, { as: crew.owner }),
      ]);
    const before = [photon.requests.length, overpass.queries.length];
    const first = await search(createApi(server));
    const [photonAsked, overpassAsked] = [photon.requests.length, overpass.queries.length];
    expect([photonAsked, overpassAsked]).toEqual([before[0] + 1, before[1] + 1]);
    // Behind a load balancer, or after a restart: another process on the same database.
    const other = await startTestServer(config);
    try {
      const [photonChecked, overpassChecked] = [photon.requests.length, overpass.queries.length];
      expect(photonChecked).toBe(photonAsked + 1);
      const second = await search(createApi(other));
      expect(second.map((response) => response.body)).toEqual(first.map((response) => response.body));
      expect(second[0].body).toEqual([expect.objectContaining({ name: 'Bandon', source: 'photon' })]);
      expect([photon.requests.length, overpass.queries.length]).toEqual([photonChecked, overpassChecked]);
    } finally {
      await other.close();
    }
  });

  it('says in the config call that each answers, with their credits', async () => {
    const response = await fetch(`${server.url}/_api/config`);
    const config = ZClientConfigResponse.parse(await response.json());
    expect(config.providers).toEqual({ locations: 'photon', roads: 'osrm', pois: 'overpass', exchangeRates: 'ecb' });
    expect(config.attribution).toEqual([
      PROVIDER_ATTRIBUTION.photon,
      PROVIDER_ATTRIBUTION.osrm,
      PROVIDER_ATTRIBUTION.overpass,
      PROVIDER_ATTRIBUTION.openStreetMap,
      PROVIDER_ATTRIBUTION.geoNames,
    ]);
  });
});

describe('PROVIDERS=auto with every provider unreachable', () => {
  let silent: Awaited<ReturnType<typeof silentOrigin>>;
  let server: RunningServer;
  let startMs: number;
  let offlineStartMs: number;

  beforeAll(async () => {
    silent = await silentOrigin();
    const refused = await unusedOrigin();
    const databaseUrl = await createTestDatabase();
    const base = { port: 0, host: '127.0.0.1', dataDir: (await import('node:os')).tmpdir() };
    const logger = createLogger('silent');
    // Today's start (offline) over the same database, then auto with a provider that refuses and three that hang.
    let started = performance.now();
    const offline = await startServer({ ...loadConfig({ PROVIDERS: 'offline' }), ...base }, databaseUrl, logger);
    offlineStartMs = performance.now() - started;
    await offline.close();
    const config = {
      ...(autoConfig({ geocoderUrl: refused, osrmUrl: silent.url, overpassUrl: `${silent.url}/api/interpreter`, exchangeRatesUrl: silent.url }) as Config),
      ...base,
    };
    started = performance.now();
    server = await startServer(config, databaseUrl, logger);
    startMs = performance.now() - started;
  });
  afterAll(async () => {
    await server?.close();
    await silent?.close();
  });

  it('starts within 2 s of an offline start', () => {
    expect(startMs - offlineStartMs).toBeLessThan(2000);
    expect(server.deps.providers.live()).toEqual({ geocoder: false, osrm: false, overpass: false, exchangeRates: false, weather: false, weatherArchive: false });
  });

  it('answers every call at once from the offline stand-ins, said so', async () => {
    const crew = await tripWithCrew(server.deps.dataSource);
    const api = createApi(server);
    // Loads the offline list once; that is not the providers' time.
    await server.deps.locationSearch.search('warm up');
    const started = performance.now();
    const search = await api.post('/search/locations', { query: 'Portland, OR' }, { as: crew.owner });
    const leg = await server.deps.roads.route({ from: SEATTLE, to: PORTLAND });
    const pois = await api.post('/search/pois', { keyword: 'national park', latitude: 37.1889, longitude: -112.9986, radius: 100 }, { as: crew.owner });
    const rates = await server.deps.exchangeRates.euroRates();
    const reverse = await api.post('/search/reverse', SEATTLE, { as: crew.owner });
    expect(performance.now() - started).toBeLessThan(1000);

    expect(search.body[0]).toMatchObject({ address: 'Portland, OR, United States', source: 'offline' });
    expect(leg).toMatchObject({ source: 'great-circle', fellBack: true });
    expect(pois.body.map((place: { name: string }) => place.name)).toEqual(['Zion National Park', 'Bryce Canyon National Park']);
    expect(rates).toBeNull();
    // The offline list knows towns, not the address at a point: nothing, rather than a wrong address.
    expect(reverse.body.location).toMatchObject({ source: 'offline' });
  });

  it('says in the config call that the offline ones answer, crediting GeoNames alone', async () => {
    const config = ZClientConfigResponse.parse(await (await fetch(`${server.url}/_api/config`)).json());
    expect(config.providers).toEqual({ locations: 'offline', roads: 'estimate', pois: 'offline', exchangeRates: 'none' });
    expect(config.attribution).toEqual([PROVIDER_ATTRIBUTION.geoNames]);
  });
});

describe('Photon in auto mode, failing after the start', () => {
  /** Photon through its remote provider as the server makes it, checked as at start; the offline list loaded already. */
  async function photonSearch(url: string) {
    const { geocoder } = createRemoteProviders(autoConfig({ geocoderUrl: url, osrmUrl: undefined, overpassUrl: undefined, exchangeRatesUrl: undefined }) as Config);
    const search = createLocationSearch({ geocoderUrl: url }, createLogger('silent'), geocoder);
    await geocoder!.check();
    loadGazetteer();
    return { search, geocoder: geocoder! };
  }

  it('falls back at once when its port refuses, and asks it no more while down', async () => {
    const { search, geocoder } = await photonSearch(await unusedOrigin());
    expect(geocoder.state()).toBe('down');
    const started = performance.now();
    expect((await search.search('Astoria', [PORTLAND]))[0]).toMatchObject({ address: 'Astoria, OR, United States', source: 'offline' });
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('falls back within its timeout when it stops answering, then at once', async () => {
    const photon = await startPhotonStandIn();
    try {
      const { search, geocoder } = await photonSearch(photon.url);
      expect(geocoder.state()).toBe('up');
      photon.reply = () => {};
      let started = performance.now();
      expect((await search.search('Eureka', [PORTLAND]))[0]).toMatchObject({ address: 'Eureka, CA, United States', source: 'offline' });
      // PHOTON_TIMEOUT_MS (5 s) at most, and not much less: it waited for Photon.
      expect(performance.now() - started).toBeLessThan(6000);
      expect(geocoder.state()).toBe('down');
      const asked = photon.requests.length;
      started = performance.now();
      expect((await search.search('Seattle'))[0]).toMatchObject({ source: 'offline' });
      expect(performance.now() - started).toBeLessThan(300);
      expect(photon.requests).toHaveLength(asked);
    } finally {
      photon.reply = null;
      await photon.close();
    }
  }, 15_000);

  it('falls back at once on a 429 and backs off for its Retry-After', async () => {
    const photon = await startPhotonStandIn();
    try {
      const { search, geocoder } = await photonSearch(photon.url);
      photon.reply = (response) => response.writeHead(429, { 'retry-after': '600', 'content-type': 'application/json' }).end('{"message":"rate limited"}');
      expect((await search.search('Seattle'))[0]).toMatchObject({ source: 'offline' });
      const asked = photon.requests.length;
      photon.reply = null;
      expect((await search.search('Myers Flat')).every((result) => result.source === 'offline')).toBe(true);
      expect(photon.requests).toHaveLength(asked);
      expect(geocoder.state()).toBe('down');
    } finally {
      await photon.close();
    }
  });
});

// The start's wait is bounded by the check's timeout, whatever the providers do.
it('has a check timeout that keeps start within 2 s', () => {
  expect(CHECK_TIMEOUT_MS).toBeLessThan(2000);
});
