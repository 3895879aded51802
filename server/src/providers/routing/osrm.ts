/**
 * Drive times from an OSRM routing server (http://project-osrm.org, OpenStreetMap roads), used when
 * OSRM_URL is set. When OSRM cannot answer (down, slow, non-OK, no route between the points) the
 * estimate falls back to the great-circle guess and the reason is logged, so the Edit Stop dialog
 * always shows a drive time.
 */
import { z } from 'zod';
import { createLogger, type Logger } from '../../lib/logger.ts';
import type { Coordinates, DriveTimeEstimate, DriveTimeEstimator } from './driveTimes.ts';
import { createGreatCircleEstimator } from './greatCircle.ts';

const OSRM_TIMEOUT_MS = 5000;

const ZOsrmAnswer = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z.array(z.object({ duration: z.number().nonnegative(), distance: z.number().nonnegative() })).optional(),
});

export interface OsrmOptions {
  fallback?: DriveTimeEstimator;
  logger?: Pick<Logger, 'warn'>;
  timeoutMs?: number;
}

/** OSRM takes longitude first. Six decimals is ~0.1 m, more than any stop's precision. */
const lonLat = ({ latitude, longitude }: Coordinates) => `${longitude.toFixed(6)},${latitude.toFixed(6)}`;

async function askOsrm(url: URL, fetchImpl: typeof fetch, timeoutMs: number): Promise<DriveTimeEstimate> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw new Error(`OSRM did not answer within ${timeoutMs} ms`);
    throw new Error(`OSRM could not be reached at ${url.origin}`, { cause: error });
  }
  // OSRM answers 400 with a JSON code ("NoRoute", "InvalidQuery"); read the body before judging the status.
  const body: unknown = await response.json().catch(() => undefined);
  if (signal.aborted) throw new Error(`OSRM did not answer within ${timeoutMs} ms`);
  const answer = ZOsrmAnswer.safeParse(body);
  if (!answer.success) throw new Error(`OSRM answered ${response.status} without a route response`);
  const route = answer.data.routes?.[0];
  if (answer.data.code !== 'Ok' || !route) {
    throw new Error(`OSRM answered ${answer.data.code}${answer.data.message ? `: ${answer.data.message}` : ''}`);
  }
  return {
    minutes: Math.round(route.duration / 60),
    distanceKm: Math.round(route.distance / 100) / 10,
    source: 'osrm',
  };
}

export function createOsrmEstimator(baseUrl: string, fetchImpl: typeof fetch = fetch, options: OsrmOptions = {}): DriveTimeEstimator {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const fallback = options.fallback ?? createGreatCircleEstimator();
  const logger = options.logger ?? createLogger('warn');
  const timeoutMs = options.timeoutMs ?? OSRM_TIMEOUT_MS;
  return {
    async estimate(from, to) {
      const url = new URL(`route/v1/driving/${lonLat(from)};${lonLat(to)}`, base);
      url.searchParams.set('overview', 'false');
      try {
        return await askOsrm(url, fetchImpl, timeoutMs);
      } catch (error) {
        logger.warn({ err: error, router: url.origin }, 'drive time fell back to the great-circle estimate');
        return fallback.estimate(from, to);
      }
    },
  };
}
