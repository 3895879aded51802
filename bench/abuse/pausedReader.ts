/**
 * bench:abuse's paused reader: a member's websocket on a trip's /collab/{tripId} that syncs, then stops reading
 * its socket and keeps asking for the whole document (sync step 1 with an empty state vector, the bytes
 * 00 00 01 00) about 150 times a second, so the server's answers pile up unread. `stop()` ends it.
 */
import WebSocket from 'ws';

/** messageSync, syncStep1, a state vector of one byte: no clients, i.e. "send me everything". */
const ASK_FOR_EVERYTHING = Buffer.from([0x00, 0x00, 0x01, 0x00]);
const TICK_MS = 20;

export interface PausedReaderOptions {
  /** ws:// URL of the collab path, e.g. ws://127.0.0.1:3000/collab (the trip id is appended). */
  url: string;
  tripId: string;
  cookie: string;
  perSecond?: number;
}

export interface PausedReader {
  /** Asks sent so far. */
  sent: () => number;
  /** The close the server gave, if it closed the socket. */
  closed: () => { code: number; reason: string } | null;
  stop: () => Promise<void>;
}

/** Resolves once the socket has synced and the asking has begun. */
export function startPausedReader({ url, tripId, cookie, perSecond = 150 }: PausedReaderOptions): Promise<PausedReader> {
  const ws = new WebSocket(`${url}/${tripId}`, { headers: { cookie }, perMessageDeflate: false });
  let sent = 0;
  let closed: { code: number; reason: string } | null = null;
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) =>
    ws.on('close', (code, reason) => {
      closed = { code, reason: reason.toString() };
      clearInterval(timer);
      resolve();
    }),
  );
  const perTick = (perSecond * TICK_MS) / 1000;
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(ASK_FOR_EVERYTHING));
    // The first answer is the document: synced. From here on nothing is read.
    ws.once('message', () => {
      ws.pause();
      let owed = 0;
      timer = setInterval(() => {
        for (owed += perTick; owed >= 1 && ws.readyState === WebSocket.OPEN; owed--, sent++) ws.send(ASK_FOR_EVERYTHING);
      }, TICK_MS);
      resolve({
        sent: () => sent,
        closed: () => closed,
        stop: async () => {
          clearInterval(timer);
          if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
          await done;
        },
      });
    });
  });
}
