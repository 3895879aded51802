/**
 * Spaces a provider's outbound requests (the public services ask for about one a second) with rate-limiter-flexible:
 * one token per 1/rate s in this process's memory, waiting callers queued in order, never a burst. A queue longer
 * than `maxWaitSeconds` worth of requests refuses at once, so a burst falls back to the offline answer (and is
 * retried later) instead of keeping a request waiting.
 */
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';

export interface RequestQueue {
  /** Resolves when a request may go out; rejects at once when the queue is full. */
  take(): Promise<void>;
}

export function createRequestQueue(provider: string, requestsPerSecond: number, maxWaitSeconds: number): RequestQueue {
  const limiter = new RateLimiterMemory({ points: 1, duration: 1 / requestsPerSecond });
  const queue = new RateLimiterQueue(limiter, { maxQueueSize: Math.max(1, Math.floor(maxWaitSeconds * requestsPerSecond)) });
  return {
    async take() {
      try {
        await queue.removeTokens(1);
      } catch (error) {
        throw new Error(`${provider} request queue is full (${maxWaitSeconds} s of requests waiting)`, { cause: error });
      }
    },
  };
}
