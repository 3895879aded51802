/**
 * One socket's incoming messages, handled in order at the pace the budgets allow (rateLimits.ts). A socket gets at
 * most SLICE_MS of the event loop per turn, so a flood waits its turn behind the other trips' messages instead of
 * holding the loop; while its messages wait, reading from it is paused, so TCP pushes back on the sender instead of
 * this process buffering the flood. A connection whose member (or account) stays over budget is closed as
 * `rateLimited`, and so is each of that member's (or account's) other sockets at its next message.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { COLLAB_CLOSE } from '@caravan/shared';
import type { Connection } from './connection.ts';
import type { InboundLimits, Sender } from './rateLimits.ts';

/** A socket's share of one turn of the event loop: a drag or a catch-up fits, a flood yields to the others. */
const SLICE_MS = 2;
/**
 * A connection closed (for whatever reason) while its reads are paused would not read the client's answer to the
 * close frame, which sits behind the messages it already sent: the TCP connection is cut this long after the
 * close frame went out (the client has read the code and reason by then), instead of after ws' 30 s close timeout.
 * 2 s: a client busy writing (ten flooding sockets in one process, on a loaded machine) took longer than 0.5 s to
 * read its close frame, and a cut connection drops what it had not read (it saw 1006, not 4008).
 */
const CLOSE_GRACE_MS = 2000;
export const RATE_LIMITED_REASON = 'Sending too fast: reconnect later';

export class Inbox {
  private readonly queue: Uint8Array[] = [];
  private running = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly connection: Connection,
    private readonly sender: Sender,
    private readonly limits: InboundLimits,
  ) {}

  receive(data: Uint8Array): void {
    if (!this.connection.isOpen) return;
    this.queue.push(data);
    if (!this.running) void this.run().catch(() => this.connection.close(COLLAB_CLOSE.restarting, 'Server error'));
  }

  private async run(): Promise<void> {
    this.running = true;
    let sliceStart = performance.now();
    try {
      while (this.queue.length && this.connection.isOpen) {
        const admission = await this.limits.admit(this.sender, this.queue[0].byteLength);
        if (!admission.ok) {
          if (admission.sustained) return this.closeRateLimited();
          this.socket.pause();
          await sleep(admission.waitMs);
          sliceStart = performance.now();
          continue;
        }
        const replied = this.connection.handle(this.queue.shift()!);
        if (replied) await this.limits.charge(this.sender, replied);
        if (this.queue.length && performance.now() - sliceStart > SLICE_MS) {
          this.socket.pause();
          await nextTurn();
          sliceStart = performance.now();
        }
      }
    } finally {
      this.running = false;
      if (this.connection.isOpen) this.socket.resume();
      else if (this.socket.isPaused) setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
    }
  }

  private closeRateLimited(): void {
    this.queue.length = 0;
    this.socket.pause();
    this.connection.close(COLLAB_CLOSE.rateLimited, RATE_LIMITED_REASON);
  }
}
