/** One server's side of a paired scenario: its clients, the running totals of its slices, and its result. */
import type { ClientSpec, Protocol } from '../client.ts';
import type { Server } from '../children.ts';
import type { ClientRunResult, RunReply } from '../clientProcess.ts';
import { addGcPauses, noGcPauses, type GcPauses } from '../gcPauses.ts';
import type { CpuSnapshot } from '../machineCpu.ts';
import { CLIENT_PROCESSES, type Scenario } from '../options.ts';
import type { ProbeStats } from '../serverProbe.ts';
import { editToCommit, joinDeliveries, percentile, type Commits } from '../stats.ts';
import type { ScenarioResult } from './results.ts';

export interface Side {
  protocol: Protocol;
  server: Server;
  specs: Array<ClientSpec & { key: number }>;
  trips: number[][];
  firstJoins: Array<{ syncMs: number }>;
  failed: Array<{ key: number; error: string }>;
  memory: Partial<ScenarioResult['memory']>;
  allSeen: number[];
  eachSeen: number[];
  upstream: number[];
  downstream: number[];
  inServer: number[];
  measuredMoves: number;
  incomplete: number;
  deliveries: number;
  acks: number[];
  unacked: number;
  durable: number[];
  lateMoves: number;
  clientGc: GcPauses;
  cpu: { serverMs: number; serverWallMs: number; clientMs: number; wallMs: number; busy: number; total: number; postgresMs: number };
  loopP99: number[];
  loopMax: number;
  gc: GcPauses;
  extra: Record<string, unknown>;
}

/** One measured slice of one side: what its client processes and its server answered, and the CPU around it. */
export interface Slice {
  replies: RunReply[];
  stats: ProbeStats;
  wallMs: number;
  cpuBefore: CpuSnapshot;
  cpuAfter: CpuSnapshot;
}

export const newSide = (protocol: Protocol, server: Server): Side => ({
  protocol,
  server,
  specs: [],
  trips: [],
  firstJoins: [],
  failed: [],
  memory: {},
  allSeen: [],
  eachSeen: [],
  upstream: [],
  downstream: [],
  inServer: [],
  measuredMoves: 0,
  incomplete: 0,
  deliveries: 0,
  acks: [],
  durable: [],
  unacked: 0,
  lateMoves: 0,
  clientGc: noGcPauses(),
  cpu: { serverMs: 0, serverWallMs: 0, clientMs: 0, wallMs: 0, busy: 0, total: 0, postgresMs: 0 },
  loopP99: [],
  loopMax: 0,
  gc: noGcPauses(),
  extra: {},
});

/** Adds one slice's server figures to the running totals (timings' samples concatenated, counts summed). */
function mergeExtra(into: Record<string, unknown>, slice: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(slice)) {
    const current = into[key];
    if (typeof value === 'number') into[key] = (typeof current === 'number' ? current : 0) + value;
    else if (value && typeof value === 'object' && 'samples' in value) {
      const timing = value as { count: number; totalMs: number; maxMs: number; samples: number[] };
      const sum = (current as typeof timing | undefined) ?? { count: 0, totalMs: 0, maxMs: 0, samples: [] };
      into[key] = {
        count: sum.count + timing.count,
        totalMs: sum.totalMs + timing.totalMs,
        maxMs: Math.max(sum.maxMs, timing.maxMs),
        samples: sum.samples.concat(timing.samples),
      };
    } else into[key] = value;
  }
}

/** Joins one slice's client and server records into moves delivered, and adds them to the side's totals. */
export function addSlice(side: Side, { replies, stats, wallMs, cpuBefore, cpuAfter }: Slice): void {
  const results = new Map<number, ClientRunResult>();
  for (const reply of replies) for (const client of reply.clients) results.set(client.key, client);
  const trace = stats.trace ?? { keys: [], times: [], handled: [] };
  const received = new Map(trace.keys.map((key, at) => [key, { received: trace.times[at], handled: trace.handled[at] }]));
  const delivery = joinDeliveries(side.trips, results, received);
  side.upstream.push(...delivery.upstream);
  side.downstream.push(...delivery.downstream);
  side.inServer.push(...delivery.inServer);
  side.allSeen.push(...delivery.allSeen);
  side.eachSeen.push(...delivery.eachSeen);
  side.measuredMoves += delivery.measuredMoves;
  side.incomplete += delivery.incomplete;
  side.deliveries += delivery.deliveries;
  for (const client of results.values()) {
    side.acks.push(...client.acks);
    side.unacked += client.unacked;
  }
  side.lateMoves += replies.reduce((sum, reply) => sum + reply.lateMoves, 0);
  for (const { gc } of replies) addGcPauses(side.clientGc, gc);
  side.cpu.serverMs += stats.cpuMs;
  side.cpu.serverWallMs += stats.wallMs;
  side.cpu.clientMs += replies.reduce((sum, reply) => sum + reply.cpuMs, 0);
  side.cpu.wallMs += wallMs;
  side.cpu.busy += cpuAfter.busy - cpuBefore.busy;
  side.cpu.total += cpuAfter.total - cpuBefore.total;
  side.cpu.postgresMs += cpuAfter.postgresMs - cpuBefore.postgresMs;
  side.loopP99.push(stats.loopDelayP99Ms);
  side.loopMax = Math.max(side.loopMax, stats.loopDelayMaxMs);
  addGcPauses(side.gc, stats.gc);
  const { commits, ...extra } = stats.extra as { commits?: Commits };
  if (commits) side.durable.push(...editToCommit(results.values(), commits));
  mergeExtra(side.extra, extra);
}

/** The side's totals as the report reads them, over `seconds` of measured slices. */
export function sideResult(side: Side, scenario: Scenario, clients: number, seconds: number): ScenarioResult {
  return {
    protocol: side.protocol,
    scenario,
    clients,
    joinFailures: side.failed.length,
    allSeen: { p50: percentile(side.allSeen, 50), p99: percentile(side.allSeen, 99), max: percentile(side.allSeen, 100) },
    eachSeenP50: percentile(side.eachSeen, 50),
    upstream: { p50: percentile(side.upstream, 50), p99: percentile(side.upstream, 99) },
    downstream: { p50: percentile(side.downstream, 50), p99: percentile(side.downstream, 99) },
    inServer: { p50: percentile(side.inServer, 50), p99: percentile(side.inServer, 99) },
    measuredMoves: side.measuredMoves,
    incomplete: side.incomplete,
    movesPerSec: (side.measuredMoves - side.incomplete) / seconds,
    deliveriesPerSec: side.deliveries / seconds,
    acks: {
      p50: percentile(side.acks, 50),
      p95: percentile(side.acks, 95),
      p99: percentile(side.acks, 99),
      count: side.acks.length,
      unacked: side.unacked,
    },
    durable: side.durable.length ? { p50: percentile(side.durable, 50), p95: percentile(side.durable, 95) } : null,
    joinSyncP50: percentile(side.firstJoins.map((join) => join.syncMs), 50),
    server: {
      cpuMs: side.cpu.serverMs,
      wallMs: side.cpu.serverWallMs,
      loopDelayP50Ms: Number.NaN,
      loopDelayP99Ms: percentile(side.loopP99, 50),
      loopDelayMaxMs: side.loopMax,
      gc: side.gc,
      extra: side.extra,
    },
    clientCpuPct: (side.cpu.clientMs / side.cpu.wallMs / CLIENT_PROCESSES) * 100,
    machinePct: (side.cpu.busy / side.cpu.total) * 100,
    postgresPct: Math.max(0, (side.cpu.postgresMs / side.cpu.wallMs) * 100),
    postgresCpuMs: Math.max(0, side.cpu.postgresMs),
    lateMoves: side.lateMoves,
    clientGc: side.clientGc,
    memory: side.memory as ScenarioResult['memory'],
  };
}
