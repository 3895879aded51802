/** Picks the drive-time estimator: OSRM when OSRM_URL is set, the great-circle estimate otherwise. */
import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { DriveTimeEstimator } from './driveTimes.ts';
import { createGreatCircleEstimator } from './greatCircle.ts';
import { createOsrmEstimator } from './osrm.ts';

export function createDriveTimeEstimator(config: Pick<Config, 'osrmUrl'>, logger?: Logger): DriveTimeEstimator {
  if (!config.osrmUrl) return createGreatCircleEstimator();
  return createOsrmEstimator(config.osrmUrl, fetch, { fallback: createGreatCircleEstimator(), logger });
}
