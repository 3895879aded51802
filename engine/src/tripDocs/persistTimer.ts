/**
 * Times one persist's steps (tripDocHub.ts `persist`), and logs one that took longer than SLOW_PERSIST_MS with each
 * step's milliseconds and how busy the event loop was meanwhile: near 1, the time went to this process's own work
 * (or the work of whatever else it runs); near 0, to waiting (a connection from the pool, the trip's row lock,
 * PostgreSQL, its fsync). Issue 42 §3 asks what a rare slow persist is made of; this names it when it happens.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export const SLOW_PERSIST_MS = 100;

export interface PersistTimer {
  /** Ends the step running since the last one (or the start) under `name`. */
  step(name: string): void;
  /** Logs the persist when it was slow; `fields` say which trip and which path it took. */
  done(fields: Record<string, unknown>): void;
}

/** The logger's one method used here (pino's `warn` is one). */
export interface WarningLog {
  warn(fields: object, message: string): void;
}

export function persistTimer(logger: WarningLog, now: () => number = performance.now.bind(performance)): PersistTimer {
  const start = now();
  const loopAtStart: EventLoopUtilization = performance.eventLoopUtilization();
  const steps: Record<string, number> = {};
  let last = start;
  return {
    step(name) {
      const at = now();
      steps[name] = Math.round((at - last) * 10) / 10;
      last = at;
    },
    done(fields) {
      const totalMs = Math.round(now() - start);
      if (totalMs < SLOW_PERSIST_MS) return;
      const eventLoopBusy = Math.round(performance.eventLoopUtilization(loopAtStart).utilization * 100) / 100;
      logger.warn({ ...fields, totalMs, steps, eventLoopBusy }, `a persist took ${totalMs} ms`);
    },
  };
}
