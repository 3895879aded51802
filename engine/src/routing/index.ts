/**
 * Picks the road router: OSRM when OSRM_URL is set (by PROVIDERS=auto, the public demo server), the great-circle
 * estimate otherwise. `remote` is OSRM as remoteProviders.ts makes it: the identifying User-Agent, and in auto mode
 * skipped while down, so a leg falls back at once rather than after OSRM's timeout.
 */
import type { DataSource } from 'typeorm';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { createGreatCircleLegRouter } from './greatCircleLegRouter.ts';
import type { LegRouter } from './legRouter.ts';
import { createOsrmLegRouter } from './osrmLegRouter.ts';
import { createOsrmThrottle, MAX_WAIT_SECONDS } from './osrmThrottle.ts';
import type { RemoteProvider } from '../remote/remoteProvider.ts';

export function createLegRouter(
  config: Pick<Config, 'osrmUrl' | 'osrmRequestsPerSecond'>,
  dataSource: DataSource,
  logger?: Pick<Logger, 'warn'>,
  remote?: RemoteProvider,
): LegRouter {
  if (!config.osrmUrl) return createGreatCircleLegRouter();
  return createOsrmLegRouter({
    baseUrl: config.osrmUrl,
    dataSource,
    // One pace with every other process that asks this OSRM (API and collab processes).
    throttle: createOsrmThrottle(config.osrmRequestsPerSecond, MAX_WAIT_SECONDS, { db: dataSource, key: `OSRM ${new URL(config.osrmUrl).host}` }),
    logger,
    fetch: remote?.fetch,
  });
}

export { roadLegBetween, type LegEnds, type LegRouter, type RoadLeg, type RoadMatrix, type RoutedLeg } from './legRouter.ts';
