/**
 * Benchmarks notifications (`npm run bench:notify`): an embedded PostgreSQL in a temp folder, the real API server
 * in its own process (its push loop handing pushes to a local Web Push service stand-in in this process, which
 * decrypts each), and EVENTS_PER_SECOND events for BENCH_SECONDS (default 30): each a checklist item assigned by
 * an editor to a member with one push device (and e-mail off for it), through POST /trips/checklists/items/add (a
 * commit through the engine), sent on schedule whatever earlier ones are doing (open loop).
 * Measured per event, from just before its request: until the member's own list call (POST /account/notifications)
 * shows it, until the member's open page hears of it (its notification stream's `notified`, which makes the bell ask
 * again), and until its push reaches the push service. Baseline in the same run, sampled during the load: a bare
 * INSERT … RETURNING round trip to the same PostgreSQL, and the member's list call alone.
 * Targets: p95 event → in the app ≤ 1 s, event → push handed over ≤ 5 s (BENCH_RATE sets another rate, to see where
 * the figures bend).
 *
 * The same file is the API server's process: `tsx bench/notify.ts api`. BENCH_CPU_PROF=1 writes a CPU profile of
 * the API process to $TMPDIR/caravan-bench-profiles/.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBenchDatabase } from './benchDatabase.ts';
import { cpuMeter, freePort, loadAverage, machine, postgresPids, runApiServer, startChild, stopChild } from './processes.ts';

const here = fileURLToPath(import.meta.url);
const role = process.argv[2];
/** BENCH_RATE: another rate, to see where the figures bend (the target is at 100). */
const EVENTS_PER_SECOND = Number(process.env.BENCH_RATE ?? 100);
const TRIPS = 20;
/** How long an event may take to show before the bench counts it as never shown. */
const GIVE_UP_MS = 30_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const figures = (label: string, values: number[]) =>
  `${label.padEnd(40)} n ${String(values.length).padStart(5)}  p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms  p99 ${percentile(values, 99).toFixed(1).padStart(7)} ms  max ${Math.max(...values).toFixed(1).padStart(7)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const { createLogger, loadConfig } = await import('@caravan/engine');
  const { startServer } = await import('@caravan/server');
  const { addMember, buildTrip, buildUser, sessionCookieFor, startPushService } = await import('@caravan/server/test');

  console.log(`machine: ${machine()}`);
  console.log(`load average before: ${loadAverage()}`);
  const database = await startBenchDatabase('caravan-bench-notify-');
  const pushService = await startPushService();
  let child: ChildProcess | undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // Seeding through the product's own code, from a server instance in this process, closed before the run.
    const seeder = await startServer({ ...loadConfig({ PROVIDERS: 'offline' }), port: 0, host: '127.0.0.1', dataDir: database.dataDir }, database.url, createLogger('silent'));
    const crews: Array<{ trip: { id: string }; editorCookie: string; memberCookie: string; listId: string }> = [];
    for (let index = 0; index < TRIPS; index++) {
      const [owner, editor, member] = [await buildUser(seeder.deps.dataSource), await buildUser(seeder.deps.dataSource), await buildUser(seeder.deps.dataSource)];
      const trip = await buildTrip(seeder.deps.dataSource, owner, { title: `Notify Loop ${index}` });
      await addMember(seeder.deps.dataSource, trip, editor, 'editor');
      await addMember(seeder.deps.dataSource, trip, member, 'viewer');
      // In the app and by push; not by e-mail (the outbox's files are another channel's cost, measured nowhere here).
      await seeder.deps.dataSource.query(`INSERT INTO notification_preferences (user_id, kind, in_app, email, push) VALUES ($1, 'item_assigned', true, false, true)`, [member.id]);
      const device = pushService.newDevice();
      await seeder.deps.dataSource.query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`, [
        member.id,
        device.subscription.endpoint,
        device.subscription.keys.p256dh,
        device.subscription.keys.auth,
      ]);
      crews.push({ trip, editorCookie: await sessionCookieFor(seeder.deps.dataSource, editor), memberCookie: await sessionCookieFor(seeder.deps.dataSource, member), listId: '' });
    }
    await seeder.close();

    const port = await freePort();
    // The server keeps its VAPID keys in DATA_DIR, as under npm start; the stand-in's certificate is trusted through PUSH_CA_FILE.
    const profileDir = path.join(os.tmpdir(), 'caravan-bench-profiles');
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    if (profile.length) console.log(`CPU profile of the API process: ${profileDir}`);
    const env = { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: database.dataDir, PUSH_CA_FILE: pushService.caFile, PUSH_SERVICE_HOSTS: '127.0.0.1', LOG_LEVEL: 'warn' };
    child = await startChild(here, 'api', env, profile);
    const api = (path: string, cookie: string, body: object) =>
      fetch(`http://127.0.0.1:${port}/_api${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const crew of crews) {
      const created = await api('/trips/checklists/create', crew.editorCookie, { tripId: crew.trip.id, title: 'Gear' });
      crew.listId = ((await created.json()) as { id: string }).id;
    }
    await pool.query(`CREATE TABLE bench_baseline (id serial PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())`);

    const pushedAt = new Map<number, number>();
    pushService.onPush((push) => {
      const index = /“Item (\d+)”/.exec(push.payload.body)?.[1];
      if (index) pushedAt.set(Number(index), push.at);
    });
    const shown: number[] = [];
    const pushed: number[] = [];
    const failures: string[] = [];
    const baselineInsert: number[] = [];
    const baselineList: number[] = [];

    /** When each event was sent (Date.now(), the push service's clock), for its push's latency. */
    const sentAt = new Map<number, number>();
    /** One event: the assignment, then the member's list until it shows (it should at once: it is stored in the commit). */
    const oneEvent = async (index: number, assignee: number) => {
      const crew = crews[index % crews.length];
      const started = performance.now();
      sentAt.set(index, Date.now());
      const added = await api('/trips/checklists/items/add', crew.editorCookie, { tripId: crew.trip.id, listId: crew.listId, text: `Item ${index}`, assignee });
      if (added.status !== 201) {
        failures.push(`add ${added.status}`);
        return;
      }
      await added.arrayBuffer();
      while (performance.now() - started < GIVE_UP_MS) {
        const listed = await api('/account/notifications', crew.memberCookie, { limit: 5 });
        const { notifications } = (await listed.json()) as { notifications: Array<{ data: { text?: string } }> };
        if (notifications.some((each) => each.data.text === `Item ${index}`)) {
          shown.push(performance.now() - started);
          return;
        }
        await sleep(20);
      }
      failures.push('not in the app within 30 s');
    };
    /** The pushes' latencies, once each has arrived or GIVE_UP_MS has passed since the last event was sent. */
    const pushLatencies = async (indexes: number[]) => {
      const until = Date.now() + GIVE_UP_MS;
      while (Date.now() < until && indexes.some((index) => !pushedAt.has(index))) await sleep(100);
      for (const index of indexes) {
        const at = pushedAt.get(index);
        if (at === undefined) failures.push('push never arrived');
        else pushed.push(at - sentAt.get(index)!);
      }
    };

    // Each member's page: its notification stream, the times it heard `notified` (a member's events come in order:
    // one trip each, whose commits the trip's lock keeps in order).
    const nudgedAt = crews.map(() => [] as number[]);
    const streams = new AbortController();
    await Promise.all(
      crews.map(async (crew, at) => {
        const response = await fetch(`http://127.0.0.1:${port}/_api/account/notifications/stream`, { headers: { cookie: crew.memberCookie }, signal: streams.signal });
        if (!response.ok || !response.body) throw new Error(`the notification stream answered ${response.status}`);
        void (async () => {
          const decoder = new TextDecoder();
          try {
            for await (const chunk of response.body!) {
              const heard = decoder.decode(chunk, { stream: true }).split('event: notified').length - 1;
              for (let n = 0; n < heard; n++) nudgedAt[at].push(Date.now());
            }
          } catch {
            // Closed at the end.
          }
        })();
      }),
    );
    /** Event → nudge, per member in order; the first `skip` of each member's events (the warm-up) not counted. */
    const nudgeLatencies = (events: number[], skip: number) => {
      const latencies: number[] = [];
      crews.forEach((_, at) => {
        const own = events.filter((index) => index % crews.length === at);
        own.forEach((index, k) => {
          const heard = nudgedAt[at][k];
          if (k < skip) return;
          if (heard === undefined) failures.push('page never nudged');
          else latencies.push(heard - sentAt.get(index)!);
        });
      });
      return latencies;
    };

    const memberOfTrip = new Map<string, number>();
    for (const crew of crews) {
      memberOfTrip.set(crew.trip.id, (await pool.query(`SELECT user_id FROM trip_members WHERE trip_id = $1 AND role = 'viewer'`, [crew.trip.id])).rows[0].user_id);
    }

    // Warm-up: a few events (JIT, pools), not counted.
    const warmUp = Array.from({ length: 20 }, (_, index) => 1_000_000 + index);
    for (const index of warmUp) await oneEvent(index, memberOfTrip.get(crews[index % crews.length].trip.id)!);
    await pushLatencies(warmUp);
    shown.length = 0;
    pushed.length = 0;
    failures.length = 0;

    const total = seconds * EVENTS_PER_SECOND;
    console.log(`\n${TRIPS} trips, one push device per member; ${EVENTS_PER_SECOND} events/s for ${seconds} s (${total} events); load average before: ${loadAverage()}`);
    const meter = cpuMeter({ api: () => [child!.pid!], postgres: () => postgresPids(database.dataDir) });
    const runStart = performance.now();
    const inFlight: Array<Promise<void>> = [];
    let baselineRunning = true;
    const baseline = (async () => {
      while (baselineRunning) {
        const insertStart = performance.now();
        await pool.query(`INSERT INTO bench_baseline DEFAULT VALUES RETURNING id`);
        baselineInsert.push(performance.now() - insertStart);
        const listStart = performance.now();
        const listed = await api('/account/notifications', crews[0].memberCookie, { limit: 5 });
        await listed.arrayBuffer();
        baselineList.push(performance.now() - listStart);
        await sleep(100);
      }
    })();
    for (let index = 0; index < total; index++) {
      const due = runStart + (index * 1000) / EVENTS_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const crew = crews[index % crews.length];
      inFlight.push(oneEvent(index, memberOfTrip.get(crew.trip.id)!).catch((error) => void failures.push(String(error))));
    }
    const sentIn = (performance.now() - runStart) / 1000;
    await Promise.all(inFlight);
    await pushLatencies(Array.from({ length: total }, (_, index) => index));
    streams.abort();
    const nudged = nudgeLatencies([...warmUp, ...Array.from({ length: total }, (_, index) => index)], warmUp.length / crews.length);
    baselineRunning = false;
    await baseline;
    console.log(`sent ${total} events in ${sentIn.toFixed(1)} s (${(total / sentIn).toFixed(0)} events/s)`);
    // Per event; this process is the load and the push service (its decryption included).
    console.log(`  ${meter.perRequest(total).replace('CPU ms per request', 'CPU ms per event').replace('autocannon', 'bench process')}`);
    console.log(figures('event → in the app (member\'s list shows it)', shown));
    console.log(figures('event → the member\'s open page nudged', nudged));
    console.log(figures('event → push handed to the push service', pushed));
    console.log(figures('baseline: bare INSERT round trip', baselineInsert));
    console.log(figures('baseline: the member\'s list call alone', baselineList));
    console.log(`push service: ${pushService.received.length} received, ${pushService.rejected.length} it could not read`);
    if (failures.length) console.log(`failures: ${failures.length} (${[...new Set(failures)].map((each) => `${each} × ${failures.filter((f) => f === each).length}`).join('; ')})`);
    console.log(`load average after: ${loadAverage()}`);
    const pass =
      percentile(shown, 95) <= 1000 && percentile(nudged, 95) <= 1000 && percentile(pushed, 95) <= 5000 && [shown, nudged, pushed].every((each) => each.length === total);
    console.log(`target (p95 in the app, listed and nudged, ≤ 1 s; push ≤ 5 s; every event all three): ${pass ? 'PASS' : 'FAIL'}`);
    if (!pass) process.exitCode = 1;
  } finally {
    await pool.end();
    if (child) await stopChild(child);
    await pushService.close();
    await database.stop();
  }
}

if (role === 'api') await runApiServer();
else await main();
