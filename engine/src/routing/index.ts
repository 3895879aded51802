/** Picks the road router: OSRM when OSRM_URL is set, the great-circle estimate otherwise. */
import type { DataSource } from 'typeorm';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { createGreatCircleLegRouter } from './greatCircleLegRouter.ts';
import type { LegRouter } from './legRouter.ts';
import { createOsrmLegRouter } from './osrmLegRouter.ts';
import { createOsrmThrottle } from './osrmThrottle.ts';

export function createLegRouter(
  config: Pick<Config, 'osrmUrl' | 'osrmRequestsPerSecond'>,
  dataSource: DataSource,
  logger?: Pick<Logger, 'warn'>,
): LegRouter {
  if (!config.osrmUrl) return createGreatCircleLegRouter();
  return createOsrmLegRouter({ baseUrl: config.osrmUrl, dataSource, throttle: createOsrmThrottle(config.osrmRequestsPerSecond), logger });
}

export { roadLegBetween, type LegEnds, type LegRouter, type RoadLeg, type RoadMatrix, type RoutedLeg } from './legRouter.ts';
