/**
 * Spaces outbound OSRM requests (the public demo server allows about one a second): the request queue every remote
 * provider has (../remote/requestQueue.ts). A queue longer than MAX_WAIT_SECONDS worth of requests refuses at once,
 * so a burst falls back to the estimate (and is retried later) instead of keeping a request waiting for minutes.
 */
import { createRequestQueue, type RequestQueue } from '../remote/requestQueue.ts';
import type { SharedPace } from '../remote/sharedPacing.ts';

export const MAX_WAIT_SECONDS = 30;

export type OsrmThrottle = RequestQueue;

export function createOsrmThrottle(requestsPerSecond: number, maxWaitSeconds = MAX_WAIT_SECONDS, shared?: SharedPace): OsrmThrottle {
  return createRequestQueue('OSRM', requestsPerSecond, maxWaitSeconds, shared);
}
