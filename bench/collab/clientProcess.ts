/**
 * A child process hosting many benchmark clients, driven over IPC by bench/collab/run.ts. The benchmark
 * forks two of these per server (one per CPU), so 1000 sockets never share one event loop with the servers or each other,
 * and neither server's clients pause for the other's garbage.
 */
import { BenchClient, now, random, setClockBase, type ClientSpec, type Protocol } from './client.ts';
import { watchGcPauses, type GcPauses } from './gcPauses.ts';

export type ClientCommand =
  | { cmd: 'clock'; base: string }
  | { cmd: 'connect'; specs: Array<ClientSpec & { key: number }>; concurrency: number }
  | {
      cmd: 'run';
      /** Only this server's clients move and record; the others stay connected and idle. */
      protocol: Protocol;
      startAt: number;
      warmupMs: number;
      durationMs: number;
      intervalMs: number;
      drainMs: number;
      seed: number;
    }
  | { cmd: 'closeAll' }
  | { cmd: 'exit' };

export interface ClientRunResult {
  key: number;
  clientId: number;
  /** Flat [startClock, endClock, time, measured]. */
  sends: Float64Array;
  receipts: Map<number, Float64Array>;
  acks: Float64Array;
  unacked: number;
  closed: boolean;
}

export interface RunReply {
  clients: ClientRunResult[];
  cpuMs: number;
  /** Garbage-collection pauses during the run: the receivers' stalls that are the benchmark's own. */
  gc: GcPauses;
  lateMoves: number;
}

let clients = new Map<number, BenchClient>();

const gc = watchGcPauses();

async function connect(specs: Array<ClientSpec & { key: number }>, concurrency: number) {
  const joined: Array<{ key: number; clientId: number; openMs: number; syncMs: number }> = [];
  const failed: Array<{ key: number; error: string }> = [];
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const { key, ...spec } = specs[next++];
      const client = new BenchClient(spec);
      clients.set(key, client);
      try {
        const times = await client.connect();
        joined.push({ key, clientId: client.clientId, ...times });
      } catch (error) {
        failed.push({ key, error: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { joined, failed };
}

async function run(command: Extract<ClientCommand, { cmd: 'run' }>): Promise<RunReply> {
  const { startAt, warmupMs, durationMs, intervalMs, drainMs } = command;
  const endAt = startAt + warmupMs + durationMs;
  const measureFrom = startAt + warmupMs;
  const cpuStart = process.cpuUsage();
  let lateMoves = 0;
  const active = [...clients.entries()].filter(([, client]) => client.spec.protocol === command.protocol);
  for (const [, client] of active) client.rec.recording = true;
  gc.reset();
  await Promise.all(
    active.map(([key, client]) => {
      const next = random(command.seed * 7919 + key);
      const first = startAt + next() * intervalMs;
      return new Promise<void>((resolve) => {
        let k = 0;
        const tick = () => {
          const due = first + k * intervalMs;
          if (due >= endAt || client.closed) return resolve();
          // A client process too busy to keep the pace skips the moves it is more than one interval behind on
          // (counted): sending them all at once would be a burst no user makes.
          if (now() - due > intervalMs) lateMoves++;
          else client.move(next, due >= measureFrom);
          k++;
          setTimeout(tick, Math.max(0, first + k * intervalMs - now()));
        };
        setTimeout(tick, Math.max(0, first - now()));
      });
    }),
  );
  // Let the last moves reach everyone and get acknowledged.
  const drainUntil = now() + drainMs;
  while (now() < drainUntil && !active.every(([, client]) => client.allAcked)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.min(500, Math.max(0, drainUntil - now()))));
  const cpu = process.cpuUsage(cpuStart);
  const results: ClientRunResult[] = [];
  for (const [key, client] of active) {
    client.rec.recording = false;
    results.push({
      key,
      clientId: client.clientId,
      sends: Float64Array.from(client.rec.sends),
      receipts: new Map([...client.rec.receipts].map(([sender, list]) => [sender, Float64Array.from(list)])),
      acks: Float64Array.from(client.rec.acks),
      unacked: client.allAcked ? 0 : 1,
      closed: client.closed,
    });
    client.rec.sends = [];
    client.rec.receipts = new Map();
    client.rec.acks = [];
  }
  return { clients: results, cpuMs: (cpu.user + cpu.system) / 1000, gc: gc.since(), lateMoves };
}

process.on('message', async (message: { id: number } & ClientCommand) => {
  let result: unknown;
  try {
    if (message.cmd === 'clock') setClockBase(BigInt(message.base));
    else if (message.cmd === 'connect') result = await connect(message.specs, message.concurrency);
    else if (message.cmd === 'run') result = await run(message);
    else if (message.cmd === 'closeAll') {
      for (const client of clients.values()) client.close();
      clients = new Map();
    }
    process.send!({ id: message.id, result });
    if (message.cmd === 'exit') setTimeout(() => process.exit(0), 20);
  } catch (error) {
    process.send!({ id: message.id, error: (error as Error).stack });
  }
});
process.send!({ ready: true });
