/**
 * The road router over OSRM: legs from the `road_legs` cache or OSRM's /route (then cached), matrices from
 * /table, every request through the throttle. When OSRM fails, is slow, or the throttle's queue is full, the
 * answer is the pair's stale cached answer if it has one, else the great-circle estimate (not cached), marked
 * as fallen back, so a later call asks OSRM again; a matrix OSRM cannot give is no matrix (the caller estimates).
 */
import type { DataSource } from 'typeorm';
import { createLogger, type Logger } from '../lib/logger.ts';
import { FIRST_WAIT_MS, retryAfterMs } from '../remote/providerGate.ts';
import { skippedWhileDown } from '../remote/remoteProvider.ts';
import { estimatedLeg } from './greatCircleLegRouter.ts';
import type { LegEnds, LegRouter, RoadLeg, RoutedLeg } from './legRouter.ts';
import { OSRM_PROFILE, OSRM_TIMEOUT_MS, type OsrmEndpoint } from './osrmRequest.ts';
import { askRoute } from './osrmRoute.ts';
import { askTable } from './osrmTable.ts';
import type { OsrmThrottle } from './osrmThrottle.ts';
import { readCachedLegs, roundedEnds, writeCachedLeg, type CacheKey } from './roadLegCache.ts';

export interface OsrmLegRouterOptions {
  baseUrl: string;
  dataSource: DataSource;
  throttle: OsrmThrottle;
  logger?: Pick<Logger, 'warn'>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const CACHE_KEY: CacheKey = { provider: 'osrm', profile: OSRM_PROFILE };

const pairKey = ({ from, to }: LegEnds) => `${from.latitude},${from.longitude};${to.latitude},${to.longitude}`;

export function createOsrmLegRouter(options: OsrmLegRouterOptions): LegRouter {
  const { dataSource, throttle } = options;
  const logger = options.logger ?? createLogger('warn');
  const baseFetch = options.fetch ?? fetch;
  const endpoint: OsrmEndpoint = {
    baseUrl: options.baseUrl,
    // A 429 is about the whole deployment's requests: the throttle, whose pace every process shares, holds them all off.
    fetch: async (input, init) => {
      const response = await baseFetch(input, init);
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? FIRST_WAIT_MS;
        await throttle.holdOff(wait).catch((error) => logger.warn({ err: error }, 'holding OSRM off failed'));
      }
      return response;
    },
    timeoutMs: options.timeoutMs ?? OSRM_TIMEOUT_MS,
  };
  const router = new URL(options.baseUrl).origin;
  // The same pair asked twice at once (two trips sharing a drive) is one request.
  const inFlight = new Map<string, Promise<RoutedLeg>>();

  async function routeNow(ends: LegEnds): Promise<RoutedLeg> {
    let leg;
    try {
      await throttle.take();
      leg = await askRoute(endpoint, ends);
    } catch (error) {
      const stale = await staleAnswer(ends);
      if (!skippedWhileDown(error)) {
        logger.warn({ err: error, router }, stale ? 'road leg fell back to its stale cached answer' : 'road leg fell back to the great-circle estimate');
      }
      return { ...(stale ?? estimatedLeg(ends)), fellBack: true };
    }
    // A cache that cannot be written costs a repeated request later, not this answer.
    await writeCachedLeg(dataSource, CACHE_KEY, ends, leg).catch((error: unknown) => logger.warn({ err: error }, 'road leg not cached'));
    return { ...leg, fellBack: false };
  }

  /**
   * The cached answer the provider was asked to replace, if any. A road that was right a month ago is nearer
   * the truth than a straight line × a factor (and keeps its road line on the map), so it stands in when the
   * provider fails; it stays stale, so the next call asks again.
   */
  async function staleAnswer(ends: LegEnds): Promise<RoadLeg | null> {
    try {
      const [cached] = await readCachedLegs(dataSource, CACHE_KEY, [ends]);
      if (!cached) return null;
      const { stale: _stale, ...leg } = cached;
      return leg;
    } catch {
      return null;
    }
  }

  return {
    provider: 'osrm',
    cached: (pairs) => readCachedLegs(dataSource, CACHE_KEY, pairs),
    route(pair) {
      const ends = roundedEnds(pair);
      const key = pairKey(ends);
      const pending = inFlight.get(key) ?? routeNow(ends).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
      return pending;
    },
    async matrix(points) {
      try {
        return await askTable(endpoint, points, () => throttle.take());
      } catch (error) {
        if (!skippedWhileDown(error)) logger.warn({ err: error, router }, 'road matrix fell back to the great-circle estimate');
        return null;
      }
    },
  };
}
