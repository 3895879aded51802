/**
 * Spaces outbound OSRM requests (the public demo server allows about one a second) with rate-limiter-flexible:
 * one token per 1/rate s in this process's memory, waiting callers queued in order. A queue longer than
 * MAX_WAIT_SECONDS worth of requests refuses at once, so a burst falls back to the estimate (and is retried
 * later) instead of keeping a request waiting for minutes.
 */
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';

export const MAX_WAIT_SECONDS = 30;

export interface OsrmThrottle {
  /** Resolves when a request may go out; rejects at once when the queue is full. */
  take(): Promise<void>;
}

export function createOsrmThrottle(requestsPerSecond: number, maxWaitSeconds = MAX_WAIT_SECONDS): OsrmThrottle {
  const limiter = new RateLimiterMemory({ points: 1, duration: 1 / requestsPerSecond });
  const queue = new RateLimiterQueue(limiter, { maxQueueSize: Math.max(1, Math.floor(maxWaitSeconds * requestsPerSecond)) });
  return {
    async take() {
      try {
        await queue.removeTokens(1);
      } catch (error) {
        throw new Error(`OSRM request queue is full (${maxWaitSeconds} s of requests waiting)`, { cause: error });
      }
    },
  };
}
