/**
 * A member's sockets (one, or `sockets` of them at once) that flood a trip with one-key updates as fast as each
 * socket takes them, in a child process of its own (so its work is not done in the server's event loop): for the
 * rate-limit tests, `npm run bench:flood` and `npm run bench:abuse`. `startFlooder` forks this file; the child
 * reports each close and, when asked to, reconnects that socket at once and floods again, as a hostile client would.
 */
import os from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { orderedStops, updateStop } from '@caravan/shared';

export interface FloodClose {
  /** Which of the flooder's sockets (0 to `sockets` - 1). */
  socket: number;
  code: number;
  reason: string;
  /** Since the flood started (the first connection opened). */
  atMs: number;
  /** Updates sent on this connection. */
  sent: number;
}

export interface FlooderOptions {
  url: string;
  tripId: string;
  cookie: string;
  /** Connect again right after a close and keep flooding (default: stop at the first close). */
  reconnect?: boolean;
  /** Sockets of the same session flooding at once, each on its own (default 1). */
  sockets?: number;
  /**
   * The flooder's scheduling priority (os.setPriority, 19 = lowest). A real attacker floods from its own machine;
   * on a benchmark's one machine, making updates as fast as the socket takes them (megabytes of kernel buffer
   * on localhost) takes a whole CPU that would otherwise count against the server. Default: unchanged.
   */
  niceness?: number;
}

export interface Flooder {
  closes: FloodClose[];
  /** Updates sent so far, reported a few times a second. */
  sent: () => number;
  /** Stops flooding and ends the child; resolves with the updates sent in all. */
  stop: () => Promise<number>;
}

type FromChild = { kind: 'flooding' } | { kind: 'sent'; sent: number } | ({ kind: 'closed' } & FloodClose);

/** Forks a flooder and resolves once each of its sockets is synced and flooding. */
export function startFlooder(options: FlooderOptions): Promise<Flooder> {
  const child = fork(fileURLToPath(import.meta.url), ['flood'], {
    env: { ...process.env, FLOOD_OPTIONS: JSON.stringify(options) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (options.niceness !== undefined) os.setPriority(child.pid!, options.niceness);
  const closes: FloodClose[] = [];
  let sent = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    // A socket that never gets to flood (refused, no stops) would otherwise leave a reconnecting flooder waiting for good.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('flooder not flooding on every socket within 30 s'));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`flooder exited before flooding (${code})`));
    });
    child.on('message', (message: FromChild) => {
      if (message.kind === 'sent') sent = message.sent;
      if (message.kind === 'closed') closes.push(message);
      if (message.kind === 'flooding') {
        clearTimeout(timer);
        resolve({ closes, sent: () => sent, stop: () => stopChild(child, exited, () => sent) });
      }
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>, sent: () => number): Promise<number> {
  if (child.exitCode === null) {
    // A flooder whose sockets were all closed (and not told to reconnect) is already on its way out.
    if (child.connected) child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  return sent();
}

// ------------------------------------------------------------------------------------------------ the child

/** Writes stay this far ahead of the socket at most: "as fast as the socket takes them", without using up memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Updates made per turn of the child's event loop, shared by its sockets: a turn stays short, so each socket reads its close frame soon. */
const UPDATES_PER_TURN = 200;

async function runFlooder(options: FlooderOptions): Promise<void> {
  const report = (message: FromChild) => process.connected && process.send!(message);
  const sockets = options.sockets ?? 1;
  let stopping = false;
  let total = 0;
  let started = 0;
  let flooding = 0;
  // The sockets flood together once every one is synced: flooding at once, the first ones would spend the member's
  // budget and have the server close the member's sockets (a late one too, before it ever flooded).
  let everySocketSynced!: () => void;
  const allSynced = new Promise<void>((resolve) => (everySocketSynced = resolve));
  process.on('message', () => (stopping = true));
  // A parent that died (a test run killed midway) must not leave a flood running.
  process.on('disconnect', () => process.exit(0));
  const reporter = setInterval(() => report({ kind: 'sent', sent: total }), 200);

  const floodWith = async (socket: number) => {
    let floodedOnce = false;
    while (!stopping) {
      const closed = await floodOnce(
        options,
        () => stopping,
        () => {
          started ||= performance.now();
          if (!floodedOnce && ++flooding === sockets) {
            everySocketSynced();
            report({ kind: 'flooding' });
          }
          floodedOnce = true;
        },
        () => total++,
        allSynced,
      );
      if (!floodedOnce) return false; // Never got to flood (not a member, no stops): the parent sees the exit.
      if (!stopping) report({ kind: 'closed', ...closed, socket, atMs: performance.now() - started });
      if (!options.reconnect) break;
    }
    return true;
  };
  await Promise.all(Array.from({ length: sockets }, (_, socket) => floodWith(socket)));
  clearInterval(reporter);
  report({ kind: 'sent', sent: total });
  process.disconnect();
}

/** One connection: sync, then (once `start` resolves) rename the first stop again and again until the socket closes or `stopping()`. */
function floodOnce(
  options: FlooderOptions,
  stopping: () => boolean,
  onFlooding: () => void,
  onSent: () => void,
  start: Promise<void>,
): Promise<FloodClose> {
  const doc = new Y.Doc();
  const ws = new WebSocket(`${options.url}/${options.tripId}`, { headers: { cookie: options.cookie }, perMessageDeflate: false });
  const perTurn = Math.ceil(UPDATES_PER_TURN / (options.sockets ?? 1));
  let sent = 0;
  let open = true;
  const send = (update: Uint8Array) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeUpdate(encoder, update);
    ws.send(encoding.toUint8Array(encoder));
    sent++;
    onSent();
  };
  const flood = () => {
    if (!open) return;
    if (stopping()) return ws.close();
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return setTimeout(flood, 1);
    const stopId = orderedStops(doc)[0].id;
    for (let update = 0; update < perTurn; update++) updateStop(doc, stopId, { name: `Flood ${sent}` });
    setImmediate(flood);
  };
  return new Promise((resolve) => {
    ws.binaryType = 'nodebuffer';
    ws.on('open', () => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0);
      syncProtocol.writeSyncStep1(encoder, doc);
      ws.send(encoding.toUint8Array(encoder));
    });
    ws.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (decoding.readVarUint(decoder) !== 0) return;
      const syncType = syncProtocol.readSyncMessage(decoder, encoding.createEncoder(), doc, 'server');
      if (syncType === syncProtocol.messageYjsSyncStep2 && sent === 0 && orderedStops(doc).length) {
        doc.on('update', (update: Uint8Array, origin: unknown) => origin !== 'server' && send(update));
        onFlooding();
        void start.then(flood);
      }
    });
    ws.on('error', () => {});
    ws.on('close', (code, reason) => {
      open = false;
      doc.destroy();
      resolve({ socket: 0, code, reason: reason.toString(), atMs: 0, sent });
    });
  });
}

if (process.argv[2] === 'flood' && process.send) await runFlooder(JSON.parse(process.env.FLOOD_OPTIONS!) as FlooderOptions);
