/** Wires the dependencies of a running API server and listens; `npm start` and the tests both use it. */
import { startNotificationMail } from './notifications/notificationMail.ts';
import { startReminderSweep } from './notifications/reminders/reminderSweep.ts';
import { startPushDelivery } from './notifications/push/pushDelivery.ts';
import { createPushSender } from './notifications/push/pushSender.ts';
import { pushServiceHostsOf } from './notifications/push/pushServiceHosts.ts';
import { vapidDetails } from './notifications/push/vapidKeys.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from './app.ts';
import { answerClientErrors } from './middleware/clientErrors.ts';
import { openCollabDoor } from './collab/collabProxy.ts';
import {
  assertSchemaCurrent,
  type Config,
  createDataSource,
  createLegRouter,
  createRemoteProviders,
  keepLegsThroughHub,
  listenForNotifications,
  type Logger,
  persistedSecret,
  rebuildStaleProjections,
  secretBox,
  SessionCache,
  startRoadLegPrune,
  TripDocHub,
} from '@caravan/engine';
import { createHeavyWork } from './heavyWork/heavyWork.ts';
import { MemberSignals } from './notifications/memberSignals.ts';
import { onAccessChange } from './lib/accessChanges.ts';
import { deviceCookies } from './auth/deviceCookie.ts';
import { pendingLinks } from './auth/pendingLinkCookie.ts';
import { createLoginThrottle } from './auth/loginThrottle.ts';
import { TripStopsCache } from './lib/tripStopsCache.ts';
import { createLocationSearch } from './providers/locationSearch/index.ts';
import { createPoiSearch } from './providers/pois/index.ts';
import { createCorridorPlaces } from './providers/pois/corridor/index.ts';
import { DETOURS_KEPT_ENTRIES, DETOURS_KEPT_MS } from './queries/corridor/roadDetours.ts';
import { createExchangeRates } from './providers/exchangeRates/index.ts';
import { createWeather } from './providers/weather/index.ts';
import { createBlobStore } from './providers/blobStore/index.ts';
import { createMailer } from './providers/mail/index.ts';
import { startHistorySweep } from './history/historySweep.ts';
import { UNLISTED_PHOTO_SWEEP_EVERY_MS, unlistedPhotosSweeper } from './commands/unlistedPhotosSweeper.ts';
import type { AppDeps } from './types.ts';

const DOC_CACHE_IDLE_MS = 5 * 60_000;

export interface RunningServer {
  url: string;
  deps: AppDeps;
  httpServer: http.Server;
  /** Resolves once the stop rows marked stale at start are rebuilt. */
  staleProjectionsRebuilt: Promise<void>;
  close: () => Promise<void>;
}

export async function startServer(config: Config, databaseUrl: string, logger: Logger): Promise<RunningServer> {
  // Checked at once and while the database opens: with every provider unreachable, start waits CHECK_TIMEOUT_MS at most.
  // Their pace is kept in the database, shared with every other process (the first request waits for it to open).
  const opening = createDataSource(databaseUrl).initialize();
  const providers = createRemoteProviders(config, logger, undefined, opening);
  const providersChecked = providers.checkAll();
  const dataSource = await opening;
  await assertSchemaCurrent(dataSource);
  const tripDocs = new TripDocHub(dataSource, logger);
  const roads = createLegRouter(config, dataSource, logger, providers.osrm);
  const cookieSecret = config.deviceCookieSecret ?? persistedSecret(path.join(config.dataDir, 'device-cookie-secret'));
  const devices = deviceCookies(cookieSecret);
  const vapid = vapidDetails(config);
  const deps: AppDeps = {
    config,
    dataSource,
    logger,
    loginThrottle: createLoginThrottle(dataSource, devices),
    deviceCookies: devices,
    pendingLinks: pendingLinks(cookieSecret),
    totpSecrets: secretBox(config.totpSecretKey ?? persistedSecret(path.join(config.dataDir, 'totp-secret-key'))),
    providers,
    locationSearch: createLocationSearch(config, logger, providers.geocoder),
    poiSearch: createPoiSearch(config, logger, providers.overpass),
    corridorPlaces: createCorridorPlaces(config, logger, providers.overpass),
    detourAnswers: providers.osrm?.keptAnswers<number>('OSRM detours', DETOURS_KEPT_MS, DETOURS_KEPT_ENTRIES),
    exchangeRates: createExchangeRates(config, logger, providers.exchangeRates),
    weather: createWeather(config, dataSource, providers, logger),
    roads,
    blobStore: createBlobStore(config),
    mailer: createMailer(config, logger),
    tripDocs,
    legs: keepLegsThroughHub(tripDocs, roads, logger),
    sessions: new SessionCache(),
    memberSignals: new MemberSignals(),
    tripStops: new TripStopsCache(),
    heavyWork: createHeavyWork(config.heavyWork, logger),
    pushPublicKey: vapid.publicKey,
  };
  const stopListening = listenToDatabase(deps, databaseUrl);
  // Documents are cached only to spare reloads between writes; the collab server holds the live ones.
  const sweep = setInterval(() => deps.tripDocs.unloadIdle(DOC_CACHE_IDLE_MS), DOC_CACHE_IDLE_MS);
  sweep.unref();
  const roadLegPrune = startRoadLegPrune(dataSource, logger);
  // Receipts and stop photos nothing lists any more (a live-door delete cannot reach the blob store).
  const photoSweep = setInterval(
    () => void unlistedPhotosSweeper(deps).catch((err) => logger.warn({ err }, 'sweeping unlisted photos failed')),
    UNLISTED_PHOTO_SWEEP_EVERY_MS,
  );
  photoSweep.unref();
  const notificationMail = startNotificationMail({ dataSource, mailer: deps.mailer, logger, publicOrigin: config.publicOrigin });
  const reminderSweep = startReminderSweep({ dataSource, tripDocs: deps.tripDocs, mailer: deps.mailer, logger, publicOrigin: config.publicOrigin });
  const historySweep = config.historySweep ? startHistorySweep({ dataSource, logger, historyDays: config.historyDays, heavyWork: deps.heavyWork }) : null;
  const pushDelivery = startPushDelivery({ dataSource, send: createPushSender(vapid, { caFile: config.pushCaFile, hosts: pushServiceHostsOf(config) }), logger });
  const app = buildApp(deps);
  const collabDoor = openCollabDoor(config.collabUrls, logger);
  const koa = app.callback();
  // /collab/ is the live-editing door: upgrades are forwarded, a plain request learns whether live editing is up.
  const httpServer = http.createServer((request, response) =>
    collabDoor.isDoorRequest(request) ? collabDoor.answer(request, response) : void koa(request, response),
  );
  httpServer.on('upgrade', collabDoor.upgrade);
  answerClientErrors(httpServer);
  await providersChecked;
  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  const { port } = httpServer.address() as AddressInfo;
  const staleProjections = rebuildStaleProjections(dataSource, deps.tripDocs, logger);
  return {
    url: `http://localhost:${port}`,
    deps,
    httpServer,
    staleProjectionsRebuilt: staleProjections.done,
    close: async () => {
      clearInterval(sweep);
      clearInterval(photoSweep);
      await notificationMail.stop();
      await reminderSweep.stop();
      await historySweep?.stop();
      await pushDelivery.stop();
      collabDoor.stop();
      await roadLegPrune.stop();
      await deps.legs.stop();
      await staleProjections.stop();
      await stopListening();
      deps.memberSignals.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await deps.heavyWork.close();
      await deps.tripDocs.drain();
      await dataSource.destroy();
    },
  };
}

/**
 * What this process hears from PostgreSQL. The session cache stays honest: this process's own logouts and account
 * changes drop entries at once, other processes' arrive as notifications, and caching waits until those can arrive.
 * Members with something new for their bell nudge their open pages.
 */
function listenToDatabase({ sessions, memberSignals, logger }: Pick<AppDeps, 'sessions' | 'memberSignals' | 'logger'>, databaseUrl: string): () => Promise<void> {
  const stopAnnouncements = onAccessChange((change) =>
    change.kind === 'sessionEnded' ? sessions.forgetSession(change.tokenHash) : sessions.forgetUser(change.userId),
  );
  const listener = listenForNotifications(
    databaseUrl,
    {
      session_ended: (tokenHash) => sessions.forgetSession(tokenHash),
      user_access: (userId) => sessions.forgetUser(Number(userId)),
      member_notified: (members) => memberSignals.signal(members),
    },
    {
      logger,
      onDisconnect: () => sessions.setEnabled(false),
      // Nudges sent while the connection was down are lost: every open page asks again.
      onReconnect: () => {
        sessions.setEnabled(true);
        memberSignals.signal('*');
      },
    },
  );
  void listener.ready.then(() => sessions.setEnabled(true));
  return async () => {
    stopAnnouncements();
    sessions.setEnabled(false);
    await listener.close();
  };
}
