/**
 * `npm run bench:flood`: does one flooding socket slow the other trips? The collab server (its
 * own process, as `npm start` runs it) serves trip A, where one editor's socket sends one-key updates as fast as
 * the socket takes them (its own process; reconnecting at once after every close, as a hostile client would),
 * while this process times cold joins of trip B (connect + auth + load + sync; the room unloads between joins)
 * and live delivery on trip C (one member moves a stop every 50 ms, another applies it). The same figures are
 * measured first without the flood, in the same run. The flooder runs at the lowest CPU priority: an attacker floods
 * from its own machine, and on this one its making of updates would otherwise take a CPU from the server under
 * test (see startFlooder's `niceness`). Options: --seconds=N per phase (default 15).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { addStop } from '@caravan/shared';
import { createDataSource, createLogger, serverOrigin, TripDocHub, type User } from '@caravan/engine';
import { addMember, buildTrip, buildUser, sessionCookieFor } from '@caravan/server/test';
import { COLLAB_NODE_FLAGS } from '@caravan/collab-server';
import { startFlooder, type FloodClose } from '@caravan/collab-server/test';
import { forkChild, stopChild, type Child } from './collab/children.ts';
import { BenchClient, random, setClockBase } from './collab/client.ts';
import { asRunResult } from './collab/runResult.ts';
import type { ProbeStats } from './collab/serverProbe.ts';
import { joinDeliveries, ms, percentile } from './collab/stats.ts';
import { startBenchDatabase } from './benchDatabase.ts';
import { loadAverage, machine } from './processes.ts';

const SECONDS = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice('--seconds='.length)) || 15;
const MOVE_INTERVAL_MS = 50;
const TARGETS = { joinP99Ms: 50, deliveryP99Ms: 25 };
/** A join that has not synced by then counts as this long (and as timed out). */
const JOIN_TIMEOUT_MS = 5000;
const log = (line: string) => console.log(line);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const clockBase = process.hrtime.bigint();
setClockBase(clockBase);

interface Phase {
  joins: number[];
  joinTimeouts: number;
  delivery: number[];
  undelivered: number;
  server: ProbeStats;
  flood: { closes: FloodClose[]; sent: number } | null;
}

async function seededTrip(dataSource: DataSource, hub: TripDocHub, owner: User, editor?: User): Promise<string> {
  const trip = await buildTrip(dataSource, owner);
  if (editor) await addMember(dataSource, trip, editor, 'editor');
  await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      for (let stop = 1; stop < 10; stop++) addStop(doc, randomUUID(), { name: `Stop ${stop}`, latitude: 30 + stop, longitude: -100 - stop });
    }),
  );
  hub.unload(trip.id);
  return trip.id;
}

async function waitUnloaded(server: Child, tripId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await server.call<string[]>({ cmd: 'query', what: 'rooms' })).includes(tripId)) {
    if (Date.now() > deadline) throw new Error(`trip ${tripId} did not unload`);
    await sleep(10);
  }
}

async function main() {
  log(`machine: ${machine()}; load average before the run: ${loadAverage()}`);
  const started = Date.now();
  const postgres = await startBenchDatabase('caravan-bench-flood-');
  const dataSource = await createDataSource(postgres.url, 4).initialize();
  let server: Child | null = null;
  try {
    const hub = new TripDocHub(dataSource, createLogger('error'));
    const [owner, flooderUser, traveller] = [await buildUser(dataSource), await buildUser(dataSource), await buildUser(dataSource)];
    const [floodedTrip, joinedTrip, liveTrip] = [
      await seededTrip(dataSource, hub, owner, flooderUser),
      await seededTrip(dataSource, hub, owner),
      await seededTrip(dataSource, hub, owner, traveller),
    ];
    const cookieFor = (user: User) => sessionCookieFor(dataSource, user);
    const [ownerCookie, flooderCookie, travellerCookie] = [await cookieFor(owner), await cookieFor(flooderUser), await cookieFor(traveller)];

    server = await forkChild('caravanServer.ts', {
      env: { DATABASE_URL: postgres.url, LOG_LEVEL: 'error', BENCH_CLOCK_BASE: clockBase.toString(), COLLAB_UNLOAD_AFTER_MS: '50' },
      execArgv: COLLAB_NODE_FLAGS,
    });
    const url = String(server.ready.url);
    const spec = (room: string, cookie: string) => ({ protocol: 'caravan' as const, serverUrl: url, room, cookie });
    const [mover, watcher] = [new BenchClient(spec(liveTrip, ownerCookie)), new BenchClient(spec(liveTrip, travellerCookie))];
    await Promise.all([mover.connect(), watcher.connect()]);

    const measure = async (flooding: boolean): Promise<Phase> => {
      const flooder = flooding ? await startFlooder({ url, tripId: floodedTrip, cookie: flooderCookie, reconnect: true, niceness: 19 }) : null;
      await server!.call({ cmd: 'stats', reset: true });
      for (const client of [mover, watcher]) Object.assign(client.rec, { recording: true, receipts: new Map(), sends: [], acks: [] });
      const end = Date.now() + SECONDS * 1000;
      const next = random(20261123);
      const moving = setInterval(() => mover.move(next, true), MOVE_INTERVAL_MS);
      const joins: number[] = [];
      let joinTimeouts = 0;
      while (Date.now() < end) {
        const joiner = new BenchClient(spec(joinedTrip, ownerCookie));
        try {
          joins.push((await joiner.connect(JOIN_TIMEOUT_MS)).syncMs);
          joiner.close();
          await waitUnloaded(server!, joinedTrip);
        } catch (error) {
          // Which step never came (the socket opening or the sync) says where to look.
          process.stderr.write(`trip B join failed: ${(error as Error).message}\n`);
          joiner.close();
          joins.push(JOIN_TIMEOUT_MS);
          joinTimeouts++;
        }
      }
      clearInterval(moving);
      await sleep(500);
      const stats = await server!.call<ProbeStats>({ cmd: 'stats', reset: true });
      const flood = flooder ? { closes: flooder.closes, sent: await flooder.stop() } : null;
      for (const client of [mover, watcher]) client.rec.recording = false;
      const delivered = joinDeliveries([[0, 1]], new Map([[0, asRunResult(0, mover)], [1, asRunResult(1, watcher)]]));
      return { joins, joinTimeouts, delivery: delivered.allSeen, undelivered: delivered.incomplete, server: stats, flood };
    };

    process.stderr.write(`· baseline: ${SECONDS} s without a flood\n`);
    const baseline = await measure(false);
    await sleep(1000);
    process.stderr.write(`· ${SECONDS} s with one socket flooding trip A\n`);
    const flooded = await measure(true);
    for (const client of [mover, watcher]) client.close();
    report(baseline, flooded);
    log(`whole run: ${((Date.now() - started) / 1000).toFixed(0)} s; load average after: ${loadAverage()}`);
  } finally {
    if (server) await stopChild(server);
    await dataSource.destroy().catch(() => {});
    await postgres.stop().catch(() => {});
  }
}

function report(baseline: Phase, flooded: Phase) {
  const handled = (phase: Phase) => (phase.server.extra.handled as { count: number } | undefined)?.count ?? 0;
  const row = (name: string, pick: (phase: Phase) => string) => log(`${name.padEnd(42)} ${pick(baseline).padEnd(36)} ${pick(flooded)}`);
  const spread = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`;
  log('');
  log(`${''.padEnd(42)} ${'baseline (no flood)'.padEnd(36)} one socket flooding trip A`);
  row(`trip B cold join (n)`, (phase) => `${spread(phase.joins)} (${phase.joins.length})`);
  row(`trip B joins not synced within ${JOIN_TIMEOUT_MS / 1000} s`, (phase) => String(phase.joinTimeouts));
  row(`trip C delivery, move every ${MOVE_INTERVAL_MS} ms (n)`, (phase) => `${spread(phase.delivery)} (${phase.delivery.length})`);
  row(`trip C moves never delivered`, (phase) => String(phase.undelivered));
  row(`server CPU / event-loop delay p99, max`, (phase) =>
    `${((phase.server.cpuMs / phase.server.wallMs) * 100).toFixed(0)} % / ${ms(phase.server.loopDelayP99Ms)}, ${ms(phase.server.loopDelayMaxMs)}`,
  );
  row(`messages the server handled`, (phase) => handled(phase).toLocaleString('en'));
  const flood = flooded.flood!;
  log(`flooder: ${flood.sent.toLocaleString('en')} updates sent in ${flood.closes.length + 1} connection(s)`);
  const first = flood.closes[0];
  if (first) log(`  first close after ${(first.atMs / 1000).toFixed(1)} s and ${first.sent.toLocaleString('en')} updates: ${first.code} "${first.reason}"`);
  else log('  never closed');
  const codes = new Map<string, number>();
  for (const close of flood.closes.slice(1)) codes.set(`${close.code} ${close.reason}`, (codes.get(`${close.code} ${close.reason}`) ?? 0) + 1);
  for (const [code, count] of codes) log(`  then ${count} × ${code} (its reconnects)`);
  log('');
  const joinP99 = percentile(flooded.joins, 99);
  const deliveryP99 = percentile(flooded.delivery, 99);
  log(`${joinP99 <= TARGETS.joinP99Ms ? 'PASS' : 'FAIL'}  cold join p99 during the flood ≤ ${TARGETS.joinP99Ms} ms: ${ms(joinP99)}`);
  log(`${deliveryP99 <= TARGETS.deliveryP99Ms ? 'PASS' : 'FAIL'}  delivery p99 during the flood ≤ ${TARGETS.deliveryP99Ms} ms: ${ms(deliveryP99)}`);
}

await main();
process.exit(0);
