import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { EntityManager } from 'typeorm';
import { addStop, moveStop, orderedStops } from '../../shared/src/tripDoc/index.ts';
import { createDataSource, runMigrations } from '../../server/src/db/dataSource.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embeddedPostgres.ts';
import { createLogger } from '../../server/src/lib/logger.ts';
import { buildTrip, buildUser } from '../../server/src/test/factories.ts';
import { serverOrigin } from '../../server/src/tripDocs/origins.ts';
import { TripDocHub } from '../../server/src/tripDocs/tripDocHub.ts';
import { percentile } from './stats.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-probe-pg-'));
const pgdb = await startEmbeddedPostgres({ dataDir, port: 45000 + Math.floor(Math.random() * 1000), database: 'probe', persistent: false });
const ds = await createDataSource(pgdb.url, 8).initialize();
await runMigrations(ds);
console.log('fsync', (await ds.query('SHOW fsync'))[0], (await ds.query('SHOW synchronous_commit'))[0], (await ds.query('SHOW wal_sync_method'))[0]);
const hub = new TripDocHub(ds, createLogger('error'));
const owner = await buildUser(ds);
const trip = await buildTrip(ds, owner);
await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => { for (let i = 0; i < 9; i++) addStop(doc, randomUUID(), { name: 'S' + i }); }));
const live = (await hub.open(trip.id))!;
const client = new Y.Doc();
Y.applyUpdate(client, Y.encodeStateAsUpdate(live.doc));
const ids = orderedStops(client).map((s) => s.id);

// time every statement
const stmt = new Map<string, number[]>();
const origQuery = EntityManager.prototype.query;
EntityManager.prototype.query = async function (this: EntityManager, q: string, p?: unknown[]) {
  const t = performance.now();
  try { return await origQuery.call(this, q, p); } finally {
    const key = q.replace(/\s+/g, ' ').slice(0, 60);
    if (!stmt.has(key)) stmt.set(key, []);
    stmt.get(key)!.push(performance.now() - t);
  }
} as typeof origQuery;
const total: number[] = [];
const N = Number(process.argv[2] ?? 300);
for (let i = 0; i < N; i++) {
  let update: Uint8Array | null = null;
  client.once('update', (u: Uint8Array) => (update = u));
  moveStop(client, ids[i % 10], (i * 7) % 10);
  Y.applyUpdate(live.doc, update!, 'conn');
  const t = performance.now();
  await hub.persist(trip.id, update!, { source: 'connection', connectionId: 'x', userId: owner.id });
  total.push(performance.now() - t);
}
console.log('persist total p50', percentile(total, 50).toFixed(2), 'p95', percentile(total, 95).toFixed(2), 'p99', percentile(total, 99).toFixed(2), 'mean', (total.reduce((a, b) => a + b) / N).toFixed(2));
for (const [k, v] of stmt) console.log(String(v.length).padStart(5), 'p50', percentile(v, 50).toFixed(2).padStart(6), 'p99', percentile(v, 99).toFixed(2).padStart(6), k);
// raw pg round trip
const t0 = performance.now(); for (let i = 0; i < 200; i++) await ds.query('SELECT 1'); console.log('SELECT 1 via typeorm mean', ((performance.now() - t0) / 200).toFixed(3));
const t1 = performance.now(); for (let i = 0; i < 100; i++) await ds.transaction(async (m) => { await m.query('SELECT 1'); }); console.log('empty transaction (BEGIN;SELECT 1;COMMIT) mean', ((performance.now() - t1) / 100).toFixed(3));
const t2 = performance.now(); for (let i = 0; i < 100; i++) await ds.transaction(async (m) => { await m.query('INSERT INTO trip_doc_updates (trip_id, update, origin) VALUES ($1, $2, $3)', [trip.id, Buffer.from([0]), 'peer']); }); console.log('insert-only transaction (fsync) mean', ((performance.now() - t2) / 100).toFixed(3));
await ds.destroy(); await pgdb.stop(); fs.rmSync(dataDir, { recursive: true, force: true });
