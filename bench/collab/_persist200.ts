import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import { addStop, moveStop, orderedStops } from '../../shared/src/tripDoc/index.ts';
import { createDataSource, runMigrations } from '../../server/src/db/dataSource.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embeddedPostgres.ts';
import { createLogger } from '../../server/src/lib/logger.ts';
import { buildTrip, buildUser } from '../../server/src/test/factories.ts';
import { serverOrigin } from '../../server/src/tripDocs/origins.ts';
import { TripDocHub } from '../../server/src/tripDocs/tripDocHub.ts';
import { percentile } from './stats.ts';

const TRIPS = Number(process.argv[2] ?? 200);
const POOL = Number(process.argv[3] ?? 10);
const SECONDS = Number(process.argv[4] ?? 5);
const CATCHUP = process.argv[5] === 'catchup';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-probe-pg-'));
const pgdb = await startEmbeddedPostgres({ dataDir, port: 45000 + Math.floor(Math.random() * 1000), database: 'probe', persistent: false });
const setup = await createDataSource(pgdb.url, 4).initialize();
await runMigrations(setup);
const owner = await buildUser(setup);
const sh = new TripDocHub(setup, createLogger('error'));
const tripIds: string[] = [];
for (let t = 0; t < TRIPS; t++) {
  const trip = await buildTrip(setup, owner);
  await sh.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => { for (let i = 0; i < 9; i++) addStop(doc, randomUUID(), { name: 'S' + i }); }));
  sh.unload(trip.id);
  tripIds.push(trip.id);
}
await setup.destroy();
const ds = await createDataSource(pgdb.url, POOL).initialize();
const hub = new TripDocHub(ds, createLogger('error'));
const lat: number[] = [];
const cpu0 = process.cpuUsage();
const pgPid = Number(fs.readFileSync(path.join(fs.realpathSync(path.join(dataDir, 'postgres')), 'postmaster.pid'), 'utf8').split('\n')[0]);
const pgTicks = () => { let t = 0; for (const e of fs.readdirSync('/proc')) { if (!/^\d+$/.test(e)) continue; try { const st = fs.readFileSync(`/proc/${e}/stat`, 'utf8'); const r = st.slice(st.lastIndexOf(')') + 2).split(' '); if (+e === pgPid || +r[1] === pgPid) t += +r[11] + +r[12]; } catch {} } return t; };
const pg0 = pgTicks();
let commits = 0;
const end = performance.now() + SECONDS * 1000;
await Promise.all(tripIds.map(async (id, t) => {
  const live = (await hub.open(id))!;
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(live.doc));
  const ids = orderedStops(client).map((s) => s.id);
  let i = t;
  while (performance.now() < end) {
    let update: Uint8Array | null = null;
    client.once('update', (u: Uint8Array) => (update = u));
    moveStop(client, ids[i % 10], (i * 7) % 10); i++;
    Y.applyUpdate(live.doc, update!, 'conn');
    const s = performance.now();
    await hub.persist(id, update!, { source: 'connection', connectionId: 'x', userId: owner.id });
    if (CATCHUP) await hub.catchUp(id);
    lat.push(performance.now() - s);
    commits++;
  }
}));
const cpu = process.cpuUsage(cpu0); console.log('node CPU %', ((cpu.user + cpu.system) / 1000 / (SECONDS * 10)).toFixed(0), 'PG CPU %', ((pgTicks() - pg0) / SECONDS).toFixed(0), 'CPU ms per commit node', ((cpu.user + cpu.system) / 1000 / commits).toFixed(2), 'pg', ((pgTicks() - pg0) * 10 / commits).toFixed(2));
console.log(`trips ${TRIPS} pool ${POOL} ${CATCHUP ? '+catch-up per commit' : ''}: commits/s ${(commits / SECONDS).toFixed(0)}, persist p50 ${percentile(lat, 50).toFixed(1)} p95 ${percentile(lat, 95).toFixed(1)} ms`);
await ds.destroy(); await pgdb.stop(); fs.rmSync(dataDir, { recursive: true, force: true });
