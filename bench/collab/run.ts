/**
 * `npm run bench:collab` — issue 3's benchmark: Caravan's collab server against `@hocuspocus/server` with its
 * default settings, same scenario, same machine, one run.
 *
 *   N clients on one trip (N = 2, 10, 30, 100) and 200 trips × 5 clients; every client moves a random stop of
 *   a 10-stop trip to a random place every 200 ms. Printed per scenario and server: p50/p99/max time until
 *   every other client of the trip has applied a move, moves/s and deliveries/s sustained, edit → ack
 *   (Caravan: durable commit in PostgreSQL; the peer has no persistence and acks the in-memory apply), for
 *   Caravan also edit → the end of its commit (edit-to-durable, from the commits the server probe notes),
 *   server CPU and event-loop delay, and server memory per connection and per trip (heap + external after a
 *   full GC, in the server's own process). Then Caravan's cold join of a trip whose log saw 10,000 moves,
 *   and its persisted size (trip_docs.state + remaining trip_doc_updates).
 *
 * Everything runs here: an embedded PostgreSQL in a temp dir; each server in its own child process, fresh per
 * scenario, both up at once and driven in alternating 2 s slices so other work on the machine hits both alike;
 * clients in two child processes per server (one per CPU: 1000 sockets do not fit one event loop beside the servers;
 * one set per server, so neither side's clients pause for garbage the other side's clients made).
 * A move is identified by the mover's Yjs (clientID, clock); every process reads the same monotonic clock.
 * Options: --quick (shorter runs), --seconds=N (measured time per scenario and server), --only=2,10,30,100,200,history (a subset), --profile (CPU profiles of the
 * Caravan server and the client processes into a temp dir), --nice-clients (client processes at niceness 10).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { WebsocketProvider } from 'y-websocket';
import { addStop, orderedStops } from '../../shared/src/tripDoc/index.ts';
import { sessionCreator } from '../../server/src/commands/sessionCreator.ts';
import { createDataSource, runMigrations } from '../../server/src/db/dataSource.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embeddedPostgres.ts';
import { UserEntity, type User } from '../../server/src/entities/user.ts';
import { createLogger } from '../../server/src/lib/logger.ts';
import { SESSION_COOKIE } from '../../server/src/lib/sessionCookie.ts';
import { addMember, buildTrip, buildUser } from '../../server/src/test/factories.ts';
import { serverOrigin } from '../../server/src/tripDocs/origins.ts';
import { TripDocHub } from '../../server/src/tripDocs/tripDocHub.ts';
import { readCatchUp } from '../../server/src/tripDocs/tripDocLog.ts';
import { COLLAB_NODE_FLAGS } from '../../collab-server/src/collabProcess.ts';
import { socketWithCookie } from '../../collab-server/src/test/collabClient.ts';
import { freePort } from '../processes.ts';
import { BenchClient, now, random, setClockBase, type ClientSpec, type Protocol } from './client.ts';
import type { ClientRunResult, RunReply } from './clientProcess.ts';
import type { MemorySample, ProbeStats } from './serverProbe.ts';
import { addGcPauses, noGcPauses, type GcPauses } from './gcPauses.ts';
import { editToCommit, joinDeliveries, kb, ms, percentile, type Commits } from './stats.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = new Set(process.argv.slice(2));
const QUICK = argv.has('--quick');
/** --only=30,history: run just those scenarios (clients per trip; "200" for 200 trips; "history" for the cold join). */
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',') ?? null;
const PROFILE = argv.has('--profile');
/** --seconds=60: measure each scenario this long per server (a steadier p99; default 10, 3 with --quick). */
const SECONDS = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice('--seconds='.length)) || null;
const CONFIG = QUICK
  ? { warmupMs: 500, durationMs: (SECONDS ?? 3) * 1000, sliceMs: 1000, drainMs: 1000, coldJoinWarmups: 5, coldJoins: 5 }
  : { warmupMs: 1000, durationMs: (SECONDS ?? 10) * 1000, sliceMs: 2000, drainMs: 1000, coldJoinWarmups: 20, coldJoins: 15 };
const MOVE_INTERVAL_MS = 200;
const STOPS_PER_TRIP = 10;
const CLIENT_PROCESSES = 2;
/** --nice-clients: run the client processes at niceness 10, so the servers and PostgreSQL get the CPU first. */
const CLIENT_NICENESS = argv.has('--nice-clients') ? 10 : 0;
const HISTORY_MOVES = 10_000;
const SCENARIOS = [
  { name: '2 clients, 1 trip', trips: 1, perTrip: 2 },
  { name: '10 clients, 1 trip', trips: 1, perTrip: 10 },
  { name: '30 clients, 1 trip', trips: 1, perTrip: 30 },
  { name: '100 clients, 1 trip', trips: 1, perTrip: 100 },
  { name: '200 trips × 5 clients', trips: 200, perTrip: 5 },
];
const TARGETS = { p99At30Ms: 20, durableP95Ms: 100, coldJoinMs: 25, persistedBytes: 256 * 1024 };

const clockBase = process.hrtime.bigint();
setClockBase(clockBase);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const log = (line: string) => console.log(line);
const benchStart = Date.now();
const progress = (line: string) => process.stderr.write(`· ${((Date.now() - benchStart) / 1000).toFixed(0).padStart(3)} s  ${line}\n`);

// ---------------------------------------------------------------------------------------------- processes

interface Child {
  process: ChildProcess;
  ready: Record<string, unknown>;
  call: <T>(message: Record<string, unknown>, timeoutMs?: number) => Promise<T>;
}

function forkChild(script: string, options: { env?: NodeJS.ProcessEnv; execArgv?: string[]; quiet?: boolean } = {}): Promise<Child> {
  const child = fork(path.join(HERE, script), [], {
    env: { ...process.env, ...options.env },
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) entry?.reject(new Error(message.error));
    else entry?.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`${script} exited (${code})`));
    waiting.clear();
  });
  const call = <T>(message: Record<string, unknown>, timeoutMs = 300_000) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${script}: ${String(message.cmd)} timed out`)), timeoutMs);
      waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as T)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      child.send({ ...message, id });
    });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited during start (${code})`));
    child.once('exit', onExit);
    child.on('message', (message: { ready?: Record<string, unknown> | true }) => {
      if (!message.ready) return;
      child.off('exit', onExit);
      resolve({ process: child, ready: message.ready === true ? {} : message.ready, call });
    });
  });
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  await child.call({ cmd: 'stop' }, 20_000).catch(() => {});
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

let profileDir: string | null = null;
async function startServer(protocol: Protocol, label: string, env: NodeJS.ProcessEnv = {}): Promise<Child & { url: string }> {
  // Caravan's server runs with the flags `npm start` gives it; the peer with Node's defaults.
  const execArgv = ['--expose-gc', ...(protocol === 'caravan' ? COLLAB_NODE_FLAGS : [])];
  if (PROFILE && protocol === 'caravan') {
    profileDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-prof-'));
    // One directory per run: Node writes a profile per thread (the main thread's is CPU.*.<pid>.0.*).
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, label.replace(/[^a-z0-9]+/gi, '-'))}`);
  }
  const child =
    protocol === 'caravan'
      ? await forkChild('caravanServer.ts', {
          env: {
            DATABASE_URL: databaseUrl,
            LOG_LEVEL: 'error',
            BENCH_CARAVAN_PERSIST: process.env.BENCH_CARAVAN_PERSIST ?? 'on',
            BENCH_CLOCK_BASE: clockBase.toString(),
            ...env,
          },
          execArgv,
        })
      : await forkChild('hocuspocusServer.ts', { env: { BENCH_CLOCK_BASE: clockBase.toString() }, execArgv, quiet: true });
  return { ...child, url: String(child.ready.url) };
}

/** Machine-wide CPU (from /proc/stat) and PostgreSQL's processes' CPU, in clock ticks. */
interface CpuSnapshot {
  busy: number;
  total: number;
  postgres: number;
}

let postmasterPid = 0;

function cpuSnapshot(): CpuSnapshot {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Our cluster only: its postmaster and the backends it forked (other work may run PostgreSQL too).
      if (Number(entry) !== postmasterPid && Number(rest[1]) !== postmasterPid) continue;
      postgres += Number(rest[11]) + Number(rest[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return { busy: total - idle, total, postgres };
}

/** The embedded cluster lives in <dataDir>/postgres (a link elsewhere when run as root from a closed folder). */
function findPostmaster(dataDir: string): number {
  const pidFile = path.join(fs.realpathSync(path.join(dataDir, 'postgres')), 'postmaster.pid');
  return fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
}

/** Busy share of the whole machine (100 % = every CPU) and PostgreSQL's share of one CPU. */
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, wallMs: number) {
  const ticksPerMs = 100 / 1000;
  return {
    machinePct: ((after.busy - before.busy) / (after.total - before.total)) * 100,
    postgresPct: ((after.postgres - before.postgres) / (wallMs * ticksPerMs)) * 100,
  };
}

// ------------------------------------------------------------------------------------------------- data

let databaseUrl = '';
let dataSource: DataSource;
let hub: TripDocHub;
const users: User[] = [];

/** Users are cloned from one registered through the product (argon2 once, not 1000 times). */
async function ensureUsers(count: number): Promise<void> {
  if (!users.length) users.push(await buildUser(dataSource, { displayName: 'Bench Owner' }));
  const repository = dataSource.getRepository(UserEntity);
  while (users.length < count) {
    const batch = Array.from({ length: Math.min(200, count - users.length) }, (_, at) => ({
      email: `bench-${users.length + at}-${randomUUID().slice(0, 8)}@example.com`,
      displayName: `Traveller ${users.length + at}`,
      passwordHash: users[0].passwordHash,
      role: 'user' as const,
      status: 'active' as const,
    }));
    const inserted = await repository.insert(batch);
    for (const [at, row] of batch.entries()) users.push({ ...row, id: inserted.identifiers[at].id, avatarUrl: null } as User);
  }
}

/** A trip owned by `members[0]`, the others editors, with STOPS_PER_TRIP stops added through the server's write path. */
async function seedTrip(members: User[]): Promise<string> {
  const trip = await buildTrip(dataSource, members[0]);
  for (const member of members.slice(1)) await addMember(dataSource, trip, member, 'editor');
  const next = random(trip.id.charCodeAt(0) * 31 + members.length);
  await hub.write(trip.id, serverOrigin(members[0].id), ({ doc, transact }) =>
    transact(() => {
      for (let stop = orderedStops(doc).length; stop < STOPS_PER_TRIP; stop++) {
        addStop(doc, randomUUID(), { name: `Stop ${stop + 1}`, latitude: 30 + next() * 15, longitude: -120 + next() * 40 });
      }
    }),
  );
  hub.unload(trip.id);
  return trip.id;
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T, at: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const at = next++;
        out[at] = await work(items[at], at);
      }
    }),
  );
  return out;
}

const cookieFor = async (user: User) => `${SESSION_COOKIE}=${await sessionCreator(dataSource, { userId: user.id })}`;

// -------------------------------------------------------------------------------------------- scenarios

interface ScenarioResult {
  protocol: Protocol;
  scenario: (typeof SCENARIOS)[number];
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

const memTotal = (sample: MemorySample) => sample.heapUsed + sample.external;

interface Side {
  protocol: Protocol;
  server: Child & { url: string };
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
  cpu: { serverMs: number; serverWallMs: number; clientMs: number; wallMs: number; busy: number; total: number; postgres: number };
  loopP99: number[];
  loopMax: number;
  gc: GcPauses;
  extra: Record<string, unknown>;
}

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

/**
 * Runs one scenario against both servers in the same stretch of time: both servers up, both sets of clients
 * connected, and the measured time cut into slices that alternate between the servers (C P P C C P …), so
 * other work on the machine falls on both alike.
 */
async function runPair(
  scenario: (typeof SCENARIOS)[number],
  clientProcesses: Record<Protocol, Child[]>,
  template: Uint8Array,
  index: number,
): Promise<ScenarioResult[]> {
  const label = scenario.name;
  progress(`${label}: preparing`);
  const total = scenario.trips * scenario.perTrip;
  const sides: Side[] = [];
  const newSide = (protocol: Protocol, server: Child & { url: string }): Side => ({
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
    cpu: { serverMs: 0, serverWallMs: 0, clientMs: 0, wallMs: 0, busy: 0, total: 0, postgres: 0 },
    loopP99: [],
    loopMax: 0,
    gc: noGcPauses(),
    extra: {},
  });

  await ensureUsers(total);
  const tripIds = await inParallel(
    Array.from({ length: scenario.trips }, (_, trip) => users.slice(trip * scenario.perTrip, (trip + 1) * scenario.perTrip)),
    4,
    seedTrip,
  );
  const cookies = await inParallel(users.slice(0, total), 8, cookieFor);
  const servers = await Promise.all([startServer('caravan', `caravan ${label}`), startServer('hocuspocus', `hocuspocus ${label}`)]);
  try {
    const caravan = newSide('caravan', servers[0]);
    const peer = newSide('hocuspocus', servers[1]);
    sides.push(caravan, peer);
    for (let trip = 0; trip < scenario.trips; trip++) {
      const room = randomUUID();
      caravan.trips.push([]);
      peer.trips.push([]);
      for (let member = 0; member < scenario.perTrip; member++) {
        const key = trip * scenario.perTrip + member;
        caravan.trips[trip].push(key);
        caravan.specs.push({ key, protocol: 'caravan', serverUrl: caravan.server.url, room: tripIds[trip], cookie: cookies[key] });
        peer.trips[trip].push(total + key);
        peer.specs.push({ key: total + key, protocol: 'hocuspocus', serverUrl: peer.server.url, room, seed: template });
      }
    }

    const processFor = (side: Side, key: number) => clientProcesses[side.protocol][key % CLIENT_PROCESSES];
    const connect = async (side: Side, group: Side['specs']) => {
      const replies = await Promise.all(
        clientProcesses[side.protocol].map((child) =>
          child.call<{ joined: Array<{ syncMs: number }>; failed: Array<{ key: number; error: string }> }>({
            cmd: 'connect',
            specs: group.filter((spec) => processFor(side, spec.key) === child),
            concurrency: 16,
          }),
        ),
      );
      side.firstJoins.push(...replies.flatMap((reply) => reply.joined));
      side.failed.push(...replies.flatMap((reply) => reply.failed));
    };
    const mem = (side: Side) => side.server.call<MemorySample>({ cmd: 'mem' });

    // Memory: nothing open; then the first client of each trip (which opens the trip); then everyone.
    progress(`${label}: connecting ${total} clients to each server`);
    for (const side of sides) {
      side.memory.base = await mem(side);
      await connect(side, side.specs.filter((spec) => spec.key % scenario.perTrip === 0));
      side.memory.oneEach = await mem(side);
      await connect(side, side.specs.filter((spec) => spec.key % scenario.perTrip !== 0));
      side.memory.all = await mem(side);
      if (side.failed.length) progress(`${label}: ${side.failed.length} ${side.protocol} clients failed to join, e.g. ${side.failed[0].error}`);
    }

    const runSlice = async (side: Side, durationMs: number, warmupMs: number, seed: number) => {
      await side.server.call({ cmd: 'stats', reset: true });
      const startAt = now() + 200;
      const cpuBefore = cpuSnapshot();
      const wallStart = now();
      const replies = await Promise.all(
        clientProcesses[side.protocol].map((child) =>
          child.call<RunReply>({ cmd: 'run', protocol: side.protocol, startAt, warmupMs, durationMs, intervalMs: MOVE_INTERVAL_MS, drainMs: CONFIG.drainMs, seed }),
        ),
      );
      const wallMs = now() - wallStart;
      const cpuAfter = cpuSnapshot();
      const stats = await side.server.call<ProbeStats>({ cmd: 'stats', reset: true });
      return { replies, stats, wallMs, cpuBefore, cpuAfter };
    };

    progress(`${label}: warming up`);
    for (const side of sides) await runSlice(side, CONFIG.warmupMs, CONFIG.warmupMs, index * 100);
    const slices = Math.max(1, Math.round(CONFIG.durationMs / CONFIG.sliceMs));
    progress(`${label}: ${slices} slices of ${CONFIG.sliceMs / 1000} s per server, alternating`);
    for (let slice = 0; slice < slices; slice++) {
      const order = slice % 2 === index % 2 ? [sides[0], sides[1]] : [sides[1], sides[0]];
      for (const side of order) {
        const { replies, stats, wallMs, cpuBefore, cpuAfter } = await runSlice(side, CONFIG.sliceMs, 0, index * 100 + slice + 1);
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
        side.cpu.postgres += cpuAfter.postgres - cpuBefore.postgres;
        side.loopP99.push(stats.loopDelayP99Ms);
        side.loopMax = Math.max(side.loopMax, stats.loopDelayMaxMs);
        addGcPauses(side.gc, stats.gc);
        const { commits, ...extra } = stats.extra as { commits?: Commits };
        if (commits) side.durable.push(...editToCommit(results.values(), commits));
        mergeExtra(side.extra, extra);
      }
    }
    for (const side of sides) side.memory.after = await mem(side);
    await Promise.all(Object.values(clientProcesses).flat().map((child) => child.call({ cmd: 'closeAll' })));

    const seconds = (slices * CONFIG.sliceMs) / 1000;
    return sides.map((side) => ({
      protocol: side.protocol,
      scenario,
      clients: total,
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
      durable: side.durable.length
        ? { p50: percentile(side.durable, 50), p95: percentile(side.durable, 95) }
        : null,
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
      postgresPct: Math.max(0, (side.cpu.postgres / (side.cpu.wallMs / 10)) * 100),
      postgresCpuMs: Math.max(0, side.cpu.postgres * 10),
      lateMoves: side.lateMoves,
      clientGc: side.clientGc,
      memory: side.memory as ScenarioResult['memory'],
    }));
  } finally {
    await Promise.all(servers.map(stopChild));
  }
}

// ------------------------------------------------------------------------------------------- cold join

interface HistoryResult {
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

/** 5 clients make HISTORY_MOVES moves as fast as the server takes them, then wait until all are acknowledged. */
async function makeHistory(url: string, specs: ClientSpec[]): Promise<BenchClient[]> {
  const clients = specs.map((spec) => new BenchClient({ ...spec, serverUrl: url }));
  await Promise.all(clients.map((client) => client.connect()));
  const next = random(20261123);
  for (let move = 0; move < HISTORY_MOVES; move++) {
    clients[move % clients.length].move(next, false);
    // Small pauses keep the socket buffers shallow, like people dragging stops in quick succession.
    if (move % 25 === 24) await sleep(2);
  }
  const deadline = Date.now() + 120_000;
  while (!clients.every((client) => client.allAcked) && Date.now() < deadline) await sleep(20);
  return clients;
}

async function timeJoin(spec: ClientSpec): Promise<{ openMs: number; syncMs: number; applyMs: number; docBytes: number; stops: number }> {
  const client = new BenchClient(spec);
  const times = await client.connect();
  const docBytes = Y.encodeStateAsUpdate(client.doc).byteLength;
  const stops = orderedStops(client.doc).length;
  client.close();
  return { ...times, docBytes, stops };
}

/** The same cold join through y-websocket's WebsocketProvider (the web app's client), as a cross-check. */
async function timeYWebsocketJoin(url: string, tripId: string, cookie: string): Promise<number> {
  const doc = new Y.Doc();
  const start = now();
  const provider = new WebsocketProvider(url, tripId, doc, { WebSocketPolyfill: socketWithCookie(cookie) as never, disableBc: true });
  provider.messageHandlers[100] = () => {}; // Caravan's ack: the web app's collab client reads it, not needed here.
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  const elapsed = now() - start;
  provider.destroy();
  doc.destroy();
  return elapsed;
}

async function waitUnloaded(server: Child, room: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const rooms = await server.call<string[]>({ cmd: 'query', what: 'rooms' });
    if (!rooms.includes(room)) return;
    await sleep(25);
  }
  throw new Error(`room ${room} did not unload`);
}

async function runHistory(template: Uint8Array): Promise<HistoryResult> {
  await ensureUsers(6);
  const members = users.slice(0, 5);
  const tripId = await seedTrip(members);
  const cookies = await Promise.all(members.map(cookieFor));
  const ownerCookie = await cookieFor(members[0]);

  progress(`caravan: ${HISTORY_MOVES.toLocaleString('en')} moves on one trip`);
  const server = await startServer('caravan', 'caravan history', { COLLAB_UNLOAD_AFTER_MS: '50' });
  let result: HistoryResult;
  try {
    await server.call({ cmd: 'stats', reset: true });
    const clients = await makeHistory(
      server.url,
      cookies.map((cookie) => ({ protocol: 'caravan', serverUrl: server.url, room: tripId, cookie })),
    );
    const writeStats = await server.call<ProbeStats>({ cmd: 'stats', reset: true });
    const owner: ClientSpec = { protocol: 'caravan', serverUrl: server.url, room: tripId, cookie: ownerCookie };
    /** A join of the trip while the server does not hold it; returns once the room has unloaded again. */
    const coldJoin = async () => {
      const join = await timeJoin(owner);
      await waitUnloaded(server, tripId);
      return join;
    };
    const warm = await timeJoin(owner);
    for (const client of clients) client.close();
    await waitUnloaded(server, tripId);

    const [sizes] = await dataSource.query(
      `SELECT octet_length(d.state) AS state,
              (SELECT coalesce(sum(octet_length(u.update)), 0) FROM trip_doc_updates u WHERE u.trip_id = d.trip_id) AS log,
              (SELECT count(*) FROM trip_doc_updates u WHERE u.trip_id = d.trip_id) AS rows
         FROM trip_docs d WHERE d.trip_id = $1`,
      [tripId],
    );

    progress(`caravan: ${CONFIG.coldJoinWarmups} + ${CONFIG.coldJoins} cold joins`);
    // Untimed joins first, as every scenario warms up: the history was made of small updates, and the code
    // that applies a whole 10,000-move document (client and server) runs 2–4× slower until the JIT has seen it.
    let coldFirst = 0;
    for (let round = 0; round < CONFIG.coldJoinWarmups; round++) {
      const join = await coldJoin();
      if (round === 0) coldFirst = join.syncMs;
    }
    await server.call({ cmd: 'stats', reset: true });
    const cold: number[] = [];
    const coldOpen: number[] = [];
    const coldApply: number[] = [];
    const coldCpu = cpuSnapshot();
    const coldStart = now();
    let docBytes = 0;
    for (let round = 0; round < CONFIG.coldJoins; round++) {
      const join = await coldJoin();
      if (join.stops !== STOPS_PER_TRIP) throw new Error(`cold join saw ${join.stops} stops`);
      cold.push(join.syncMs);
      coldOpen.push(join.openMs);
      coldApply.push(join.applyMs);
      docBytes = join.docBytes;
    }
    const coldMachinePct = cpuBetween(coldCpu, cpuSnapshot(), now() - coldStart).machinePct;
    const coldYWebsocket: number[] = [];
    for (let round = 0; round < 5; round++) {
      coldYWebsocket.push(await timeYWebsocketJoin(server.url, tripId, ownerCookie));
      await waitUnloaded(server, tripId);
    }
    const loadStats = await server.call<ProbeStats>({ cmd: 'stats', reset: true });
    // What hub.open does, step by step, in this process (warm code, same database).
    const loadRead: number[] = [];
    const loadApply: number[] = [];
    const loadApplyRows: number[] = [];
    const loadEncode: number[] = [];
    for (let round = 0; round < 10; round++) {
      const readStart = now();
      const caught = await readCatchUp(dataSource, tripId, -1n);
      loadRead.push(now() - readStart);
      const applyStart = now();
      const doc = new Y.Doc();
      if (caught?.state) Y.applyUpdate(doc, caught.state);
      const rowsStart = now();
      for (const row of caught?.rows ?? []) Y.applyUpdate(doc, row.update);
      loadApply.push(now() - applyStart);
      loadApplyRows.push(now() - rowsStart);
      const encodeStart = now();
      Y.encodeStateAsUpdate(doc);
      loadEncode.push(now() - encodeStart);
      doc.destroy();
    }
    const opened = loadStats.extra.opened as { samples: number[] };
    const built = loadStats.extra.built as { samples: number[] };
    result = {
      moves: HISTORY_MOVES,
      commits: (writeStats.extra.persisted as { count: number }).count,
      stateBytes: Number(sizes.state),
      logBytes: Number(sizes.log),
      logRows: Number(sizes.rows),
      persistedBytes: Number(sizes.state) + Number(sizes.log),
      docBytes,
      cold,
      coldFirst,
      coldOpen,
      coldApply,
      coldServerRead: opened.samples,
      coldServerBuild: built.samples,
      coldYWebsocket,
      loadRead,
      loadApply,
      loadApplyRows,
      loadEncode,
      coldMachinePct,
      warm: warm.syncMs,
      peerWarm: Number.NaN,
      peerDocBytes: 0,
    };
  } finally {
    await stopChild(server);
  }

  // The peer keeps nothing once a document's last client leaves (no persistence by default): only a warm
  // join is possible, shown for reference.
  progress(`hocuspocus: ${HISTORY_MOVES.toLocaleString('en')} moves on one document`);
  const peer = await startServer('hocuspocus', 'hocuspocus history');
  try {
    const room = randomUUID();
    const clients = await makeHistory(
      peer.url,
      members.map(() => ({ protocol: 'hocuspocus', serverUrl: peer.url, room, seed: template })),
    );
    await sleep(200);
    const warm = await timeJoin({ protocol: 'hocuspocus', serverUrl: peer.url, room });
    result.peerWarm = warm.syncMs;
    result.peerDocBytes = warm.docBytes;
    for (const client of clients) client.close();
  } finally {
    await stopChild(peer);
  }
  return result;
}

// ----------------------------------------------------------------------------------------------- report

function machine(): string {
  const model = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const release = fs.existsSync('/etc/os-release')
    ? (fs.readFileSync('/etc/os-release', 'utf8').match(/PRETTY_NAME="([^"]*)"/)?.[1] ?? os.type())
    : os.type();
  return `${os.cpus().length} CPU (${model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${release}, Linux ${os.release()}, node ${process.version}`;
}

const pad = (value: string, width: number) => value.padStart(width);
/** Busy CPU not accounted for by the server, the client processes or PostgreSQL, in % of one core. */
const otherLoad = (result: ScenarioResult) =>
  Math.max(
    0,
    (result.machinePct / 100) * os.cpus().length * 100 -
      (result.server.cpuMs / result.server.wallMs) * 100 -
      result.clientCpuPct * CLIENT_PROCESSES -
      result.postgresPct,
  );
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function report(results: ScenarioResult[], history: HistoryResult | null) {
  log('');
  log(`Delivery: time from a client's local moveStop until EVERY other client of the trip has applied it`);
  log(
    [
      'scenario'.padEnd(22),
      'server'.padEnd(10),
      pad('p50', 9),
      pad('p99', 9),
      pad('max', 9),
      pad('moves/s', 8),
      pad('fan-out/s', 9),
      pad('lost', 5),
      pad('skip', 5),
      pad('ack p50', 9),
      pad('ack p95', 9),
      pad('srv CPU', 8),
      pad('CPU/move', 9),
      pad('loop p99', 9),
      pad('clients CPU', 11),
      pad('PG CPU', 7),
      pad('other', 6),
    ].join(' '),
  );
  for (const result of results) {
    log(
      [
        result.scenario.name.padEnd(22),
        result.protocol.padEnd(10),
        pad(ms(result.allSeen.p50), 9),
        pad(ms(result.allSeen.p99), 9),
        pad(ms(result.allSeen.max, 0), 9),
        pad(result.movesPerSec.toFixed(0), 8),
        pad(result.deliveriesPerSec.toFixed(0), 9),
        pad(String(result.incomplete), 5),
        pad(String(result.lateMoves), 5),
        pad(ms(result.acks.p50), 9),
        pad(ms(result.acks.p95), 9),
        pad(`${((result.server.cpuMs / result.server.wallMs) * 100).toFixed(0)} %`, 8),
        pad(`${(((result.server.cpuMs + result.postgresCpuMs) / result.measuredMoves) * 1000).toFixed(0)} µs`, 9),
        pad(ms(result.server.loopDelayP99Ms), 9),
        pad(`${result.clientCpuPct.toFixed(0)} %`, 11),
        pad(`${result.postgresPct.toFixed(0)} %`, 7),
        pad(`${otherLoad(result).toFixed(0)} %`, 6),
      ].join(' '),
    );
  }
  log('(ack: Caravan = edit → the client has read the acknowledgement that a commit in PostgreSQL covers it (the commit itself');
  log(' is timed in the server internals below: edit → commit, the issue\'s edit-to-durable; the ack adds its way back and the client\'s queue);');
  log(' hocuspocus = edit → SyncStatus after the in-memory apply: it persists nothing by default.');
  log(' moves/s: measured moves seen by every other client, per second; fan-out/s: (move, receiver) deliveries per second;');
  log(' lost: measured moves some other client had not seen 1 s after its slice ended;');
  log(' skip: moves the client processes skipped because they were over 200 ms behind schedule (clients could not keep up);');
  log(' srv CPU: % of one core;');
  log(' CPU/move: CPU time of the server process plus PostgreSQL per move (fan-out to every other client included),');
  log('   the figure least disturbed by other work on the machine;');
  log(' loop p99: the event-loop delay p99 of the server process (median over slices);');
  log(' clients CPU: the server\'s two client processes, % of their two cores; PG CPU: PostgreSQL processes, % of one core;');
  log(' other: CPU used on the machine by anything but this benchmark (other work), % of one core.)');

  for (const result of results.filter((entry) => entry.joinFailures > 0)) {
    log(`note: ${result.joinFailures} ${result.protocol} clients of "${result.scenario.name}" failed to join; the figures above are without them`);
  }

  log('');
  log("Where a move's time goes (p50 / p99): local edit → the server's socket hands it to its event loop (client");
  log("send, network, waiting for the server's loop) | from there → the last other client has applied it (check,");
  log("apply, fan-out, network, the receivers' loops), of which \"in server\" runs from there to the end of that turn of");
  log("the server's event loop (check, apply, handing the update to every receiver's socket, whether the server does it");
  log("at once, in promise callbacks or deferred to the turn's end). All on the machine's monotonic clock, shared by all processes.");
  for (const result of results) {
    log(
      `${result.scenario.name.padEnd(22)} ${result.protocol.padEnd(10)} to server ${pad(ms(result.upstream.p50), 9)} / ${pad(ms(result.upstream.p99), 9)}` +
        `   server → all others ${pad(ms(result.downstream.p50), 9)} / ${pad(ms(result.downstream.p99), 9)}   in server ${pad(ms(result.inServer.p50), 8)} / ${pad(ms(result.inServer.p99), 8)}   one receiver p50 ${pad(ms(result.eachSeenP50), 8)}` +
        `   server loop delay max ${pad(ms(result.server.loopDelayMaxMs, 0), 7)}, GC ${(((result.server.gc.totalMs / result.server.wallMs) * 100).toFixed(1))} % of the time, longest pause ${ms(result.server.gc.maxMs)}; clients' longest GC pause ${ms(result.clientGc.maxMs)}`,
    );
  }

  log('');
  log('Server memory (heap + external after a full GC, in the server process; RSS in brackets)');
  for (const result of results) {
    const { base, oneEach, all, after } = result.memory;
    const { trips, perTrip } = result.scenario;
    const others = trips * (perTrip - 1);
    const perConnection = (memTotal(all) - memTotal(oneEach)) / others;
    const perConnectionRss = (all.rss - oneEach.rss) / others;
    const perTrip1 = (memTotal(oneEach) - memTotal(base)) / trips - perConnection;
    const perTripRss = (oneEach.rss - base.rss) / trips - perConnectionRss;
    const perTripAfter = (memTotal(after) - memTotal(all)) / trips;
    log(
      `${result.scenario.name.padEnd(22)} ${result.protocol.padEnd(10)} per connection ${pad(kb(perConnection), 9)} [${kb(perConnectionRss)}]` +
        `  per trip ${pad(kb(perTrip1), 9)} [${kb(perTripRss)}]  + per trip after the run ${pad(kb(perTripAfter), 9)}`,
    );
  }
  log('(per connection: growth from one client per trip to all clients, divided by the extra connections;');
  log(' per trip: growth from nothing to one client per trip, divided by trips, less one connection;');
  log(' after the run: what each trip grew by during the run (history of the moves, batches, buffers).)');

  log('');
  log('Caravan server internals during the runs (timed around the code, from bench/collab/caravanServer.ts)');
  for (const result of results.filter((entry) => entry.protocol === 'caravan')) {
    const extra = result.server.extra as {
      handled: { count: number; totalMs: number; samples: number[] };
      persisted: { count: number; totalMs: number; samples: number[] };
      catchUps: number;
      batchBytes: number;
    };
    const commits = extra.persisted.count;
    const wallSec = result.server.wallMs / 1000;
    log(
      `${result.scenario.name.padEnd(22)} message handling (check + apply; the fan-out follows at the turn's end) p50 ${ms(percentile(extra.handled.samples, 50), 3)}` +
        ` p99 ${ms(percentile(extra.handled.samples, 99), 2)} total ${ms(extra.handled.totalMs, 0)};` +
        ` commits ${commits} (${(commits / wallSec).toFixed(0)}/s), persist p50 ${ms(percentile(extra.persisted.samples, 50))}` +
        ` p99 ${ms(percentile(extra.persisted.samples, 99))}; catch-ups after NOTIFY ${extra.catchUps}` +
        (result.durable ? `; edit → its commit in PostgreSQL p50 ${ms(result.durable.p50)} p95 ${ms(result.durable.p95)}` : ''),
    );
  }

  if (history) {
    log('');
    log(`Trip after ${history.moves.toLocaleString('en')} moves (5 clients, as fast as acknowledged; ${history.commits} commits)`);
    log(
      `persisted: trip_docs.state ${history.stateBytes.toLocaleString('en')} B + ${history.logRows} trip_doc_updates rows ` +
        `${history.logBytes.toLocaleString('en')} B = ${history.persistedBytes.toLocaleString('en')} B (${kb(history.persistedBytes)}); ` +
        `document as a client holds it ${history.docBytes.toLocaleString('en')} B`,
    );
    log(
      `caravan cold join (connect + auth + load from PostgreSQL + sync), ${history.cold.length} joins after ${CONFIG.coldJoinWarmups} untimed: ` +
        `p50 ${ms(percentile(history.cold, 50))}, max ${ms(percentile(history.cold, 100))}, the very first ${ms(history.coldFirst)}; ` +
        `socket open p50 ${ms(percentile(history.coldOpen, 50))}, the client's Y.applyUpdate of the sync step 2 p50 ${ms(percentile(history.coldApply, 50))} ` +
        `(max ${ms(percentile(history.coldApply, 100))}); server reads the stored bytes p50 ${ms(percentile(history.coldServerRead, 50))}, then (after sending them) builds its copy p50 ${ms(percentile(history.coldServerBuild, 50))}`,
    );
    log(
      `  load, redone in the bench process: read snapshot + log (readCatchUp) p50 ${ms(percentile(history.loadRead, 50))}, ` +
        `Y.applyUpdate of them p50 ${ms(percentile(history.loadApply, 50))} (of which the log rows ${ms(percentile(history.loadApplyRows, 50))}), ` +
        `Y.encodeStateAsUpdate (what sync step 2 sends a new client) p50 ${ms(percentile(history.loadEncode, 50))}`,
    );
    log(
      `  machine busy during the cold joins: ${history.coldMachinePct.toFixed(0)} % of all CPUs (both sides' applies and the unloads' compactions included)`,
    );
    log(`caravan cold join through y-websocket's WebsocketProvider: p50 ${ms(percentile(history.coldYWebsocket, 50))} (${history.coldYWebsocket.length} joins)`);
    log(`caravan warm join (trip loaded): ${ms(history.warm)}; hocuspocus warm join (its only kind: no persistence): ${ms(history.peerWarm)}, document ${history.peerDocBytes.toLocaleString('en')} B`);
  }

  log('');
  log('Targets (2-core machine)');
  const lines: Array<[string, string, boolean]> = [];
  const find = (protocol: Protocol, scenario: (typeof SCENARIOS)[number]) =>
    results.find((result) => result.protocol === protocol && result.scenario === scenario);
  const caravan30 = find('caravan', SCENARIOS[2]);
  const peer30 = find('hocuspocus', SCENARIOS[2]);
  if (caravan30 && peer30) {
    lines.push(['30 clients p99 ≤ 20 ms', `caravan ${ms(caravan30.allSeen.p99)}`, caravan30.allSeen.p99 <= TARGETS.p99At30Ms && caravan30.incomplete === 0]);
    lines.push(['30 clients p99 at least as fast as the peer', `caravan ${ms(caravan30.allSeen.p99)} vs hocuspocus ${ms(peer30.allSeen.p99)}`, caravan30.allSeen.p99 <= peer30.allSeen.p99]);
  }
  for (const scenario of SCENARIOS.filter((entry) => entry !== SCENARIOS[2])) {
    const caravan = find('caravan', scenario);
    const peer = find('hocuspocus', scenario);
    if (caravan && peer) lines.push([`  (also) ${scenario.name} p99 vs peer`, `caravan ${ms(caravan.allSeen.p99)} vs ${ms(peer.allSeen.p99)}`, caravan.allSeen.p99 <= peer.allSeen.p99]);
  }
  for (const result of results.filter((entry) => entry.protocol === 'caravan')) {
    const durableP95 = result.durable?.p95 ?? Number.NaN;
    lines.push([
      `edit-to-durable p95 ≤ 100 ms, ${result.scenario.name}`,
      `edit → commit p95 ${ms(durableP95)} (→ ack read by the client p95 ${ms(result.acks.p95)})`,
      durableP95 <= TARGETS.durableP95Ms && result.acks.unacked === 0,
    ]);
  }
  if (history) {
    const coldP50 = percentile(history.cold, 50);
    lines.push([`cold join after ${history.moves.toLocaleString('en')} moves ≤ 25 ms`, `p50 ${ms(coldP50)}`, coldP50 <= TARGETS.coldJoinMs]);
    // The other reading of "loads": the server's side alone, each join's read + build (the lists run in step).
    const serverLoads = history.coldServerRead.map((read, index) => read + history.coldServerBuild[index]);
    const serverLoadP50 = percentile(serverLoads, 50);
    lines.push([`  (also) the server's own load of it ≤ 25 ms`, `read + build p50 ${ms(serverLoadP50)}`, serverLoadP50 <= TARGETS.coldJoinMs]);
    lines.push([`trip after ${history.moves.toLocaleString('en')} moves ≤ 256 KB`, kb(history.persistedBytes), history.persistedBytes <= TARGETS.persistedBytes]);
  }
  for (const [name, figure, ok] of lines) log(`${verdict(ok)}  ${name.padEnd(46)} ${figure}`);
}

// ------------------------------------------------------------------------------------------------- main

async function main() {
  log(`machine: ${machine()}`);
  log(`load average before the run: ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  log(
    `config: ${QUICK ? '--quick, ' : ''}moves every ${MOVE_INTERVAL_MS} ms per client, ${STOPS_PER_TRIP} stops per trip, ` +
      `warm-up ${CONFIG.warmupMs / 1000} s + measured ${CONFIG.durationMs / 1000} s per scenario and server, in ${CONFIG.sliceMs / 1000} s slices alternating between the servers; ` +
      `clients in ${CLIENT_PROCESSES} child processes per server at niceness ${CLIENT_NICENESS}, each server in its own child process`,
  );
  const started = Date.now();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-pg-'));
  progress('starting embedded PostgreSQL');
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'caravan_bench', persistent: false });
  databaseUrl = postgres.url;
  postmasterPid = findPostmaster(dataDir);
  // Each server gets client processes of its own, so neither side's clients pause for the other's garbage.
  const clientProcesses: Record<Protocol, Child[]> = { caravan: [], hocuspocus: [] };
  try {
    dataSource = await createDataSource(databaseUrl, 8).initialize();
    await runMigrations(dataSource);
    hub = new TripDocHub(dataSource, createLogger('error'));
    const pgVersion = (await dataSource.query('SHOW server_version'))[0].server_version;
    const fsync = (await dataSource.query('SHOW fsync'))[0].fsync;
    const syncCommit = (await dataSource.query('SHOW synchronous_commit'))[0].synchronous_commit;
    log(`PostgreSQL ${pgVersion} (embedded, temp dir, fsync ${fsync}, synchronous_commit ${syncCommit})`);

    // The peer's documents start with the same content as a seeded Caravan trip.
    await ensureUsers(1);
    const templateTrip = await seedTrip([users[0]]);
    const live = await hub.open(templateTrip);
    const template = Y.encodeStateAsUpdate(live!.doc);
    hub.unload(templateTrip);

    const protocols: Protocol[] = ['caravan', 'hocuspocus'];
    for (const protocol of protocols.flatMap((name) => Array<Protocol>(CLIENT_PROCESSES).fill(name))) {
      const child = await forkChild('clientProcess.ts', {
        execArgv: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join((profileDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-prof-'))), `clients-${protocol}`)}`] : [],
      });
      // Optionally, clients yield the CPU to the servers and PostgreSQL (on a real deployment they run elsewhere);
      // on a machine shared with other work that starves them instead, so it is not the default.
      if (CLIENT_NICENESS) os.setPriority(child.process.pid!, CLIENT_NICENESS);
      await child.call({ cmd: 'clock', base: clockBase.toString() });
      clientProcesses[protocol].push(child);
    }

    const results: ScenarioResult[] = [];
    for (const [at, scenario] of SCENARIOS.entries()) {
      if (ONLY && !ONLY.includes(String(scenario.trips > 1 ? scenario.trips : scenario.perTrip))) continue;
      results.push(...(await runPair(scenario, clientProcesses, template, at)));
      await sleep(500);
    }
    const history = !ONLY || ONLY.includes('history') ? await runHistory(template) : null;
    report(
      results.sort((a, b) => SCENARIOS.indexOf(a.scenario) - SCENARIOS.indexOf(b.scenario) || a.protocol.localeCompare(b.protocol)),
      history,
    );
    log('');
    log(`whole run: ${((Date.now() - started) / 1000).toFixed(0)} s${profileDir ? `; CPU profiles in ${profileDir}` : ''}`);
  } finally {
    for (const child of Object.values(clientProcesses).flat()) {
      const exited = new Promise((resolve) => child.process.once('exit', resolve));
      await child.call({ cmd: 'exit' }, 5000).catch(() => child.process.kill());
      await exited;
    }
    await dataSource?.destroy().catch(() => {});
    await postgres.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
