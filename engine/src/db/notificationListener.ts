/**
 * Listens to PostgreSQL NOTIFY channels on a dedicated connection and reconnects with backoff when it
 * drops. Notifications sent while disconnected are lost: `onDisconnect` says when that starts, and
 * `onReconnect` lets callers re-read state.
 */
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

/** SQLSTATE of "terminating connection due to administrator command". */
const ADMIN_SHUTDOWN = '57P01';

export type NotificationHandlers = Record<string, (payload: string) => void>;

export interface NotificationListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close: () => Promise<void>;
}

export function listenForNotifications(
  databaseUrl: string,
  handlers: NotificationHandlers,
  options: { logger: Logger; onReconnect?: () => void; onDisconnect?: () => void },
): NotificationListener {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      try {
        handlers[message.channel]?.(message.payload ?? '');
      } catch (error) {
        options.logger.error({ err: error, channel: message.channel }, 'notification handler failed');
      }
    });
    next.on('error', (error) => {
      // PostgreSQL shutting down (Ctrl-C reaches the embedded server too) is expected, not a failure.
      const level = (error as { code?: string }).code === ADMIN_SHUTDOWN ? 'info' : 'warn';
      options.logger[level]({ err: error }, 'notification connection failed');
    });
    next.on('end', () => {
      if (client !== next) return;
      options.onDisconnect?.();
      retry();
    });
    try {
      await next.connect();
      for (const channel of Object.keys(handlers)) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      options.logger.warn({ err: error }, 'could not listen for notifications');
      await next.end().catch(() => {});
      retry();
      return;
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    if (attempt > 0) options.onReconnect?.();
    attempt = 0;
    markReady();
  }

  function retry(): void {
    client = null;
    if (closed) return;
    const delay = Math.min(5000, 100 * 2 ** attempt++) * (0.5 + Math.random() / 2);
    setTimeout(() => void connect(), delay).unref();
  }

  void connect();
  return {
    ready,
    close: async () => {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
