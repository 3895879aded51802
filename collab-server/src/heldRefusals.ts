/**
 * Answers a paused session's reconnect (pausedSessions.ts) with HTTP 429, but only after holding the request open
 * for a moment. A hostile client reconnects the instant it is answered: answered at once, it made ~700 tries a
 * second, each a TCP handshake and an HTTP parse here and a busy CPU on its side; held, it makes one a second.
 * y-websocket's own backoff waits longer than the hold, so a well-behaved client never notices. The number held at
 * once is bounded (each is an open socket); past that, refusals are answered at once as before.
 */
import type { Duplex } from 'node:stream';

const HOLD_MS = 1000;
const MAX_HELD = 1000;

export class HeldRefusals {
  private readonly held = new Set<Duplex>();

  constructor(
    private readonly holdMs = HOLD_MS,
    private readonly maxHeld = MAX_HELD,
  ) {}

  /** Refuses the upgrade on `socket`: the session may retry in `pausedForMs`. */
  refuse(socket: Duplex, pausedForMs: number): void {
    const answer = () => {
      socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${Math.ceil(pausedForMs / 1000)}\r\nConnection: close\r\n\r\n`);
    };
    if (this.held.size >= this.maxHeld) return answer();
    this.held.add(socket);
    const timer = setTimeout(answer, Math.min(this.holdMs, pausedForMs));
    socket.once('close', () => {
      clearTimeout(timer);
      this.held.delete(socket);
    });
  }

  /** Drops every held request (the server is stopping). */
  dropAll(): void {
    for (const socket of this.held) socket.destroy();
  }
}
