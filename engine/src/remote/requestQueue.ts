/**
 * Spaces a provider's outbound requests (the public services ask for about one a second), never a burst. With a
 * shared pace (./sharedPacing.ts: every process on the database) the rate holds for the whole deployment; without
 * one (a process with no database: tests of an adapter alone), rate-limiter-flexible spaces this process's requests
 * in memory, waiting callers queued in order. A queue longer than `maxWaitSeconds` worth of requests refuses at once,
 * so a burst falls back to the offline answer (and is retried later) instead of keeping a request waiting.
 */
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import { holdSharedPace, PaceFullError, takeSharedSlot, type SharedPace } from './sharedPacing.ts';

export interface RequestQueue {
  /** Resolves when a request may go out; rejects at once when the queue is full. */
  take(): Promise<void>;
  /** The service asked to back off for `ms` (429): a shared pace holds every process off; this process's gate does the rest. */
  holdOff(ms: number): Promise<void>;
}

export function createRequestQueue(provider: string, requestsPerSecond: number, maxWaitSeconds: number, shared?: SharedPace): RequestQueue {
  const full = (cause: unknown) => new Error(`${provider} request queue is full (${maxWaitSeconds} s of requests waiting)`, { cause });
  if (shared) {
    return {
      take: () =>
        takeSharedSlot(shared, 1000 / requestsPerSecond, maxWaitSeconds * 1000).catch((error: unknown) => {
          throw error instanceof PaceFullError ? full(error) : error;
        }),
      holdOff: (ms) => holdSharedPace(shared, ms),
    };
  }
  const limiter = new RateLimiterMemory({ points: 1, duration: 1 / requestsPerSecond });
  const queue = new RateLimiterQueue(limiter, { maxQueueSize: Math.max(1, Math.floor(maxWaitSeconds * requestsPerSecond)) });
  return {
    async take() {
      try {
        await queue.removeTokens(1);
      } catch (error) {
        throw full(error);
      }
    },
    holdOff: async () => {},
  };
}
