/** What every request carries through the middleware chain, and what the app is built from. */
import type { ParameterizedContext } from 'koa';
import type { DataSource } from 'typeorm';
import type { Config, KeptAnswers, LegKeeper, LegRouter, Logger, RemoteProviders, SecretBox, Session, SessionCache, TripDocHub, User } from '@caravan/engine';
import type { HeavyWork } from './heavyWork/heavyWork.ts';
import type { DeviceCookies } from './auth/deviceCookie.ts';
import type { PendingLinks } from './auth/pendingLinkCookie.ts';
import type { LoginThrottle } from './auth/loginThrottle.ts';
import type { LocationSearch } from './providers/locationSearch/locationSearch.ts';
import type { PoiSearch } from './providers/pois/poiSearch.ts';
import type { CorridorPlaces } from './providers/pois/corridor/corridorPlaces.ts';
import type { ExchangeRates } from './providers/exchangeRates/exchangeRates.ts';
import type { TripWeather } from './providers/weather/tripWeather.ts';
import type { BlobStore } from './providers/blobStore/blobStore.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { TripStopsCache } from './lib/tripStopsCache.ts';
import type { MemberSignals } from './notifications/memberSignals.ts';

export interface AppState {
  requestId: string;
  log: Logger;
  user?: User;
  session?: Session;
}

export type AppContext = ParameterizedContext<AppState>;

export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  logger: Logger;
  loginThrottle: LoginThrottle;
  /** Makes and checks the cookies that mark a browser as one that signed in to an account before. */
  deviceCookies: DeviceCookies;
  /** OpenID Connect identities waiting for their member's password to be linked (auth/pendingLinkCookie.ts). */
  pendingLinks: PendingLinks;
  /** Seals authenticator apps' secrets in the database (engine's secretBox). */
  totpSecrets: SecretBox;
  /** This process's open notification streams, nudged when their member is notified (notifications/memberSignals.ts). */
  memberSignals: MemberSignals;
  /** The remote services behind the searches, roads and rates, and which of them answer (for their attribution). */
  providers: RemoteProviders;
  locationSearch: LocationSearch;
  poiSearch: PoiSearch;
  /** Places near a stretch of route, for the corridor search (queries/corridor/corridorSearch.ts). */
  corridorPlaces: CorridorPlaces;
  /** The corridor's detours by road as OSRM answered them, kept for every process (queries/corridor/roadDetours.ts); none without OSRM. */
  detourAnswers?: KeptAnswers<number>;
  exchangeRates: ExchangeRates;
  /** Each stop-day's forecast or climate normals (Open-Meteo), kept per place in weather_places. */
  weather: TripWeather;
  /** Drive times, distances and road lines between points (OSRM or the estimate), cached in road_legs. */
  roads: LegRouter;
  blobStore: BlobStore;
  mailer: Mailer;
  /** Server-origin writes to trip documents (docs/architecture.md#a-trip-changes-through-two-doors, door 2). */
  tripDocs: TripDocHub;
  /** Keeps the legs of trips changed through this process current (engine/src/road). */
  legs: LegKeeper;
  /** Recently resolved session cookies (see authenticate). */
  sessions: SessionCache;
  /** Recently presented trip stops, revalidated on every read (see tripDetailQuery). */
  tripStops: TripStopsCache;
  /** The worker pool for CPU-heavy work (imports, route optimisation, PDFs), off the request loop. */
  heavyWork: HeavyWork;
  /** The VAPID public key browsers subscribe to push with (notifications/push/vapidKeys.ts). */
  pushPublicKey: string;
}

/** What the commands that write photos need: the trip documents, the blob store, and where a blob left behind is reported. */
export interface PhotoWriteDeps {
  tripDocs: TripDocHub;
  blobStore: BlobStore;
  logger?: Pick<Logger, 'warn'>;
}
