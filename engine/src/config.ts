/** Reads the environment once into a typed config; every default is documented in the README. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_MAP_STYLE } from '@caravan/shared';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationURL?: string;
  tokenURL?: string;
  userProfileURL?: string;
}

/** A generic OpenID Connect provider (Authentik, Keycloak, …): discovered from its issuer URL. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login button's label. */
  name: string;
}

/** An S3-compatible bucket for photos (path-style URLs); the local `.data/uploads/` folder when unset. */
export interface S3Config {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Public origin of the web app (OAuth callback and links); defaults to http://localhost:PORT. */
  publicOrigin: string;
  dataDir: string;
  webDistDir: string;
  trustProxy: boolean;
  /** Signs device cookies; unset: a random secret kept in dataDir/device-cookie-secret (server/src/auth/deviceCookie.ts). */
  deviceCookieSecret: string | undefined;
  /** The key that seals authenticator apps' secrets in the database; unset: a file made at first start in dataDir. */
  totpSecretKey: string | undefined;
  logLevel: string;
  google: GoogleConfig | null;
  /** Set when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are. */
  oidc: OidcConfig | null;
  /**
   * PROVIDERS: 'auto' (the default) gives each provider URL below its public service as default, and uses each
   * while it answers (checked at start, skipped while down, its offline stand-in answering meanwhile); 'offline'
   * asks no public service, only the URLs set. A URL set to 'off' turns that one provider off in either mode.
   */
  providers: ProvidersMode;
  /** Photon-compatible geocoder for the location type-ahead; the offline gazetteer when unset. */
  geocoderUrl: string | undefined;
  /** Outbound Photon requests per second, in auto mode. */
  geocoderRequestsPerSecond: number;
  /** Overpass API interpreter URL for point-of-interest search; the offline places when unset. */
  overpassUrl: string | undefined;
  /** Outbound Overpass requests per second, in auto mode. */
  overpassRequestsPerSecond: number;
  /** The ECB's eurofxref-daily.xml (or a service speaking it), to pre-fill expenses' rates; none when unset. */
  exchangeRatesUrl: string | undefined;
  /** Open-Meteo-compatible forecast API (…/v1/forecast) for each stop-day's weather; no weather when unset. */
  weatherUrl: string | undefined;
  /** Open-Meteo-compatible historical API (…/v1/archive) for climate normals beyond the forecast's 16 days; none when unset. */
  weatherArchiveUrl: string | undefined;
  /** Outbound weather requests per second (forecast and archive each), in auto mode. */
  weatherRequestsPerSecond: number;
  /** OSRM server for drive times, road lines and matrices; the great-circle estimate when unset. */
  osrmUrl: string | undefined;
  /** Outbound OSRM requests per second (the public demo server allows about one). */
  osrmRequestsPerSecond: number;
  /** SMTP server for invitation e-mails (smtp://user:pass@host:587); the outbox under dataDir when unset. */
  smtpUrl: string | undefined;
  /** From header of every e-mail. */
  mailFrom: string;
  /**
   * The VAPID key pair that signs Web Push requests (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, base64url); unset:
   * a pair made at first start in dataDir/vapid-keys.json (server/src/notifications/vapidKeys.ts).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** The contact push services see (VAPID_SUBJECT, mailto: or https:); unset: PUBLIC_ORIGIN when https, else MAIL_FROM's address. */
  vapidSubject: string | undefined;
  /** A PEM file of certificate authorities to trust for push services besides the usual ones (a private push service). */
  pushCaFile: string | undefined;
  /** Push services' hosts the server pushes to besides the browsers' own ('*.example.com' for subdomains). */
  pushServiceHosts: string[];
  /**
   * The collab processes /collab/ websocket upgrades are forwarded to (COLLAB_URLS, or COLLAB_URL as a list of
   * one): each trip goes to one of them by rendezvous hashing (server/src/collab/), so its members meet there.
   */
  collabUrls: string[];
  collabPort: number;
  /** Interface the collab server listens on (0.0.0.0 when other machines' API servers reach it). */
  collabHost: string;
  s3: S3Config | null;
  /**
   * Style URL of the base map; EMBEDDED_MAP_STYLE ('embedded', also set by MAP_TILES=off) for the web app's
   * built-in base map with no remote tiles; unset: OpenFreeMap's public style (the web app's default).
   */
  mapStyleUrl: string | undefined;
  /** Style URL of the base map in a dark theme (MAP_STYLE_URL_DARK); unset: see ZClientConfigResponse. */
  mapStyleUrlDark: string | undefined;
  /** Public Mapbox token: Mapbox raster tiles as the base map when no style URL is set. */
  mapboxToken: string | undefined;
  /**
   * A self-hosted PMTiles archive of the base map's vector tiles (MAP_PMTILES_URL), read by HTTP range requests: the
   * server serves its tiles as plain XYZ at /_api/map/tiles and the style with its vector source pointed there.
   */
  mapPmtilesUrl: string | undefined;
  /** The worker pool for CPU-heavy requests (server/src/heavyWork/): its threads, and the time a task may take. */
  heavyWork: { threads: number; budgetMs: number };
  /** Days a trip's versions are kept (HISTORY_DAYS); older ones are folded into the oldest kept by the daily sweep. */
  historyDays: number;
  /** Whether this process runs the history sweep (server/src/history/historySweep.ts); tests sweep with their own clock. */
  historySweep: boolean;
}

export type ProvidersMode = 'auto' | 'offline';

/** The public services PROVIDERS=auto uses, each the default of its URL setting. */
export const PUBLIC_PROVIDER_URLS = {
  /** komoot's public Photon: place and address search, type-ahead, reverse geocoding. */
  GEOCODER_URL: 'https://photon.komoot.io',
  /** The OSRM project's demo server: drive times, road lines, matrices (about one request a second). */
  OSRM_URL: 'https://router.project-osrm.org',
  /** The main Overpass API instance: points of interest and lodging. */
  OVERPASS_URL: 'https://overpass-api.de/api/interpreter',
  /** The European Central Bank's daily reference rates. */
  EXCHANGE_RATES_URL: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
  /** Open-Meteo's free forecast API (non-commercial use, CC BY 4.0): 16 days of daily and hourly weather. */
  WEATHER_URL: 'https://api.open-meteo.com/v1/forecast',
  /** Open-Meteo's historical weather API: the last ten years of a place, for its climate normals. */
  WEATHER_ARCHIVE_URL: 'https://archive-api.open-meteo.com/v1/archive',
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const providers = loadProvidersMode(env);
  const providerUrl = (name: keyof typeof PUBLIC_PROVIDER_URLS) => {
    const set = env[name]?.trim();
    if (set === 'off') return undefined;
    if (set) return set;
    return providers === 'auto' ? PUBLIC_PROVIDER_URLS[name] : undefined;
  };
  const port = Number(env.PORT ?? 3000);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          authorizationURL: env.GOOGLE_AUTHORIZATION_URL,
          tokenURL: env.GOOGLE_TOKEN_URL,
          userProfileURL: env.GOOGLE_USERINFO_URL,
        }
      : null;
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuer: env.OIDC_ISSUER.trim(),
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          name: env.OIDC_NAME?.trim() || 'Sign in with single sign-on',
        }
      : null;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? '.data'),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'web/dist'),
    trustProxy: env.TRUST_PROXY === 'true',
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET || undefined,
    totpSecretKey: env.TOTP_SECRET_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    google,
    oidc,
    providers,
    geocoderUrl: providerUrl('GEOCODER_URL'),
    geocoderRequestsPerSecond: loadRequestsPerSecond(env, 'GEOCODER_REQUESTS_PER_SECOND', 2),
    overpassUrl: providerUrl('OVERPASS_URL'),
    overpassRequestsPerSecond: loadRequestsPerSecond(env, 'OVERPASS_REQUESTS_PER_SECOND', 1),
    exchangeRatesUrl: providerUrl('EXCHANGE_RATES_URL'),
    weatherUrl: providerUrl('WEATHER_URL'),
    weatherArchiveUrl: providerUrl('WEATHER_ARCHIVE_URL'),
    weatherRequestsPerSecond: loadRequestsPerSecond(env, 'WEATHER_REQUESTS_PER_SECOND', 1),
    osrmUrl: providerUrl('OSRM_URL'),
    osrmRequestsPerSecond: loadRequestsPerSecond(env, 'OSRM_REQUESTS_PER_SECOND', 1),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Caravan <no-reply@caravan.local>',
    vapidKeys: loadVapidKeys(env),
    vapidSubject: env.VAPID_SUBJECT?.trim() || undefined,
    pushCaFile: env.PUSH_CA_FILE?.trim() || undefined,
    pushServiceHosts: (env.PUSH_SERVICE_HOSTS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean),
    collabUrls: loadCollabUrls(env),
    collabPort: Number(env.COLLAB_PORT ?? 1234),
    collabHost: env.COLLAB_HOST ?? '127.0.0.1',
    s3: loadS3Config(env),
    mapStyleUrl: loadMapStyleUrl(env),
    // With remote tiles off there is no dark style to ask for: the embedded map has its own dark colours.
    mapStyleUrlDark: env.MAP_TILES === 'off' ? undefined : env.MAP_STYLE_URL_DARK || undefined,
    mapboxToken: env.MAPBOX_TOKEN || undefined,
    mapPmtilesUrl: loadMapPmtilesUrl(env),
    heavyWork: { threads: loadHeavyWorkThreads(env), budgetMs: HEAVY_TASK_BUDGET_MS },
    historyDays: loadHistoryDays(env),
    historySweep: true,
  };
}

/** COLLAB_URLS: URLs separated by commas or spaces; every API process must list the same ones (order does not matter). */
function loadCollabUrls(env: NodeJS.ProcessEnv): string[] {
  const listed = env.COLLAB_URLS?.trim() ? env.COLLAB_URLS : (env.COLLAB_URL ?? `http://127.0.0.1:${env.COLLAB_PORT ?? 1234}`);
  const urls = [...new Set(listed.split(/[\s,]+/).filter(Boolean).map((url) => url.replace(/\/$/, '')))];
  for (const url of urls) {
    // The upgrade is forwarded over plain TCP (server/src/collab/collabProxy.ts): no TLS between the processes.
    if (!/^(http|ws):\/\/[^/]+$/.test(url) || !URL.canParse(url)) {
      throw new Error(`COLLAB_URLS: '${url}' is not an http:// or ws:// origin (scheme, host and port, no path)`);
    }
  }
  if (!urls.length) throw new Error('COLLAB_URLS lists no collab process');
  return urls;
}

/** Both keys or neither: a public key without its private key could sign nothing. */
function loadVapidKeys(env: NodeJS.ProcessEnv): Config['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  return { publicKey, privateKey };
}

function loadHistoryDays(env: NodeJS.ProcessEnv): number {
  if (env.HISTORY_DAYS === undefined || env.HISTORY_DAYS.trim() === '') return 90;
  const days = Number(env.HISTORY_DAYS);
  if (!Number.isInteger(days) || days < 1) throw new Error('HISTORY_DAYS must be a whole number of at least 1');
  return days;
}

/** Imports, optimisations and PDFs are stopped past this; the solver keeps well within it (at most 0.8 s). */
const HEAVY_TASK_BUDGET_MS = 20_000;

/** Default: one core is left to the request loop, and at most two threads (each holds a parse of up to 10 MB). */
function loadHeavyWorkThreads(env: NodeJS.ProcessEnv): number {
  if (!env.HEAVY_WORK_THREADS) return Math.max(1, Math.min(2, availableParallelism() - 1));
  const threads = Number(env.HEAVY_WORK_THREADS);
  if (!Number.isInteger(threads) || threads < 1) throw new Error('HEAVY_WORK_THREADS must be a whole number of at least 1');
  return threads;
}

/** MAP_TILES=off keeps a private deployment from asking any tile service, whatever MAP_STYLE_URL says. */
function loadMapStyleUrl(env: NodeJS.ProcessEnv): string | undefined {
  if (env.MAP_TILES !== undefined && env.MAP_TILES !== '' && env.MAP_TILES !== 'on' && env.MAP_TILES !== 'off') {
    throw new Error("MAP_TILES must be 'on' or 'off'");
  }
  if (env.MAP_TILES === 'off') return EMBEDDED_MAP_STYLE;
  return env.MAP_STYLE_URL || undefined;
}

/** MAP_PMTILES_URL: an http(s) URL of a .pmtiles archive; ignored with MAP_TILES=off, as every tile service is. */
function loadMapPmtilesUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.MAP_PMTILES_URL?.trim();
  if (!url || env.MAP_TILES === 'off') return undefined;
  if (!/^https?:\/\//.test(url) || !URL.canParse(url)) throw new Error('MAP_PMTILES_URL must be an http:// or https:// URL of a .pmtiles archive');
  return url;
}

function loadProvidersMode(env: NodeJS.ProcessEnv): ProvidersMode {
  const mode = env.PROVIDERS?.trim() || 'auto';
  if (mode !== 'auto' && mode !== 'offline') throw new Error("PROVIDERS must be 'auto' or 'offline'");
  return mode;
}

function loadRequestsPerSecond(env: NodeJS.ProcessEnv, name: string, byDefault: number): number {
  if (!env[name]) return byDefault;
  const rate = Number(env[name]);
  if (!(rate > 0) || !Number.isFinite(rate)) throw new Error(`${name} must be a positive number`);
  return rate;
}

function loadS3Config(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  }
  const region = env.S3_REGION || 'us-east-1';
  return {
    bucket: env.S3_BUCKET,
    endpoint: (env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/$/, ''),
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}
