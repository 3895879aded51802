/**
 * `npm run bench:scale` — trips spread over 1, 2 and 3 collab processes on one PostgreSQL, on this machine.
 *
 *   T trips × 5 clients (default 100 trips; --trips=N), every client moving a stop every 200 ms, each layout measured
 *   for --seconds=N (default 6) after a 1 s warm-up, one layout after the other in the same run:
 *     1 process; 2 and 3 processes with trip affinity (each trip's members on the process rendezvous hashing names,
 *     as the API servers place them); 2 and 3 processes without it (members dealt round-robin over the processes,
 *     as a load balancer with no affinity would).
 *   Printed per layout: CPU of the collab processes per move and per commit, commits/s and PostgreSQL's CPU per
 *   commit (so the commits/s one PostgreSQL core sustains), delivery p99 (a move seen by every other member),
 *   edit → commit p95, and cross-process catch-ups per commit (NOTIFYs of another process's commit to a trip a
 *   process holds: each costs that process a read of the log).
 *   --processes=1,3 runs only those layouts; --nice-clients runs the client processes at niceness 10 (as bench:collab).
 *
 * It reuses bench:collab's parts: the instrumented collab server (caravanServer.ts), the client host processes and
 * the delivery and commit joins (stats.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource, createLogger, runMigrations, TripDocHub } from '@caravan/engine';
import { startEmbeddedPostgres } from '@caravan/engine/embeddedPostgres';
import { rankCollabProcesses } from '@caravan/server';
import { BenchData, inParallel } from '../collab/benchData.ts';
import { now } from '../collab/client.ts';
import { forkChild, serverStarter, stopChild, type Child, type Server } from '../collab/children.ts';
import type { ClientRunResult, RunReply } from '../collab/clientProcess.ts';
import { cpuSampler } from '../collab/machineCpu.ts';
import { CLIENT_NICENESS, CLIENT_PROCESSES, clockBase, log, MOVE_INTERVAL_MS, progress } from '../collab/options.ts';
import type { ProbeStats } from '../collab/serverProbe.ts';
import { editToCommit, joinDeliveries, percentile, type Commits } from '../collab/stats.ts';
import { freePort, loadAverage, machine } from '../processes.ts';

const option = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]) || fallback;
const TRIPS = option('trips', 100);
const SECONDS = option('seconds', 6);
const PER_TRIP = 5;
/** --processes=1,3: only the layouts with those numbers of collab processes. */
const PROCESSES = (process.argv.find((arg) => arg.startsWith('--processes='))?.split('=')[1] ?? '').split(',').filter(Boolean).map(Number);
const LAYOUTS = [
  { processes: 1, affinity: true },
  { processes: 2, affinity: true },
  { processes: 2, affinity: false },
  { processes: 3, affinity: true },
  { processes: 3, affinity: false },
];

interface Timing {
  count: number;
  totalMs: number;
  samples: number[];
}
interface LayoutResult {
  label: string;
  moves: number;
  commits: number;
  collabCpuMs: number;
  postgresCpuMs: number;
  seconds: number;
  deliveryP99: number;
  durableP95: number;
  crossCatchUps: number;
  failed: number;
}

async function runLayout(
  layout: (typeof LAYOUTS)[number],
  start: (label: string) => Promise<Server>,
  clients: Child[],
  tripIds: string[],
  cookies: string[],
  cpu: ReturnType<typeof cpuSampler>,
): Promise<LayoutResult> {
  const label = `${layout.processes} process${layout.processes > 1 ? 'es' : ''}${layout.processes > 1 ? (layout.affinity ? ', trip affinity' : ', no affinity') : ''}`;
  progress(`${label}: starting`);
  const servers = await Promise.all(Array.from({ length: layout.processes }, (_, i) => start(`${label} #${i + 1}`)));
  try {
    const urls = servers.map((server) => server.url);
    const trips: number[][] = [];
    const specs = tripIds.flatMap((tripId, trip) => {
      const holder = rankCollabProcesses(tripId, urls)[0];
      trips.push([]);
      return Array.from({ length: PER_TRIP }, (_, member) => {
        const key = trip * PER_TRIP + member;
        trips[trip].push(key);
        const serverUrl = layout.affinity ? holder : urls[key % urls.length];
        return { key, protocol: 'caravan' as const, serverUrl, room: tripId, cookie: cookies[key] };
      });
    });
    progress(`${label}: connecting ${specs.length} clients`);
    const joins = await Promise.all(
      clients.map((child, at) =>
        child.call<{ failed: unknown[] }>({ cmd: 'connect', specs: specs.filter((spec) => spec.key % CLIENT_PROCESSES === at), concurrency: 16 }),
      ),
    );
    const failed = joins.reduce((sum, reply) => sum + reply.failed.length, 0);

    const slice = async (warmupMs: number, durationMs: number) => {
      await Promise.all(servers.map((server) => server.call({ cmd: 'stats', reset: true })));
      const before = cpu();
      const startAt = now() + 200;
      const replies = await Promise.all(
        clients.map((child) =>
          child.call<RunReply>({ cmd: 'run', protocol: 'caravan', startAt, warmupMs, durationMs, intervalMs: MOVE_INTERVAL_MS, drainMs: 3000, seed: 7 }),
        ),
      );
      const after = cpu();
      const stats = await Promise.all(servers.map((server) => server.call<ProbeStats>({ cmd: 'stats', reset: true })));
      return { replies, stats, postgresMs: after.postgresMs - before.postgresMs };
    };
    progress(`${label}: warming up`);
    await slice(1000, 0);
    progress(`${label}: measuring ${SECONDS} s`);
    const { replies, stats, postgresMs } = await slice(0, SECONDS * 1000);
    await Promise.all(clients.map((child) => child.call({ cmd: 'closeAll' })));

    const results = new Map<number, ClientRunResult>();
    for (const reply of replies) for (const client of reply.clients) results.set(client.key, client);
    const delivery = joinDeliveries(trips, results);
    // Each client's edits are committed by the one process it is connected to: the processes' commits join.
    const commits: Commits = new Map();
    for (const { extra } of stats) for (const [client, covered] of (extra.commits as Commits) ?? []) commits.set(client, covered);
    const count = (name: string) => stats.reduce((sum, { extra: figures }) => sum + ((figures[name] as number | undefined) ?? 0), 0);
    const timing = (name: string) => stats.reduce((sum, { extra: figures }) => sum + (figures[name] as Timing).count, 0);
    return {
      label,
      moves: delivery.measuredMoves,
      commits: timing('persisted'),
      collabCpuMs: stats.reduce((sum, probe) => sum + probe.cpuMs, 0),
      postgresCpuMs: Math.max(0, postgresMs),
      seconds: SECONDS,
      deliveryP99: percentile(delivery.allSeen, 99),
      durableP95: percentile(editToCommit(results.values(), commits), 95),
      crossCatchUps: count('crossCatchUps'),
      failed,
    };
  } finally {
    await Promise.all(servers.map(stopChild));
  }
}

function report(results: LayoutResult[]): void {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  log(row(['layout', 'moves/s', 'commits/s', 'collab CPU per move', 'collab CPU per commit', 'PostgreSQL CPU per commit', 'delivery p99', 'edit → commit p95', 'cross-process catch-ups per commit']));
  log(row(Array(9).fill('---')));
  for (const result of results) {
    log(
      row([
        result.label + (result.failed ? ` (${result.failed} joins failed)` : ''),
        (result.moves / result.seconds).toFixed(0),
        (result.commits / result.seconds).toFixed(0),
        `${(result.collabCpuMs / result.moves).toFixed(3)} ms`,
        `${(result.collabCpuMs / result.commits).toFixed(3)} ms`,
        `${(result.postgresCpuMs / result.commits).toFixed(3)} ms`,
        `${result.deliveryP99.toFixed(1)} ms`,
        `${result.durableP95.toFixed(1)} ms`,
        (result.crossCatchUps / result.commits).toFixed(2),
      ]),
    );
  }
}

async function main() {
  const started = Date.now();
  log(`bench:scale — ${TRIPS} trips × ${PER_TRIP} clients, a move per client every ${MOVE_INTERVAL_MS} ms, ${SECONDS} s per layout`);
  log(`machine: ${machine()}; load average before: ${loadAverage()}; ${new Date().toISOString()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-scale-'));
  progress('starting embedded PostgreSQL');
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'caravan_bench', persistent: false });
  const clients: Child[] = [];
  let dataSource: DataSource | undefined;
  try {
    dataSource = await createDataSource(postgres.url, 8).initialize();
    await runMigrations(dataSource);
    const data = new BenchData(dataSource, new TripDocHub(dataSource, createLogger('error')));
    progress(`seeding ${TRIPS} trips`);
    await data.ensureUsers(TRIPS * PER_TRIP);
    const tripIds = await inParallel(
      Array.from({ length: TRIPS }, (_, trip) => data.users.slice(trip * PER_TRIP, (trip + 1) * PER_TRIP)),
      4,
      data.seedTrip,
    );
    const cookies = await inParallel(data.users.slice(0, TRIPS * PER_TRIP), 8, data.cookieFor);
    for (let i = 0; i < CLIENT_PROCESSES; i++) {
      const child = await forkChild('clientProcess.ts');
      if (CLIENT_NICENESS) os.setPriority(child.process.pid!, CLIENT_NICENESS);
      await child.call({ cmd: 'clock', base: clockBase.toString() });
      clients.push(child);
    }
    const startServer = serverStarter(postgres.url);
    const cpu = cpuSampler(dataDir);
    const results: LayoutResult[] = [];
    const layouts = PROCESSES.length ? LAYOUTS.filter((layout) => PROCESSES.includes(layout.processes)) : LAYOUTS;
    for (const layout of layouts) results.push(await runLayout(layout, (label) => startServer('caravan', label), clients, tripIds, cookies, cpu));
    log('');
    report(results);
    log('');
    log(`load average after: ${loadAverage()}; whole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const child of clients) {
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
