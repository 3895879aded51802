/** What both server children answer over IPC: memory after a full GC, CPU and event-loop delay since the last reset. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import { now, setClockBase } from './client.ts';
import { watchGcPauses, type GcPauses } from './gcPauses.ts';

export interface MemorySample {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

export interface ProbeStats {
  cpuMs: number;
  wallMs: number;
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Garbage-collection pauses since the last reset. */
  gc: GcPauses;
  extra: Record<string, unknown>;
  trace?: { keys: string[]; times: number[]; handled: number[] };
}

const gc = (globalThis as { gc?: () => void }).gc;

export async function sampleMemory(): Promise<MemorySample> {
  for (let round = 0; round < 3; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}

/**
 * Notes when the server's event loop gets each Yjs update message (the 'message' event of its socket), keyed
 * by the update's first client and start clock, which the moving client noted too. Reads only the update's
 * header (a few varUints), the same for both servers.
 */
function traceUpdates(framing: 'caravan' | 'hocuspocus') {
  let keys: string[] = [];
  let times: number[] = [];
  let handled: number[] = [];
  const emit = WebSocket.prototype.emit;
  WebSocket.prototype.emit = function tracedEmit(this: WebSocket, event: string | symbol, ...args: unknown[]) {
    let traced = false;
    if (event === 'message' && keys.length < 500_000) {
      const t = now();
      try {
        const data = args[0] as Buffer;
        const decoder = decoding.createDecoder(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (framing === 'hocuspocus') decoding.readVarString(decoder);
        // Sync message (0) carrying an update (2): varUint8Array of a v1 update = clients, structs, client, clock.
        if (decoding.readVarUint(decoder) === 0 && decoding.readVarUint(decoder) === 2) {
          decoding.readVarUint(decoder);
          if (decoding.readVarUint(decoder) > 0) {
            decoding.readVarUint(decoder);
            const client = decoding.readVarUint(decoder);
            const clock = decoding.readVarUint(decoder);
            keys.push(`${client}:${clock}`);
            times.push(t);
            traced = true;
          }
        }
      } catch {
        // Not ours to judge: the server handles malformed messages itself.
      }
    }
    const result = emit.call(this, event, ...args);
    if (traced) {
      // Done at the end of this turn of the event loop: whatever either server finishes in promise callbacks
      // or a deferred fan-out (setImmediate, queued before this one) is then handed to every receiver's socket.
      const at = handled.push(Number.NaN) - 1;
      const into = handled;
      setImmediate(() => (into[at] = now()));
    }
    return result;
  } as typeof emit;
  return (reset: boolean) => {
    const trace = { keys, times, handled };
    if (reset) {
      keys = [];
      times = [];
      handled = [];
    }
    return trace;
  };
}

export function serveProbe(handlers: {
  framing: 'caravan' | 'hocuspocus';
  ready: Record<string, unknown>;
  extra?: (reset: boolean) => Record<string, unknown>;
  query?: (what: string) => unknown;
  stop: () => Promise<void>;
}) {
  if (process.env.BENCH_CLOCK_BASE) setClockBase(BigInt(process.env.BENCH_CLOCK_BASE));
  const trace = traceUpdates(handlers.framing);
  const gc = watchGcPauses();
  const loop = monitorEventLoopDelay({ resolution: 2 });
  loop.enable();
  let cpu = process.cpuUsage();
  let since = performance.now();
  process.on('message', async (message: { id: number; cmd: string; reset?: boolean; what?: string }) => {
    try {
      let result: unknown;
      if (message.cmd === 'mem') result = await sampleMemory();
      else if (message.cmd === 'stats') {
        const used = process.cpuUsage(cpu);
        result = {
          cpuMs: (used.user + used.system) / 1000,
          wallMs: performance.now() - since,
          loopDelayP50Ms: loop.percentile(50) / 1e6,
          loopDelayP99Ms: loop.percentile(99) / 1e6,
          loopDelayMaxMs: loop.max / 1e6,
          gc: gc.since(),
          extra: handlers.extra?.(message.reset ?? false) ?? {},
          trace: trace(message.reset ?? false),
        } satisfies ProbeStats;
        if (message.reset) {
          gc.reset();
          cpu = process.cpuUsage();
          since = performance.now();
          loop.reset();
        }
      } else if (message.cmd === 'query') result = handlers.query?.(message.what ?? '');
      else if (message.cmd === 'stop') {
        await handlers.stop();
        process.send!({ id: message.id, result: null });
        setTimeout(() => process.exit(0), 50);
        return;
      }
      process.send!({ id: message.id, result });
    } catch (error) {
      process.send!({ id: message.id, error: (error as Error).stack });
    }
  });
  process.send!({ ready: handlers.ready });
}
