/**
 * One request to an OSRM server (http://project-osrm.org, OpenStreetMap roads) and the judgement of its answer:
 * every way it can fail (down, slow, an HTML error page, a non-Ok code such as NoRoute) becomes an Error whose
 * message says which, for the log line of the fallback.
 */
import { z } from 'zod';
import type { Coordinates } from './driveTimes.ts';

export const OSRM_TIMEOUT_MS = 5000;
/** The only profile Caravan asks for; part of the cache key. */
export const OSRM_PROFILE = 'driving';

export interface OsrmEndpoint {
  /** The server's base URL, a path in it kept (e.g. https://example.org/osrm/). */
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

/** OSRM takes longitude first. Six decimals is ~0.1 m, more than any stop's precision. */
export const lonLat = ({ latitude, longitude }: Coordinates) => `${longitude.toFixed(6)},${latitude.toFixed(6)}`;

export function osrmUrl(
  { baseUrl }: OsrmEndpoint,
  service: 'route' | 'table',
  points: readonly Coordinates[],
  query: Record<string, string>,
): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(`${service}/v1/${OSRM_PROFILE}/${points.map(lonLat).join(';')}`, base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

const ZOsrmStatus = z.object({ code: z.string(), message: z.string().optional() });

/** Asks `url` and returns the answer read by `schema` when OSRM's code is Ok; throws saying why not. */
export async function askOsrm<T>(endpoint: OsrmEndpoint, url: URL, schema: z.ZodType<T>, service: 'route' | 'table'): Promise<T> {
  const { timeoutMs } = endpoint;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await endpoint.fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw new Error(`OSRM did not answer within ${timeoutMs} ms`);
    throw new Error(`OSRM could not be reached at ${url.origin}`, { cause: error });
  }
  // OSRM answers 400 with a JSON code ("NoRoute", "InvalidQuery"); read the body before judging the status.
  const body: unknown = await response.json().catch(() => undefined);
  if (signal.aborted) throw new Error(`OSRM did not answer within ${timeoutMs} ms`);
  const status = ZOsrmStatus.safeParse(body);
  if (!status.success) throw new Error(`OSRM answered ${response.status} without a ${service} response`);
  if (status.data.code !== 'Ok') {
    throw new Error(`OSRM answered ${status.data.code}${status.data.message ? `: ${status.data.message}` : ''}`);
  }
  const answer = schema.safeParse(body);
  if (!answer.success) throw new Error(`OSRM answered Ok without a ${service} response`);
  return answer.data;
}
