import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../server/src/db/embeddedPostgres.ts';
import { createDataSource, runMigrations } from '../server/src/db/dataSource.ts';
import { loadConfig } from '../server/src/config.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { startServer } from '../server/src/server.ts';
import { sessionCreator } from '../server/src/commands/sessionCreator.ts';
import { buildTrip, buildUser } from '../server/src/test/factories.ts';
import { addJournalEntry } from '../server/src/test/tripDetailFixtures.ts';
import { tripDetailQuery } from '../server/src/queries/tripDetailQuery.ts';
import { addStop } from '@caravan/shared';
import { serverOrigin } from '../server/src/tripDocs/origins.ts';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-micro-'));
const db = await startEmbeddedPostgres({ dataDir, port: 30000 + Math.floor(Math.random()*10000), database: 'b', persistent: false });
try {
const m = await createDataSource(db.url, 1).initialize(); await runMigrations(m); await m.destroy();
const s = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir }, db.url, createLogger(process.env.LL ?? 'silent'));
const owner = await buildUser(s.deps.dataSource);
const trip = await buildTrip(s.deps.dataSource, owner);
await s.deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => { for (let i = 0; i < 49; i++) addStop(doc, randomUUID(), { name: 'Stop '+i, address: '100 Historic Route 66, Amarillo, TX 79124', notes: 'Bring spray paint. Park on the frontage road; the walk in is ten minutes.', latitude: 1, longitude: 2, estimatedDriveMinutes: 90 }); }));
const stops = await s.deps.dataSource.query('SELECT id FROM stops WHERE trip_id=$1', [trip.id]);
for (const st of stops) for (let e = 0; e < 2; e++) await addJournalEntry(s.deps, { trip, stopId: st.id, authorId: owner.id, content: 'We stopped for pie and watched the trains go by. '.repeat(4), entryDate: new Date() });
const token = await sessionCreator(s.deps.dataSource, { userId: owner.id });
const N = 300;
async function measure(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await fn();
  const c = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < N; i++) await fn();
  const u = process.cpuUsage(c);
  console.log(label.padEnd(30), 'wall', ((performance.now()-t)/N).toFixed(3), 'ms  cpu', ((u.user+u.system)/1000/N).toFixed(3), 'ms');
}
let result: unknown;
const { pgPool } = await import('../server/src/db/dataSource.ts');
const pool = pgPool(s.deps.dataSource);
await measure('SELECT 1', () => pool.query('SELECT 1'));
await measure('stops raw', () => pool.query({ name: 'x1', text: 'SELECT * FROM stops WHERE trip_id = $1', values: [trip.id] }));
await measure('entries raw', () => pool.query({ name: 'x2', text: 'SELECT * FROM journal_entries WHERE trip_id = $1', values: [trip.id] }));
await measure('entries raw no dates', () => pool.query({ name: 'x3', text: 'SELECT id, stop_id, content FROM journal_entries WHERE trip_id = $1', values: [trip.id] }));
await measure('entries rowMode array', () => pool.query({ name: 'x4', text: 'SELECT id, stop_id, content, entry_date, created_at FROM journal_entries WHERE trip_id = $1', values: [trip.id], rowMode: 'array' }));
await measure('entries json_agg', () => pool.query({ name: 'x5', text: 'SELECT json_agg(j) FROM (SELECT id, stop_id, content, entry_date, created_at FROM journal_entries WHERE trip_id = $1) j', values: [trip.id] }));
await measure('tripDetailQuery', async () => { result = await tripDetailQuery(s.deps.dataSource, trip.id, owner.id); });
await measure('JSON.stringify', async () => { JSON.stringify(result); });
console.log('bytes', JSON.stringify(result).length);
const headers = { cookie: `caravan_session=${token}`, 'content-type': 'application/json' };
await measure('HTTP details (fetch)', async () => { const r = await fetch(`${s.url}/_api/trips/details`, { method: 'POST', headers, body: JSON.stringify({ tripId: trip.id }) }); await r.text(); });
await measure('HTTP config (fetch)', async () => { const r = await fetch(`${s.url}/_api/auth/config`, { headers }); await r.text(); });
await measure('HTTP config anon (fetch)', async () => { const r = await fetch(`${s.url}/_api/auth/config`); await r.text(); });
if (process.env.CANNON) {
  for (const [label, opts] of [['details', { url: `${s.url}/_api/trips/details`, method: 'POST', headers, body: JSON.stringify({ tripId: trip.id }) }], ['config', { url: `${s.url}/_api/auth/config`, headers }]] as const) {
    const c = process.cpuUsage();
    const r = await autocannon({ ...opts, connections: 10, duration: 4 } as autocannon.Options);
    const u = process.cpuUsage(c);
    console.log(label, r.requests.average, 'req/s; in-process cpu per req (server+cannon)', ((u.user+u.system)/1000/r.requests.total).toFixed(3));
  }
}
await s.close();
} finally { await db.stop(); fs.rmSync(dataDir, {recursive:true, force:true}); }
