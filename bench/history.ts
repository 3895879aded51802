/**
 * Benchmarks a trip's history (`npm run bench:history`, docs/product.md#trip-history): an embedded PostgreSQL in a
 * temp folder and the real API server in this process; a 500-stop trip edited 10,000 times by three members through
 * the engine's write path (moves, renames, field edits, adds and removes, expenses; the drive legs made current after
 * each, as between members' edits seconds apart), a version taken every 10 edits
 * as the sweep takes them (1,000 versions), each summarised after it as the sweep does. Measured: taking a version
 * (its transaction under the trip's lock; the summary after it separately), listing 1,000 versions, reading one,
 * diffing two (each through its REST call), a restore end to end until another process holding the trip (a second
 * TripDocHub on the log's NOTIFY, as a collab server does) shows it, and the history's storage against the live
 * document's, beside a baseline of a full document copy per version (its size, the time to encode one and to read
 * one back). Each REST figure after three warm-up calls (the pool's threads started). Touches no network beyond the
 * loopback. Read and diff are timed warm (states of versions read before kept in memory, as a server browsing a trip
 * keeps them) and cold (none kept).
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import * as Y from 'yjs';
import { startBenchDatabase } from './benchDatabase.ts';
import { machine } from './processes.ts';

const STOPS = 500;
const EDITS = Number(process.env.BENCH_EDITS ?? 10_000);
const EDITS_PER_VERSION = 10;
const SAMPLES = 20;
const RESTORES = 10;

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const line = (label: string, values: number[], target?: number) =>
  `${label.padEnd(46)} n ${String(values.length).padStart(5)}  p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(values, 95).toFixed(1).padStart(7)} ms  max ${Math.max(...values).toFixed(1).padStart(7)} ms` +
  (target === undefined ? '' : `  target ≤ ${target} ms  ${verdict(percentile(values, 95) <= target)}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const { createLogger, loadConfig, serverOrigin, takeVersion, TripDocHub, TRIP_DOC_CHANNEL } = await import('@caravan/engine');
  const shared = await import('@caravan/shared');
  const { addStop, appendStops, applyKeyWrites, deleteStop, moveStop, orderedStops, updateStop, contractStops } = shared;
  const { addExpense } = shared.moneyWrites;
  const { startServer, summariseVersion, versionStates } = await import('@caravan/server');
  const { addMember, buildTrip, buildUser, createApi } = await import('@caravan/server/test');

  console.log(`machine: ${machine()}`);
  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const database = await startBenchDatabase('caravan-bench-history-');
  const config = { ...loadConfig({ PROVIDERS: 'offline' }), port: 0, host: '127.0.0.1', dataDir: database.dataDir, historySweep: false };
  const server = await startServer(config, database.url, createLogger('silent'));
  const listener = new pg.Client({ connectionString: database.url });
  let other: InstanceType<typeof TripDocHub> | undefined;
  try {
    const { dataSource, tripDocs } = server.deps;
    const api = createApi(server);
    const [owner, editor, member] = [await buildUser(dataSource, { displayName: 'Ana' }), await buildUser(dataSource, { displayName: 'Ben' }), await buildUser(dataSource, { displayName: 'Cy' })];
    const trip = await buildTrip(dataSource, owner, { title: 'History Loop' });
    await addMember(dataSource, trip, editor, 'editor');
    await addMember(dataSource, trip, member, 'editor');
    const people = [owner, editor, member];
    const next = random(20261202);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];

    await tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() => appendStops(doc, Array.from({ length: STOPS }, (_, i) => ({ id: randomUUID(), fields: { name: `Stop ${i}`, latitude: 35 + next() * 10, longitude: -75 - next() * 45 } })))),
    );

    const takeTimes: number[] = [];
    const summaryTimes: number[] = [];
    const baselineEncodeTimes: number[] = [];
    let baselineBytes = 0;
    const versionIds: bigint[] = [];
    const started = Date.now();
    for (let edit = 1; edit <= EDITS; edit++) {
      const who = pick(people);
      await tripDocs.write(trip.id, serverOrigin(who.id), ({ doc, transact }) => {
        const stops = orderedStops(doc);
        const roll = next();
        transact(() => {
          if (roll < 0.3) updateStop(doc, pick(stops).id, { name: `Stop ${edit}` });
          else if (roll < 0.55) updateStop(doc, pick(stops).id, { notes: `Note ${edit}: ${'x'.repeat(Math.floor(next() * 60))}` });
          else if (roll < 0.75) moveStop(doc, pick(stops).id, Math.floor(next() * stops.length));
          else if (roll < 0.85) {
            if (stops.length > STOPS || (stops.length >= STOPS && next() < 0.5)) deleteStop(doc, pick(stops.slice(1)).id);
            else addStop(doc, randomUUID(), { name: `Added ${edit}`, latitude: 40, longitude: -100 }, Math.floor(next() * stops.length));
          } else {
            applyKeyWrites(
              doc,
              addExpense(doc, randomUUID(), { description: `Fuel ${edit}`, amount: 1000 + edit, currency: 'EUR', paidBy: who.id, date: '2026-07-01', category: 'fuel', stopId: null, receiptPhoto: null, split: { kind: 'equal', parts: people.map((p) => ({ userId: p.id, value: 1 })) }, rate: null }, { userId: who.id, now: new Date() }),
            );
          }
        });
      });
      // Members edit seconds apart, so the legs follow each edit before the next (the keeper's debounce would
      // otherwise decide by this machine's speed how often they are written, and so the history's size).
      await server.deps.legs.settle();
      if (edit % EDITS_PER_VERSION === 0) {
        const t0 = performance.now();
        const taken = await dataSource.transaction((manager) => takeVersion(manager, trip.id, { kind: 'auto' }));
        takeTimes.push(performance.now() - t0);
        versionIds.push(taken!.version.id);
        const t1 = performance.now();
        await summariseVersion(dataSource, trip.id, taken!.version.id);
        summaryTimes.push(performance.now() - t1);
        // The baseline: a full copy of the document per version.
        const live = (await tripDocs.open(trip.id))!.doc;
        const t2 = performance.now();
        baselineBytes += Y.encodeStateAsUpdate(live).byteLength;
        baselineEncodeTimes.push(performance.now() - t2);
      }
      if (edit % 2000 === 0) console.log(`  ${edit} edits, ${versionIds.length} versions, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }

    const post = async (path: string, body: object) => {
      const t0 = performance.now();
      const response = await api.post(path, { tripId: trip.id, ...body }, { as: owner });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return { ms: performance.now() - t0, body: response.body };
    };
    // Warm-up, as the other benches do: the worker pool's threads start, the statements are prepared.
    for (let i = 0; i < 3; i++) {
      await post('/trips/history', { limit: 1000 });
      await post('/trips/history/version', { versionId: pick(versionIds).toString() });
      await post('/trips/history/diff', { fromVersionId: versionIds[0].toString(), toVersionId: pick(versionIds).toString() });
    }
    const listTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const { ms, body } = await post('/trips/history', { limit: 1000 });
      if (body.versions.length !== Math.min(1000, versionIds.length)) throw new Error(`listed ${body.versions.length}`);
      listTimes.push(ms);
    }
    const readTimes: number[] = [];
    const baselineReadTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const id = pick(versionIds);
      readTimes.push((await post('/trips/history/version', { versionId: id.toString() })).ms);
    }
    const fullState = Y.encodeStateAsUpdate((await tripDocs.open(trip.id))!.doc);
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const doc = new Y.Doc();
      Y.applyUpdate(doc, fullState);
      contractStops(doc);
      baselineReadTimes.push(performance.now() - t0);
      doc.destroy();
    }
    const diffTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const a = pick(versionIds);
      const b = i % 2 ? pick(versionIds) : a + 1n > versionIds.at(-1)! ? a : versionIds[versionIds.indexOf(a) + 1];
      diffTimes.push((await post('/trips/history/diff', { fromVersionId: (a < b ? a : b).toString(), toVersionId: (a < b ? b : a).toString() })).ms);
    }
    const diffNowTimes: number[] = [];
    for (let i = 0; i < SAMPLES / 2; i++) diffNowTimes.push((await post('/trips/history/diff', { fromVersionId: pick(versionIds).toString() })).ms);
    // Cold: no version's state kept in memory (a server just started, or a trip nobody browsed lately).
    const [coldReadTimes, coldDiffTimes, coldDiffNowTimes] = [[], [], []] as number[][];
    for (let i = 0; i < SAMPLES / 2; i++) {
      versionStates.clear();
      coldReadTimes.push((await post('/trips/history/version', { versionId: pick(versionIds).toString() })).ms);
      versionStates.clear();
      const [a, b] = [pick(versionIds), pick(versionIds)];
      coldDiffTimes.push((await post('/trips/history/diff', { fromVersionId: (a < b ? a : b).toString(), toVersionId: (a < b ? b : a).toString() })).ms);
      versionStates.clear();
      coldDiffNowTimes.push((await post('/trips/history/diff', { fromVersionId: pick(versionIds).toString() })).ms);
    }

    // Another process holding the trip: it catches up on each NOTIFY, as a collab server does.
    other = new TripDocHub(dataSource, createLogger('silent'));
    const otherDoc = (await other.open(trip.id))!.doc;
    await listener.connect();
    let seen: (() => void) | null = null;
    let expected = '';
    listener.on('notification', (message) => {
      const [tripId, id] = (message.payload ?? '').split(':');
      void other!.catchUp(tripId, BigInt(id)).then(() => {
        if (seen && orderedStops(otherDoc).map((stop) => stop.name).join('|') === expected) seen();
      });
    });
    await listener.query(`LISTEN ${TRIP_DOC_CHANNEL}`);
    const restoreTimes: number[] = [];
    const restore = async (versionId: string): Promise<string> => {
      const read = (await post('/trips/history/version', { versionId })).body;
      expected = read.stops.map((stop: { name: string }) => stop.name).join('|');
      const t0 = performance.now();
      const shown = new Promise<void>((resolve) => (seen = resolve));
      const { body } = await post('/trips/history/restore', { versionId });
      await shown;
      seen = null;
      restoreTimes.push(performance.now() - t0);
      return body.before.id;
    };
    for (let i = 0; i < RESTORES; i++) {
      // A version from the later half, then its Undo (restoring the version the restore answered).
      const before = await restore(versionIds[Math.floor(versionIds.length * (0.5 + next() * 0.45))].toString());
      await restore(before);
    }

    await tripDocs.compactNow(trip.id);
    const [sizes] = await dataSource.query(
      `SELECT (SELECT octet_length(state) FROM trip_docs WHERE trip_id = $1) AS live,
              (SELECT octet_length(base) FROM trip_history WHERE trip_id = $1) AS base,
              (SELECT coalesce(sum(octet_length(chunk)), 0) FROM trip_versions WHERE trip_id = $1) AS chunks,
              (SELECT coalesce(sum(octet_length(checkpoint)), 0) FROM trip_versions WHERE trip_id = $1) AS checkpoints,
              (SELECT count(checkpoint) FROM trip_versions WHERE trip_id = $1) AS checkpoint_count,
              (SELECT count(*) FROM trip_versions WHERE trip_id = $1) AS versions,
              (SELECT coalesce(sum(octet_length(update)), 0) FROM trip_doc_updates WHERE trip_id = $1) AS log`,
      [trip.id],
    );
    const history = Number(sizes.base) + Number(sizes.chunks) + Number(sizes.checkpoints);
    const live = Number(sizes.live);

    console.log(`\n${EDITS} edits on a ${STOPS}-stop trip by 3 members, ${versionIds.length} versions (one per ${EDITS_PER_VERSION} edits); ${sizes.versions} stored`);
    console.log(line('take a version (under the trip lock)', takeTimes, 20));
    console.log(line('  its summary, after (off the commit path)', summaryTimes));
    console.log(line('  baseline: encode a full copy', baselineEncodeTimes));
    console.log(line('list 1,000 versions (REST)', listTimes, 50));
    console.log(line('read a version (REST)', readTimes, 200));
    console.log(line('  baseline: decode a full copy', baselineReadTimes));
    console.log(line('diff two versions (REST)', diffTimes, 200));
    console.log(line('diff a version with now (REST)', diffNowTimes, 200));
    console.log(line('read a version, cold (REST)', coldReadTimes, 200));
    console.log(line('diff two versions, cold (REST)', coldDiffTimes, 200));
    console.log(line('diff a version with now, cold (REST)', coldDiffNowTimes, 200));
    console.log(line('restore, until another process shows it', restoreTimes, 1000));
    const ratio = history / live;
    console.log(`storage: live document ${kb(live)}, history ${kb(history)} (base ${kb(Number(sizes.base))} + chunks ${kb(Number(sizes.chunks))} + ${sizes.checkpoint_count} checkpoints ${kb(Number(sizes.checkpoints))}) = ${ratio.toFixed(2)}× live, target ≤ 2×  ${verdict(ratio <= 2)}`);
    console.log(`  baseline: a full copy per version ${kb(baselineBytes)} = ${(baselineBytes / live).toFixed(1)}× live; log rows left ${kb(Number(sizes.log))}`);
    console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  } finally {
    await listener.end().catch(() => undefined);
    if (other) other.unload((await server.deps.dataSource.query(`SELECT id FROM trips LIMIT 1`))[0]?.id ?? '');
    await server.close();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
