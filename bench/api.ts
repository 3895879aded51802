/**
 * Benchmarks POST /_api/trips/details (`npm run bench:api`): an embedded PostgreSQL in a temp folder, the
 * real API server in its own process, a 50-stop trip with journal entries and photos, then autocannon
 * (50 connections) against it and against a Koa hello-world app on another port, in the same run.
 * Also counts the SQL statements one /trips/details request issues and the tables they read (first with
 * a new session and nothing cached, then again), and the CPU time per request of each process.
 *
 * The same file is the two server processes: `tsx bench/api.ts api` and `tsx bench/api.ts hello`.
 * BENCH_SECONDS (default 10) sets each run's length; BENCH_CPU_PROF=1 writes a CPU profile of the API
 * process to $TMPDIR/caravan-bench-profiles/.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Koa from 'koa';
import pg from 'pg';
import { startBenchDatabase } from './benchDatabase.ts';
import { cpuMeter, freePort, loadAverage, machine, postgresPids, runApiServer, startChild, stopChild } from './processes.ts';

const here = fileURLToPath(import.meta.url);
const role = process.argv[2];

/**
 * The baseline: Koa with one middleware answering a fixed body, nothing else. At /same-body it answers the bytes of
 * the trip's /trips/details answer (read from SAME_BODY_FILE) as JSON: the floor of sending that body from Koa at all.
 */
async function runHello(): Promise<void> {
  const sameBody = fs.readFileSync(process.env.SAME_BODY_FILE!);
  const app = new Koa();
  app.use((ctx) => {
    if (ctx.path === '/same-body') {
      ctx.type = 'application/json';
      ctx.body = sameBody;
    } else ctx.body = 'Hello, world';
  });
  app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
}

interface Run {
  label: string;
  requests: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  kilobytes: number;
}

async function cannon(label: string, options: autocannon.Options): Promise<Run> {
  const result = await autocannon(options);
  return {
    label,
    requests: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    kilobytes: result.throughput.average / 1024,
  };
}

function print(run: Run): void {
  console.log(
    `${run.label.padEnd(22)} ${run.requests.toFixed(0).padStart(6)} req/s  p50 ${String(run.p50).padStart(3)} ms  p99 ${String(run.p99).padStart(3)} ms` +
      `  max ${run.max} ms  ${(run.kilobytes / 1024).toFixed(1)} MB/s  non-2xx ${run.non2xx}  errors ${run.errors}`,
  );
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const { createLogger, loadConfig, serverOrigin } = await import('@caravan/engine');
  const { startServer } = await import('@caravan/server');
  const { addJournalEntry, addMember, buildTrip, buildUser, sessionCookieFor } = await import('@caravan/server/test');
  const { addStop } = await import('@caravan/shared');

  console.log(`machine: ${machine()}`);
  console.log(`load average before: ${loadAverage()}`);
  const database = await startBenchDatabase('caravan-bench-');
  const { dataDir } = database;
  const children: ChildProcess[] = [];
  let inProcess: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // Seeding goes through the product's own write path, from a server instance in this process.
    const config = { ...loadConfig({ PROVIDERS: 'offline' }), port: 0, host: '127.0.0.1', dataDir };
    inProcess = await startServer(config, database.url, createLogger('silent'));
    const deps = inProcess.deps;
    const owner = await buildUser(deps.dataSource);
    const editor = await buildUser(deps.dataSource);
    const seedTrip = async (stopCount: number, withJournals: boolean) => {
      const trip = await buildTrip(deps.dataSource, owner, { title: 'Route 66, end to end' });
      await deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
        transact(() => {
          for (let index = 0; index < stopCount; index += 1) {
            addStop(doc, randomUUID(), {
              name: `Stop ${index + 1}: Cadillac Ranch`,
              address: `${100 + index} Historic Route 66, Amarillo, TX 79124`,
              notes: 'Bring spray paint. Park on the frontage road; the walk in is ten minutes.',
              latitude: 35.18 + index / 10,
              longitude: -101.98 - index / 10,
              estimatedDriveMinutes: 90 + index,
            });
          }
        }),
      );
      if (!withJournals) return trip;
      const stops: Array<{ id: string }> = await deps.dataSource.query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [trip.id]);
      for (const [index, stop] of stops.entries()) {
        for (let entry = 0; entry < 2; entry += 1) {
          await addJournalEntry(deps, {
            trip,
            stopId: stop.id,
            authorId: owner.id,
            content: `Day ${index + 1}, entry ${entry + 1}. ` + 'We stopped for pie and watched the trains go by. '.repeat(4),
            entryDate: new Date(Date.UTC(2026, 5, 1 + index, 10 + entry)),
            photos: index % 10 === 0 && entry === 0 ? 2 : 0,
          });
        }
      }
      return trip;
    };
    // buildTrip's start location is the first stop.
    const trip = await seedTrip(49, true);
    await addMember(deps.dataSource, trip, editor, 'editor');
    // Other people's trips, so the tables hold more than the one trip asked for.
    for (let other = 0; other < 10; other += 1) await seedTrip(49, false);
    const cookie = await sessionCookieFor(deps.dataSource, owner);
    const body = JSON.stringify({ tripId: trip.id });
    const [counts] = await deps.dataSource.query(
      `SELECT (SELECT count(*) FROM stops WHERE trip_id = $1)::int AS stops,
              (SELECT count(*) FROM journal_entries WHERE trip_id = $1)::int AS entries,
              (SELECT count(*) FROM photos WHERE trip_id = $1)::int AS photos,
              (SELECT count(*) FROM stops)::int AS "allStops"`,
      [trip.id],
    );
    console.log(
      `trip: ${counts.stops} stops, ${counts.entries} journal entries, ${counts.photos} photos (${counts.allStops} stops in the table)`,
    );

    // SQL per request, counted at the pg client under everything (TypeORM and the raw pool alike).
    const issued: string[] = [];
    let counting = false;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (counting) {
        const config = args[0] as string | { text?: string; name?: string };
        const text = typeof config === 'string' ? config : (config.text ?? `(prepared ${config.name})`);
        issued.push(text.replace(/\s+/g, ' ').trim());
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    const detailsOnce = async () => {
      issued.length = 0;
      counting = true;
      const response = await fetch(`${inProcess!.url}/_api/trips/details`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      counting = false;
      if (response.status !== 200) throw new Error(`/trips/details answered ${response.status}: ${text}`);
      return { queries: [...issued], bytes: text.length, text };
    };
    // The trips' drive legs are derived in the background after seeding: done first, so only the request's own statements count.
    await deps.legs.idle();
    const cold = await detailsOnce();
    const warm = await detailsOnce();
    pg.Client.prototype.query = original;
    console.log(`response: ${(cold.bytes / 1024).toFixed(1)} kB of JSON`);
    console.log(`SQL per /trips/details: ${cold.queries.length} statements on a session's first request, ${warm.queries.length} after`);
    const tablesOf = (query: string) => [...new Set([...query.matchAll(/\b(?:FROM|JOIN)\s+(?!LATERAL\b)"?(\w+)"?/gi)].map((match) => match[1]))];
    const reads = new Map<string, number>();
    for (const query of cold.queries) {
      const tables = tablesOf(query);
      for (const table of tables) reads.set(table, (reads.get(table) ?? 0) + [...query.matchAll(new RegExp(`\\b(?:FROM|JOIN)\\s+"?${table}"?\\b`, 'gi'))].length);
      console.log(`  reads ${tables.join(', ')}: ${query.slice(0, 80)}…`);
    }
    console.log(`  table reads on the first request: ${[...reads].map(([table, count]) => `${table} ${count}`).join(', ')}`);
    await inProcess.close();
    inProcess = undefined;

    const sameBodyFile = path.join(dataDir, 'same-body.json');
    fs.writeFileSync(sameBodyFile, warm.text);
    const apiPort = await freePort();
    const helloPort = await freePort();
    const profileDir = path.join(os.tmpdir(), 'caravan-bench-profiles');
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    if (profile.length) console.log(`CPU profile of the API process: ${profileDir}`);
    children.push(
      await startChild(here, 'api', { DATABASE_URL: database.url, PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, profile),
      await startChild(here, 'hello', { PORT: String(helloPort), SAME_BODY_FILE: sameBodyFile }),
    );

    const details: autocannon.Options = {
      url: `http://127.0.0.1:${apiPort}/_api/trips/details`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
      connections: 50,
    };
    const hello: autocannon.Options = { url: `http://127.0.0.1:${helloPort}/`, connections: 50 };
    console.log(`\n50 connections, ${seconds} s each after a warm-up; load average before the runs: ${loadAverage()}`);
    const [api, helloServer] = children.map((child) => () => [child.pid!]);
    // Each warm-up right before its run: JIT, the pool's connections (idle ones close after 10 s), caches.
    await cannon('warm-up', { ...hello, duration: 2 });
    const helloMeter = cpuMeter({ hello: helloServer });
    const helloRun = await cannon('Koa hello world', { ...hello, duration: seconds });
    print(helloRun);
    console.log(`  ${helloMeter.perRequest(helloRun.total)}`);
    // The floor of this answer's bytes: what Koa does sending them with no work at all (the same warm connections).
    const sameBodyMeter = cpuMeter({ hello: helloServer });
    const sameBodyRun = await cannon('Koa, the same body', { ...hello, url: `${hello.url}same-body`, duration: seconds });
    print(sameBodyRun);
    console.log(`  ${sameBodyMeter.perRequest(sameBodyRun.total)}; ${((sameBodyRun.requests / helloRun.requests) * 100).toFixed(1)} % of hello world`);
    await cannon('warm-up', { ...details, duration: 3 });
    const detailsMeter = cpuMeter({ api, postgres: () => postgresPids(dataDir) });
    const detailsRun = await cannon('POST /trips/details', { ...details, duration: seconds });
    print(detailsRun);
    console.log(`  ${detailsMeter.perRequest(detailsRun.total)}`);
    console.log(`ratio /trips/details ÷ hello world: ${((detailsRun.requests / helloRun.requests) * 100).toFixed(1)} %`);
    // As a browser asks: the same answer, Brotli-encoded (made once per version and kept), and a page that holds it
    // revalidating with its ETag (304, no body).
    const browserLike = { ...details, headers: { ...details.headers, 'accept-encoding': 'br, gzip' } };
    await cannon('warm-up', { ...browserLike, duration: 2 });
    const brotliMeter = cpuMeter({ api, postgres: () => postgresPids(dataDir) });
    const brotliRun = await cannon('POST /trips/details, Accept-Encoding: br', { ...browserLike, duration: seconds });
    print(brotliRun);
    console.log(`  ${brotliMeter.perRequest(brotliRun.total)}`);
    const etag = (await fetch(details.url as string, { method: 'POST', headers: details.headers as Record<string, string>, body })).headers.get('etag');
    const revalidating = { ...browserLike, headers: { ...browserLike.headers, 'if-none-match': etag ?? '' } };
    const revalidateMeter = cpuMeter({ api, postgres: () => postgresPids(dataDir) });
    const revalidateRun = await cannon('POST /trips/details, If-None-Match (304)', { ...revalidating, duration: seconds });
    print(revalidateRun);
    console.log(`  ${revalidateMeter.perRequest(revalidateRun.total)}`);
    const ratio = (run: typeof detailsRun) => `${((run.requests / helloRun.requests) * 100).toFixed(1)} %`;
    console.log(`ratio ÷ hello world: Brotli ${ratio(brotliRun)}, revalidated ${ratio(revalidateRun)}`);
    const issueTarget = (run: typeof detailsRun) => run.requests >= 0.2 * helloRun.requests && run.p99 <= 25;
    console.log(
      `speed 4 target (≥ 20 % of hello world and p99 ≤ 25 ms): plain ${issueTarget(detailsRun) ? 'met' : 'NOT met'}, Brotli ${issueTarget(brotliRun) ? 'met' : 'NOT met'}, revalidated ${issueTarget(revalidateRun) ? 'met' : 'NOT met'}`,
    );
    console.log(`load average after the runs: ${loadAverage()}`);
    const target = detailsRun.requests >= 2000 && detailsRun.p99 <= 25;
    console.log(`target (≥ 2,000 req/s and p99 ≤ 25 ms): ${target ? 'met' : 'NOT met'}`);
    if (detailsRun.non2xx || detailsRun.errors) console.log('WARNING: some /trips/details requests failed');
  } finally {
    await inProcess?.close();
    for (const child of children) await stopChild(child);
    await database.stop();
  }
}

if (role === 'hello') await runHello();
else if (role === 'api') await runApiServer();
else await main();
