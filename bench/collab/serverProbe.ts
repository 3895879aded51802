/** What both server children answer over IPC: memory after a full GC, CPU and event-loop delay since the last reset. */
import { monitorEventLoopDelay } from 'node:perf_hooks';

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
  extra: Record<string, unknown>;
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

export function serveProbe(handlers: {
  ready: Record<string, unknown>;
  extra?: (reset: boolean) => Record<string, unknown>;
  query?: (what: string) => unknown;
  stop: () => Promise<void>;
}) {
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
          extra: handlers.extra?.(message.reset ?? false) ?? {},
        } satisfies ProbeStats;
        if (message.reset) {
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
