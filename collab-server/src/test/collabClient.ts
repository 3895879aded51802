/** A real y-websocket client for tests and benchmarks: Node's `ws` with a session cookie, acks tracked. */
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import { WebsocketProvider } from 'y-websocket';
import { COLLAB_MESSAGE_ACK, SettledState } from '@caravan/shared';

export interface TestClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Close events seen, newest last. */
  closes: Array<{ code: number; reason: string }>;
  /** Resolves once every edit made on this client is acknowledged as durable (as the web client's "Saved"). */
  saved: (timeoutMs?: number) => Promise<void>;
  synced: (timeoutMs?: number) => Promise<void>;
  isSaved: () => boolean;
  /** Clocks acknowledged as durable, plus what the server sent: edits they cover are durable or not this client's. */
  acked: () => ReadonlyMap<number, number>;
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

export function covers(acked: ReadonlyMap<number, number>, local: Map<number, number>): boolean {
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
  const settled = new SettledState();
  provider.messageHandlers[COLLAB_MESSAGE_ACK] = (_encoder, decoder) => settled.settleAck(decoding.readVarUint8Array(decoder));
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === provider) settled.settleFromServer(update);
  });
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.origin !== provider) settled.noteLocalTransaction(transaction);
  });
  const closes: TestClient['closes'] = [];
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  const isSaved = () => settled.covers(doc);
  return {
    doc,
    provider,
    closes,
    isSaved,
    acked: () => settled.settledClocks(),
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
