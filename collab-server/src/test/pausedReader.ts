/**
 * The paused-reader attack on the collab server, for tests and benchmarks: a member's socket joins a trip and syncs,
 * stops reading (`ws.pause()`), then asks for the whole document (sync step 1 with an empty state vector, bytes 00 00 01 00)
 * `perSecond` times a second. Without a limit, the server queues a copy of the trip for that socket each time.
 *
 *   const attack = await startPausedReader({ url: collab.url, tripId, cookie });
 *   ... measure ...
 *   const closed = await attack.stop(); // how the server closed the socket, or null if it never did
 *
 * Runs in the caller's process: sending 150 four-byte messages a second costs next to nothing.
 */
import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import * as syncProtocol from 'y-protocols/sync';

export interface PausedReaderOptions {
  /** The collab server's ws:// URL (the trip id is appended). */
  url: string;
  tripId: string;
  /** A member's session cookie (any role: a viewer may ask for the document too). */
  cookie: string;
  /** Sync step 1 messages per second once paused (default 150). */
  perSecond?: number;
}

export interface PausedReader {
  /** Sync step 1 messages sent since the socket was paused. */
  sent: () => number;
  /**
   * Stops sending, reads the socket again and waits up to 3 s for its close: resolves with the server's close code
   * and reason (1006: the connection was cut without a close frame), or null when the server had not closed it.
   */
  stop: () => Promise<{ code: number; reason: string } | null>;
}

export const ASK_FOR_EVERYTHING = Uint8Array.of(0, syncProtocol.messageYjsSyncStep1, 1, 0);
const TICK_MS = 10;
const CLOSE_WAIT_MS = 3000;

/** Opens the socket and resolves once it has synced, stopped reading and started asking. */
export async function startPausedReader(options: PausedReaderOptions): Promise<PausedReader> {
  const perSecond = options.perSecond ?? 150;
  const ws = new WebSocket(`${options.url}/${options.tripId}`, { headers: { cookie: options.cookie }, perMessageDeflate: false });
  ws.binaryType = 'nodebuffer';
  ws.on('error', () => {});
  let closed: { code: number; reason: string } | null = null;
  const gone = new Promise<void>((resolve) =>
    ws.once('close', (code, reason) => {
      closed = { code, reason: reason.toString() };
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send(ASK_FOR_EVERYTHING));
    ws.on('message', function synced(data: Buffer) {
      const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (decoding.readVarUint(decoder) !== 0 || decoding.readVarUint(decoder) !== syncProtocol.messageYjsSyncStep2) return;
      ws.off('message', synced);
      resolve();
    });
    void gone.then(() => reject(new Error(`closed before it could pause: ${closed?.code} ${closed?.reason}`)));
  });

  ws.pause();
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    if (ws.readyState !== WebSocket.OPEN) return;
    const due = Math.floor(((performance.now() - started) * perSecond) / 1000);
    for (; sent < due; sent++) ws.send(ASK_FOR_EVERYTHING);
  }, TICK_MS);

  return {
    sent: () => sent,
    stop: async () => {
      clearInterval(timer);
      ws.resume();
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      if (!closed) ws.terminate();
      return closed;
    },
  };
}
