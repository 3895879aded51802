/**
 * Which collab processes answer: each one's GET /healthz is probed every 500 ms, and one is taken as down after
 * two failed probes in a row (or at once, when a forwarded upgrade cannot connect to it), and as up again after
 * one good probe. Every API process keeps its own view; they agree within a probe or two.
 */
import type { Logger } from '@caravan/engine';

export interface CollabHealthOptions {
  intervalMs?: number;
  /** Failed probes in a row after which a process is down. */
  failuresToDown?: number;
  timeoutMs?: number;
}

export interface CollabHealth {
  isUp: (url: string) => boolean;
  /** A forwarded upgrade found nothing listening: down now, without waiting for the probes. */
  markDown: (url: string) => void;
  stop: () => void;
}

export function watchCollabHealth(urls: readonly string[], logger: Logger, options: CollabHealthOptions = {}): CollabHealth {
  const intervalMs = options.intervalMs ?? 500;
  const failuresToDown = options.failuresToDown ?? 2;
  const timeoutMs = options.timeoutMs ?? 400;
  // Up until probed otherwise: an upgrade that cannot connect moves on to the next process anyway.
  const failures = new Map(urls.map((url) => [url, 0]));
  const down = (url: string) => (failures.get(url) ?? 0) >= failuresToDown;

  async function probe(url: string): Promise<void> {
    const wasDown = down(url);
    let ok = false;
    try {
      const response = await fetch(`${url.replace(/^ws/, 'http')}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      ok = response.ok;
      await response.body?.cancel();
    } catch {
      ok = false;
    }
    failures.set(url, ok ? 0 : (failures.get(url) ?? 0) + 1);
    if (down(url) !== wasDown) logger[ok ? 'info' : 'warn']({ url }, ok ? 'collab process is back' : 'collab process is down');
  }

  // Only multiple processes need probing: a single one is the only choice whatever its health.
  const timer = urls.length > 1 ? setInterval(() => urls.forEach((url) => void probe(url)), intervalMs) : null;
  timer?.unref();
  return {
    isUp: (url) => !down(url),
    markDown: (url) => {
      if (!down(url)) logger.warn({ url }, 'collab process refused a connection: down');
      failures.set(url, Math.max(failuresToDown, failures.get(url) ?? 0));
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
