/** Garbage-collection pauses of one benchmark process (a server's or a client process's own stalls). */
import { PerformanceObserver } from 'node:perf_hooks';

export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
}

export const noGcPauses = (): GcPauses => ({ count: 0, totalMs: 0, maxMs: 0 });

export function addGcPauses(into: GcPauses, more: GcPauses): void {
  into.count += more.count;
  into.totalMs += more.totalMs;
  into.maxMs = Math.max(into.maxMs, more.maxMs);
}

/** Counts this process's pauses from now on: `since()` those since the last `reset()`. */
export function watchGcPauses(): { since: () => GcPauses; reset: () => void } {
  let pauses = noGcPauses();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) addGcPauses(pauses, { count: 1, totalMs: entry.duration, maxMs: entry.duration });
  }).observe({ entryTypes: ['gc'] });
  return { since: () => pauses, reset: () => (pauses = noGcPauses()) };
}
