/** What bench:collab's scenarios hand the report: the shared context they run in and the figures they measured. */
import type { Protocol } from '../client.ts';
import type { BenchData } from '../benchData.ts';
import type { Child, StartServer } from '../children.ts';
import type { GcPauses } from '../gcPauses.ts';
import type { CpuSnapshot } from '../machineCpu.ts';
import type { Scenario } from '../options.ts';
import type { MemorySample, ProbeStats } from '../serverProbe.ts';

export interface Bench {
  data: BenchData;
  startServer: StartServer;
  cpuSnapshot: () => CpuSnapshot;
  /** Each server gets client processes of its own, so neither side's clients pause for the other's garbage. */
  clientProcesses: Record<Protocol, Child[]>;
}

export interface ScenarioResult {
  protocol: Protocol;
  scenario: Scenario;
  clients: number;
  joinFailures: number;
  allSeen: { p50: number; p99: number; max: number };
  eachSeenP50: number;
  upstream: { p50: number; p99: number };
  downstream: { p50: number; p99: number };
  inServer: { p50: number; p99: number };
  measuredMoves: number;
  incomplete: number;
  movesPerSec: number;
  deliveriesPerSec: number;
  acks: { p50: number; p95: number; p99: number; count: number; unacked: number };
  /** Caravan: local edit → the end of the commit in PostgreSQL that covered it; null for the peer (no persistence). */
  durable: { p50: number; p95: number } | null;
  joinSyncP50: number;
  server: ProbeStats;
  clientCpuPct: number;
  machinePct: number;
  postgresPct: number;
  postgresCpuMs: number;
  lateMoves: number;
  /** The client processes' garbage-collection pauses while measured (stalls of the receivers, not of the server). */
  clientGc: GcPauses;
  memory: { base: MemorySample; oneEach: MemorySample; all: MemorySample; after: MemorySample };
}

export interface HistoryResult {
  moves: number;
  commits: number;
  persistedBytes: number;
  stateBytes: number;
  logBytes: number;
  logRows: number;
  docBytes: number;
  cold: number[];
  /** The first cold join after the history, before any warm-up. */
  coldFirst: number;
  coldOpen: number[];
  coldApply: number[];
  coldServerRead: number[];
  coldServerBuild: number[];
  coldYWebsocket: number[];
  loadRead: number[];
  loadApply: number[];
  loadApplyRows: number[];
  loadEncode: number[];
  coldMachinePct: number;
  warm: number;
  peerWarm: number;
  peerDocBytes: number;
}
