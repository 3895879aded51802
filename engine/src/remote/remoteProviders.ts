/**
 * The remote providers a process asks, from its config: Photon (place search), OSRM (roads), Overpass (points of
 * interest), the ECB (exchange rates) and Open-Meteo (forecasts, and the archive behind climate normals), each present when its URL is set (by PROVIDERS=auto, its public service).
 * In auto mode each is gated (skipped while down) and queued (never a burst; with `db`, at one pace for every process
 * on that database: ./sharedPacing.ts, their answers kept there for all: ./keptAnswers.ts); `checkAll` is the start's check of
 * all of them at once, at most CHECK_TIMEOUT_MS, logged per provider. With PROVIDERS=offline a URL set is asked
 * as before: every call, no check.
 */
import type { DataSource } from 'typeorm';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import type { ProviderState } from './providerGate.ts';
import { createRemoteProvider, type RemoteProvider } from './remoteProvider.ts';
import { createRequestQueue } from './requestQueue.ts';
import { providerUserAgent } from './userAgent.ts';

export type ProviderRole = 'geocoder' | 'osrm' | 'overpass' | 'exchangeRates' | 'weather' | 'weatherArchive';

export interface RemoteProviders {
  geocoder?: RemoteProvider;
  osrm?: RemoteProvider;
  overpass?: RemoteProvider;
  exchangeRates?: RemoteProvider;
  weather?: RemoteProvider;
  weatherArchive?: RemoteProvider;
  /** Checks every provider at once (auto mode only); resolves when all have answered or timed out. */
  checkAll(): Promise<void>;
  /** Whether each role has a provider that is not known to be down. */
  live(): Record<ProviderRole, boolean>;
}

export type RemoteProvidersConfig = Pick<
  Config,
  | 'providers'
  | 'publicOrigin'
  | 'geocoderUrl'
  | 'geocoderRequestsPerSecond'
  | 'osrmUrl'
  | 'overpassUrl'
  | 'overpassRequestsPerSecond'
  | 'exchangeRatesUrl'
> &
  Partial<Pick<Config, 'weatherUrl' | 'weatherArchiveUrl' | 'weatherRequestsPerSecond'>>;

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** A drive across Berlin: the cheapest route OSRM can be asked for. */
const OSRM_CHECK_PATH = 'route/v1/driving/13.388860,52.517037;13.397634,52.529407?overview=false';

export function createRemoteProviders(
  config: RemoteProvidersConfig,
  logger?: Pick<Logger, 'info' | 'warn'>,
  fetchImpl?: typeof fetch,
  db?: DataSource | Promise<DataSource>,
): RemoteProviders {
  const gated = config.providers === 'auto';
  const queue = (label: string, url: string, requestsPerSecond: number, maxWaitSeconds: number) =>
    gated ? createRequestQueue(label, requestsPerSecond, maxWaitSeconds, db && { db, key: `${label} ${new URL(url).host}` }) : undefined;
  const userAgent = providerUserAgent(config.publicOrigin);
  const common = { userAgent, gated, fetch: fetchImpl, logger, db };
  const providers: Omit<RemoteProviders, 'checkAll' | 'live'> = {};
  if (config.geocoderUrl) {
    providers.geocoder = createRemoteProvider({
      ...common,
      label: 'Photon',
      url: config.geocoderUrl,
      // Photon's /status; an older Photon's 404 still says it answers.
      checkUrl: new URL('status', withSlash(config.geocoderUrl)).href,
      queue: queue('Photon', config.geocoderUrl, config.geocoderRequestsPerSecond, 2),
    });
  }
  if (config.osrmUrl) {
    // Queued by the OSRM router's own throttle (OSRM_REQUESTS_PER_SECOND), which matrices share.
    providers.osrm = createRemoteProvider({ ...common, label: 'OSRM', url: config.osrmUrl, checkUrl: new URL(OSRM_CHECK_PATH, withSlash(config.osrmUrl)).href });
  }
  if (config.overpassUrl) {
    providers.overpass = createRemoteProvider({
      ...common,
      label: 'Overpass',
      url: config.overpassUrl,
      // The interpreter's sibling /api/status says how many slots this client has; it runs no query.
      checkUrl: new URL('status', config.overpassUrl).href,
      queue: queue('Overpass', config.overpassUrl, config.overpassRequestsPerSecond, 5),
    });
  }
  if (config.exchangeRatesUrl) {
    providers.exchangeRates = createRemoteProvider({ ...common, label: 'ECB exchange rates', url: config.exchangeRatesUrl, checkUrl: config.exchangeRatesUrl });
  }
  // Open-Meteo's free API asks for fewer than 600 calls a minute; a batch of places is one call.
  const weatherRate = config.weatherRequestsPerSecond ?? 1;
  if (config.weatherUrl) {
    providers.weather = createRemoteProvider({
      ...common,
      label: 'Open-Meteo',
      url: config.weatherUrl,
      checkUrl: `${config.weatherUrl}?latitude=0&longitude=0&current=temperature_2m`,
      queue: queue('Open-Meteo', config.weatherUrl, weatherRate, 5),
    });
  }
  if (config.weatherArchiveUrl) {
    providers.weatherArchive = createRemoteProvider({
      ...common,
      label: 'Open-Meteo archive',
      url: config.weatherArchiveUrl,
      checkUrl: `${config.weatherArchiveUrl}?latitude=0&longitude=0&start_date=2020-01-01&end_date=2020-01-01&daily=temperature_2m_max`,
      queue: queue('Open-Meteo archive', config.weatherArchiveUrl, weatherRate, 5),
    });
  }
  const isLive = (provider: RemoteProvider | undefined) => provider !== undefined && provider.state() !== 'down';
  return {
    ...providers,
    async checkAll() {
      if (!gated) return;
      await Promise.all(Object.values(providers).map((provider: RemoteProvider) => provider.check(logger)));
    },
    live: () => ({
      geocoder: isLive(providers.geocoder),
      osrm: isLive(providers.osrm),
      overpass: isLive(providers.overpass),
      exchangeRates: isLive(providers.exchangeRates),
      weather: isLive(providers.weather),
      weatherArchive: isLive(providers.weatherArchive),
    }),
  };
}

export type { ProviderState };
