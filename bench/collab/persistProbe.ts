/**
 * Diagnostic for the collab benchmark's findings (not part of `npm run bench:collab`):
 *   npx tsx bench/collab/persistProbe.ts [trips=200] [poolSize=10] [seconds=5]
 * 1. One trip: times `TripDocHub.persist` of single moves, and each SQL statement inside it.
 * 2. `trips` trips at once, each persisting moves back to back through one hub (one pool), like a collab
 *    server holding that many busy trips: commits/s, persist latency, and CPU per commit of this process and
 *    of PostgreSQL.
 * Starts its own embedded PostgreSQL in a temp dir.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import { EntityManager, type DataSource } from 'typeorm';
import { addStop, moveStop, orderedStops, stopIsAt } from '@caravan/shared';
import { createDataSource, createLogger, runMigrations, serverOrigin, TripDocHub, type User } from '@caravan/engine';
import { startEmbeddedPostgres } from '@caravan/engine/embeddedPostgres';
import { buildTrip, buildUser } from '@caravan/server/test';
import { cpuMs, freePort, postgresPids } from '../processes.ts';
import { percentile } from './stats.ts';

const [TRIPS, POOL, SECONDS] = [200, 10, 5].map((fallback, at) => Number(process.argv[2 + at] ?? fallback));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-persist-probe-'));
const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'probe', persistent: false });
/** CPU ms of our PostgreSQL so far: the postmaster and its children. */
const postgresCpuMs = () => postgresPids(dataDir).reduce((sum, pid) => sum + cpuMs(pid), 0);

async function seedTrips(dataSource: DataSource, owner: User, count: number): Promise<string[]> {
  const hub = new TripDocHub(dataSource, createLogger('error'));
  const ids: string[] = [];
  for (let trip = 0; trip < count; trip++) {
    const { id } = await buildTrip(dataSource, owner);
    await hub.write(id, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() => {
        for (let stop = 1; stop < 10; stop++) addStop(doc, randomUUID(), { name: `Stop ${stop}` });
      }),
    );
    hub.unload(id);
    ids.push(id);
  }
  return ids;
}

/** A client replica of the trip whose moves the hub persists, as a connection's batch would be. */
async function mover(hub: TripDocHub, tripId: string, seed: number) {
  const live = (await hub.open(tripId))!;
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(live.doc));
  const ids = orderedStops(client).map((stop) => stop.id);
  let at = seed;
  return () => {
    let update: Uint8Array | null = null;
    const capture = (bytes: Uint8Array) => (update = bytes);
    client.on('update', capture);
    const id = ids[at % ids.length];
    const to = (at * 7) % ids.length;
    // A move to where the stop stands sends nothing (moveStop leaves it be): take the next place.
    moveStop(client, id, stopIsAt(client, id, to) ? (to + 1) % ids.length : to);
    client.off('update', capture);
    at++;
    Y.applyUpdate(live.doc, update!, 'connection');
    return update!;
  };
}

const setup = await createDataSource(postgres.url, 4).initialize();
await runMigrations(setup);
const owner = await buildUser(setup);
const tripIds = await seedTrips(setup, owner, TRIPS + 1);
await setup.destroy();
const origin = { source: 'connection' as const, connectionId: 'probe', userId: owner.id };

try {
  // 1. One trip, statement by statement.
  const dataSource = await createDataSource(postgres.url, POOL).initialize();
  const statements = new Map<string, number[]>();
  const query = EntityManager.prototype.query;
  EntityManager.prototype.query = async function timedQuery(this: EntityManager, sql: string, parameters?: unknown[]) {
    const start = performance.now();
    try {
      return await query.call(this, sql, parameters);
    } finally {
      const key = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
      statements.set(key, [...(statements.get(key) ?? []), performance.now() - start]);
    }
  } as typeof query;
  const single = new TripDocHub(dataSource, createLogger('error'));
  const next = await mover(single, tripIds[TRIPS], 1);
  const persists: number[] = [];
  for (let move = 0; move < 300; move++) {
    const update = next();
    const start = performance.now();
    await single.persist(tripIds[TRIPS], update, origin);
    persists.push(performance.now() - start);
  }
  EntityManager.prototype.query = query;
  const show = (values: number[]) => `p50 ${percentile(values, 50).toFixed(2)} p95 ${percentile(values, 95).toFixed(2)} p99 ${percentile(values, 99).toFixed(2)} ms`;
  console.log(`one trip, 300 moves persisted one by one: ${show(persists)}`);
  for (const [sql, times] of statements) console.log(`  ${String(times.length).padStart(4)} × ${show(times)}  ${sql}`);
  const commits: number[] = [];
  for (let round = 0; round < 200; round++) {
    const start = performance.now();
    await dataSource.transaction((manager) =>
      manager.query(`INSERT INTO trip_doc_updates (trip_id, update, origin) VALUES ($1, $2, 'peer')`, [tripIds[TRIPS], Buffer.from([0, 0])]),
    );
    commits.push(performance.now() - start);
  }
  console.log(`  for scale: a transaction with one small INSERT (BEGIN, INSERT, COMMIT with WAL flush): ${show(commits)}`);

  // 2. Many busy trips through one hub.
  const hub = new TripDocHub(dataSource, createLogger('error'));
  const movers = await Promise.all(tripIds.slice(0, TRIPS).map((tripId, at) => mover(hub, tripId, at)));
  const latencies: number[] = [];
  let committed = 0;
  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs();
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    movers.map(async (move, at) => {
      while (performance.now() < end) {
        const start = performance.now();
        await hub.persist(tripIds[at], move(), origin);
        latencies.push(performance.now() - start);
        committed++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const postgresMs = postgresCpuMs() - postgresBefore;
  const nodeMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `${TRIPS} trips persisting at once, pool ${POOL}, ${SECONDS} s: ${(committed / SECONDS).toFixed(0)} commits/s, persist ${show(latencies)}; ` +
      `CPU per commit: this process ${(nodeMs / committed).toFixed(2)} ms, PostgreSQL ${(postgresMs / committed).toFixed(2)} ms ` +
      `(load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`,
  );
  await dataSource.destroy();
} finally {
  await postgres.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
