/** A real y-websocket client for tests and benchmarks: Node's `ws` with a session cookie, acks tracked. */
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import { WebsocketProvider } from 'y-websocket';
import { COLLAB_MESSAGE_ACK } from '@caravan/shared';

export interface TestClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close events seen, newest last. */
  closes: Array<{ code: number; reason: string }>;
  /** Resolves once everything in this client's document is acknowledged as durable. */
  saved: (timeoutMs?: number) => Promise<void>;
  synced: (timeoutMs?: number) => Promise<void>;
  isSaved: () => boolean;
  /** The last acknowledged durable state vector. */
  acked: () => Map<number, number>;
  destroy: () => void;
}

// Each y-websocket provider in Node adds a process 'exit' listener; tests open many.
process.setMaxListeners(200);

export function socketWithCookie(cookie: string | null, origin?: string): typeof WebSocket {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { ...(cookie && { cookie }), ...(origin && { origin }) } });
    }
  } as typeof WebSocket;
}

export function covers(acked: Map<number, number>, local: Map<number, number>): boolean {
  for (const [client, clock] of local) if ((acked.get(client) ?? 0) < clock) return false;
  return true;
}

export function connectClient(
  serverUrl: string,
  tripId: string,
  cookie: string | null,
  options: { doc?: Y.Doc; origin?: string; maxBackoffTime?: number } = {},
): TestClient {
  const doc = options.doc ?? new Y.Doc();
  const provider = new WebsocketProvider(serverUrl, tripId, doc, {
    WebSocketPolyfill: socketWithCookie(cookie, options.origin) as never,
    disableBc: true,
    maxBackoffTime: options.maxBackoffTime ?? 500,
  });
  let acked = new Map<number, number>();
  provider.messageHandlers[COLLAB_MESSAGE_ACK] = (_encoder, decoder) => {
    acked = Y.decodeStateVector(decoding.readVarUint8Array(decoder));
  };
  const closes: TestClient['closes'] = [];
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  const isSaved = () => covers(acked, Y.decodeStateVector(Y.encodeStateVector(doc)));
  return {
    doc,
    provider,
    closes,
    isSaved,
    acked: () => acked,
    saved: (timeoutMs = 10_000) => waitFor(isSaved, timeoutMs, 'saved'),
    synced: (timeoutMs = 10_000) => waitFor(() => provider.synced, timeoutMs, 'synced'),
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
