/**
 * One benchmark client: a Yjs document on a websocket speaking y-protocols sync, with either framing:
 * - `caravan`:    y-websocket's (varUint type + payload), session cookie, acks of type 100 (a Yjs snapshot: durable state vector + durable deletions);
 * - `hocuspocus`: Hocuspocus' (varString document name + varUint type + payload), an auth token message first,
 *                 SyncStatus (type 8) after every applied update.
 * Both use the same y-protocols code on the client side, so client cost is identical for both servers;
 * no awareness is sent by either. All clients share the benchmark machine's two cores with the servers, so
 * the client does nothing a browser would not: it applies every update it receives (that is "seeing" a
 * change) and notes which senders' clocks advanced, from the transaction's before/after state vectors. The moving client stamps nothing into the document: a move is identified
 * by the sender's (clientID, clock) after the edit, which every receiver reads from the relayed update
 * (`Y.parseUpdateMeta`), so the stamp is unique and the edit is a plain `moveStop`.
 */
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { moveStop, stopIsAt, stopsMap } from '@caravan/shared';

export type Protocol = 'caravan' | 'hocuspocus';

export interface ClientSpec {
  protocol: Protocol;
  /** ws://host:port */
  serverUrl: string;
  /** Trip id (Caravan) or document name (Hocuspocus). */
  room: string;
  cookie?: string;
  /** Initial document content (the peer has no database, so its clients bring the trip's content). */
  seed?: Uint8Array;
}

const REMOTE = Symbol('remote');
const MESSAGE_SYNC = 0;
const MESSAGE_AUTH = 2;
const MESSAGE_SYNC_REPLY = 4;
const MESSAGE_SYNC_STATUS = 8;
const MESSAGE_ACK = 100;

let clockBase = process.hrtime.bigint();
/** Milliseconds on the machine's monotonic clock (shared by every process), relative to a common base. */
export const now = () => Number(process.hrtime.bigint() - clockBase) / 1e6;
export const setClockBase = (base: bigint) => (clockBase = base);

export interface Recorder {
  recording: boolean;
  /** Receipts: sender clientID → flat [clock, time, clock, time, …] in arrival order. */
  receipts: Map<number, number[]>;
  /** Own moves: flat [startClock, endClock, time, measured(0/1), …]. */
  sends: number[];
  /** Edit → ack covering it (Caravan: durable commit; Hocuspocus: in-memory apply status). */
  acks: number[];
}

export class BenchClient {
  readonly doc = new Y.Doc();
  ws: WebSocket | null = null;
  synced = false;
  closed = false;
  error: string | null = null;
  openedAt = 0;
  readonly rec: Recorder = { recording: false, receipts: new Map(), sends: [], acks: [] };
  /** Moves waiting for their ack: [endClock, time, measured]. */
  private pendingAcks: Array<[number, number, boolean]> = [];
  private handshakeStatuses = 0;
  private prefix: Uint8Array;

  constructor(readonly spec: ClientSpec) {
    if (spec.seed) Y.applyUpdate(this.doc, spec.seed, 'seed');
    const encoder = encoding.createEncoder();
    if (spec.protocol === 'hocuspocus') encoding.writeVarString(encoder, spec.room);
    this.prefix = encoding.toUint8Array(encoder);
    this.doc.on('afterTransaction', this.onTransaction);
  }

  get clientId(): number {
    return this.doc.clientID;
  }

  /** Resolves with the time from opening the socket to the first sync step 2 applied, and that apply's own time. */
  connect(timeoutMs = 30_000): Promise<{ openMs: number; syncMs: number; applyMs: number }> {
    const start = now();
    const url = this.spec.protocol === 'caravan' ? `${this.spec.serverUrl}/${this.spec.room}` : this.spec.serverUrl;
    const ws = new WebSocket(url, { headers: this.spec.cookie ? { cookie: this.spec.cookie } : {}, perMessageDeflate: false });
    ws.binaryType = 'nodebuffer';
    this.ws = ws;
    let openMs = 0;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(`no sync within ${timeoutMs} ms (open after ${openMs.toFixed(0)} ms)`), timeoutMs);
      const fail = (why: string) => {
        clearTimeout(timer);
        this.error = why;
        reject(new Error(why));
      };
      ws.on('open', () => {
        openMs = now() - start;
        if (this.spec.protocol === 'hocuspocus') {
          this.send((encoder) => {
            encoding.writeVarUint(encoder, MESSAGE_AUTH);
            encoding.writeVarUint(encoder, 0); // Token
            encoding.writeVarString(encoder, '');
          });
        }
        this.send((encoder) => {
          encoding.writeVarUint(encoder, MESSAGE_SYNC);
          syncProtocol.writeSyncStep1(encoder, this.doc);
        });
      });
      ws.on('message', (data: Buffer) => {
        try {
          const wasSynced = this.synced;
          const received = now();
          this.handle(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
          if (!wasSynced && this.synced) {
            clearTimeout(timer);
            const synced = now();
            resolve({ openMs, syncMs: synced - start, applyMs: synced - received });
          }
        } catch (error) {
          fail(`bad message: ${(error as Error).message}`);
        }
      });
      ws.on('close', (code, reason) => {
        this.closed = true;
        if (!this.synced) fail(`closed ${code} ${reason.toString()}`);
      });
      ws.on('error', (error) => {
        if (!this.synced) fail(error.message);
      });
    });
  }

  /** Moves a random stop to a random place; returns false when there is nothing to move. */
  move(random: () => number, measured: boolean): boolean {
    const ids = [...stopsMap(this.doc).keys()];
    if (ids.length < 2 || !this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    const id = ids[Math.floor(random() * ids.length)];
    let to = Math.floor(random() * ids.length);
    // A move to where the stop stands changes nothing (moveStop leaves it be) and sends nothing: take the next place.
    if (stopIsAt(this.doc, id, to)) to = (to + 1) % ids.length;
    const startClock = Y.getState(this.doc.store, this.doc.clientID);
    const start = now();
    // Local edits are sent as they happen, like y-websocket's provider does on the document's 'update'.
    this.doc.on('update', this.sendUpdate);
    try {
      moveStop(this.doc, id, to);
    } finally {
      this.doc.off('update', this.sendUpdate);
    }
    const endClock = Y.getState(this.doc.store, this.doc.clientID);
    if (this.rec.recording) this.rec.sends.push(startClock, endClock, start, measured ? 1 : 0);
    this.pendingAcks.push([endClock, start, measured && this.rec.recording]);
    return true;
  }

  /** True once everything this client wrote is acknowledged. */
  get allAcked(): boolean {
    return this.pendingAcks.length === 0;
  }

  close(): void {
    this.doc.off('afterTransaction', this.onTransaction);
    this.ws?.terminate();
    this.doc.destroy();
  }

  private send(write: (encoder: encoding.Encoder) => void): void {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    const encoder = encoding.createEncoder();
    encoding.writeUint8Array(encoder, this.prefix);
    write(encoder);
    this.ws.send(encoding.toUint8Array(encoder));
  }

  private sendUpdate = (update: Uint8Array) => {
    this.send((encoder) => {
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      syncProtocol.writeUpdate(encoder, update);
    });
  };

  /** Which senders' edits this client has now applied: clients whose clock the transaction advanced. */
  private onTransaction = (transaction: Y.Transaction) => {
    if (transaction.origin !== REMOTE || !this.rec.recording) return;
    const t = now();
    for (const [client, clock] of transaction.afterState) {
      if ((transaction.beforeState.get(client) ?? 0) === clock) continue;
      let list = this.rec.receipts.get(client);
      if (!list) this.rec.receipts.set(client, (list = []));
      list.push(clock, t);
    }
  };

  private handle(data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    if (this.spec.protocol === 'hocuspocus') decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC || (type === MESSAGE_SYNC_REPLY && this.spec.protocol === 'hocuspocus')) {
      const encoder = encoding.createEncoder();
      encoding.writeUint8Array(encoder, this.prefix);
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      const before = encoding.length(encoder);
      const syncType = syncProtocol.readSyncMessage(decoder, encoder, this.doc, REMOTE);
      if (encoding.length(encoder) > before) {
        this.ws?.send(encoding.toUint8Array(encoder));
        if (this.spec.protocol === 'hocuspocus') this.handshakeStatuses++;
      }
      if (syncType === syncProtocol.messageYjsSyncStep2) this.synced = true;
      return;
    }
    if (type === MESSAGE_ACK && this.spec.protocol === 'caravan') {
      const durable = Y.decodeSnapshot(decoding.readVarUint8Array(decoder)).sv;
      const upTo = durable.get(this.doc.clientID) ?? 0;
      const t = now();
      while (this.pendingAcks.length && this.pendingAcks[0][0] <= upTo) {
        const [, start, measured] = this.pendingAcks.shift()!;
        if (measured) this.rec.acks.push(t - start);
      }
      return;
    }
    if (type === MESSAGE_SYNC_STATUS && this.spec.protocol === 'hocuspocus') {
      if (this.handshakeStatuses > 0) {
        this.handshakeStatuses--;
        return;
      }
      const entry = this.pendingAcks.shift();
      if (entry && entry[2]) this.rec.acks.push(now() - entry[1]);
      return;
    }
    if (type === MESSAGE_AUTH && this.spec.protocol === 'hocuspocus') {
      const kind = decoding.readVarUint(decoder);
      if (kind === 1) throw new Error(`permission denied: ${decoding.readVarString(decoder)}`);
      return;
    }
    // Awareness (1), query awareness (3) and anything else: nothing to do for the benchmark.
  }
}

/** Deterministic random numbers (mulberry32). */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
