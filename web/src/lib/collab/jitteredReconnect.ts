/**
 * Reconnects a y-websocket provider after a dropped connection, waiting a random time under an
 * exponentially growing cap ("full jitter"), so the members of a trip do not all come back in the same
 * instant after a server restart. Stops for good on the close codes after which retrying cannot help.
 *
 * y-websocket 3 schedules its own retry (a fixed 2^n·100 ms) right after it emits `connection-close`,
 * and that retry only opens a socket if `provider.shouldConnect` is still true. So on every close we
 * clear `shouldConnect` — its retry becomes a no-op — and call `provider.connect()` from our own timer.
 * `shouldConnect` is already false when the close was asked for (`disconnect()`/`destroy()`), which is
 * how those are told apart from drops. After a close that asks the client to back off (the server's rate limit),
 * the next attempt waits that pause first, plus the jitter, so a client that sent too much does not come straight
 * back; its unacknowledged edits wait in the document (and IndexedDB) and go out with the next sync. When the server
 * says how long to stay away (the 503 Retry-After of a refused upgrade, learnt by asking; see tripConnection.ts),
 * `holdFor` puts the next attempt that far off, plus the jitter.
 */
import type { WebsocketProvider } from 'y-websocket';

export const RECONNECT_BASE_MS = 250;
export const RECONNECT_MAX_MS = 10_000;

/** The wait before reconnect attempt `attempt` (0-based): uniform in [0, min(max, base·2^attempt)). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
}

export interface ReconnectOptions {
  finalCloseCodes: readonly number[];
  /** Close codes after which the next attempt waits at least this long (ms), e.g. rate-limited → 10 s. */
  pauseAfter?: Readonly<Record<number, number>>;
  onFinalClose: (close: { code: number; reason: string }) => void;
  random?: () => number;
}

export interface ReconnectControl {
  /** Skips the current wait, e.g. when the browser reports it is back online. */
  retryNow(): void;
  /** The next attempt waits at least `ms` from now, plus the jitter (the server asked for it); no-op while connected. */
  holdFor(ms: number): void;
  stop(): void;
}

export function jitteredReconnect(provider: WebsocketProvider, options: ReconnectOptions): ReconnectControl {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dueAt = 0;
  let stopped = false;

  const reconnect = () => {
    timer = null;
    if (!stopped) provider.connect();
  };
  const schedule = (delayMs: number) => {
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(reconnect, delayMs);
  };

  const onClose = (event: CloseEvent | null) => {
    if (stopped || !provider.shouldConnect) return;
    provider.shouldConnect = false;
    if (event && options.finalCloseCodes.includes(event.code)) {
      options.onFinalClose({ code: event.code, reason: event.reason });
      return;
    }
    const pause = (event && options.pauseAfter?.[event.code]) ?? 0;
    schedule(pause + reconnectDelay(attempt++, options.random));
  };

  // A connection that synced did useful work; a server that accepts and then drops us keeps backing off.
  const onSync = (synced: boolean) => {
    if (synced) attempt = 0;
  };

  provider.on('connection-close', onClose);
  provider.on('sync', onSync);
  return {
    retryNow() {
      if (!timer) return;
      clearTimeout(timer);
      attempt = 0;
      reconnect();
    },
    holdFor(ms) {
      if (stopped || !timer) return;
      const delayMs = ms + reconnectDelay(attempt, options.random);
      if (Date.now() + delayMs > dueAt) schedule(delayMs);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      provider.off('connection-close', onClose);
      provider.off('sync', onSync);
    },
  };
}
