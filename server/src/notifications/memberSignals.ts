/**
 * Tells a member's open pages at once that there is something new for their bell: each page keeps one event stream
 * (GET /_api/account/notifications/stream, text/event-stream) and asks its unread count again on `notified`. The
 * stream carries no notification itself, only the nudge, so what a page shows is always read through the calls and
 * their checks. Which members to nudge comes from PostgreSQL's `member_notified` (a trigger on `notifications`), so a
 * notification made by any process's commit (the collab server's too) reaches pages served by every API process.
 */
import { PassThrough } from 'node:stream';

export interface MemberSignalLimits {
  /** A member's open pages; one more closes their oldest (it reconnects if still open, and then the oldest goes). */
  perMember: number;
  /** This process's streams in all: beyond them a page is refused and keeps asking every little while instead. */
  total: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

export const MEMBER_SIGNAL_LIMITS: MemberSignalLimits = { perMember: 8, total: 5000, heartbeatMs: 25_000 };

/** How long a page waits before reconnecting a dropped stream (the EventSource `retry` field). */
const RETRY_MS = 5000;

export class MemberSignals {
  private readonly streams = new Map<number, Set<PassThrough>>();
  private open = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly limits: MemberSignalLimits = MEMBER_SIGNAL_LIMITS) {
    this.heartbeat = setInterval(() => this.each(': still here\n\n'), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  /** A new stream for the member's page, or null when this process holds as many as it takes. */
  subscribe(userId: number): PassThrough | null {
    const own = this.streams.get(userId) ?? new Set<PassThrough>();
    if (own.size >= this.limits.perMember) own.values().next().value?.end();
    else if (this.open >= this.limits.total) return null;
    const stream = new PassThrough();
    own.add(stream);
    this.streams.set(userId, own);
    this.open++;
    stream.once('close', () => this.forget(userId, stream));
    stream.write(`retry: ${RETRY_MS}\n\n`);
    return stream;
  }

  /** `member_notified`'s payload: member ids joined by commas, or '*' for everyone this process serves. */
  signal(payload: string): void {
    const nudge = 'event: notified\ndata: {}\n\n';
    if (payload === '*') return this.each(nudge);
    // Only the members named: a NOTIFY names a few, the process may follow thousands of pages.
    for (const userId of payload.split(',')) for (const stream of this.streams.get(Number(userId)) ?? []) stream.write(nudge);
  }

  get size(): number {
    return this.open;
  }

  /** How many of the member's pages this process follows. */
  pagesOf(userId: number): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.each(null);
  }

  /** Writes `line` to every stream this process holds; null ends them. */
  private each(line: string | null): void {
    for (const own of this.streams.values()) {
      for (const stream of own) {
        if (line === null) stream.end();
        else stream.write(line);
      }
    }
  }

  private forget(userId: number, stream: PassThrough): void {
    const own = this.streams.get(userId);
    if (!own?.delete(stream)) return;
    this.open--;
    if (own.size === 0) this.streams.delete(userId);
  }
}
