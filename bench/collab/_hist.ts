import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { addStop, moveStop, stopsMap } from '../../shared/src/tripDoc/index.ts';
import { percentile } from './stats.ts';
const server = new Y.Doc();
for (let i = 0; i < 10; i++) addStop(server, randomUUID(), { name: 'Stop ' + i, latitude: 40, longitude: -100 });
const clients = Array.from({ length: 5 }, () => { const d = new Y.Doc(); Y.applyUpdate(d, Y.encodeStateAsUpdate(server)); return d; });
const log: Uint8Array[] = [];
let seed = 7; const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
let batch: Uint8Array[] = [];
for (let m = 0; m < 10000; m++) {
  const c = clients[m % 5];
  const ids = [...stopsMap(c).keys()];
  let u: Uint8Array | null = null;
  const h = (x: Uint8Array) => (u = x);
  c.on('update', h); moveStop(c, ids[Math.floor(rnd() * 10)], Math.floor(rnd() * 10)); c.off('update', h);
  Y.applyUpdate(server, u!);
  for (const o of clients) if (o !== c) Y.applyUpdate(o, u!);
  batch.push(u!);
  if (batch.length >= 25) { log.push(Y.mergeUpdates(batch)); batch = []; }
}
const v1 = Y.encodeStateAsUpdate(server);
const v2 = Y.encodeStateAsUpdateV2(server);
console.log('V1 bytes', v1.length, 'V2 bytes', v2.length, 'items', (() => { let n = 0; server.store.clients.forEach((s) => (n += s.length)); return n; })());
const time = (f: () => void, n = 30) => { const t: number[] = []; for (let i = 0; i < n; i++) { const s = performance.now(); f(); t.push(performance.now() - s); } return percentile(t, 50).toFixed(2) + ' ms'; };
console.log('apply V1 into fresh doc', time(() => Y.applyUpdate(new Y.Doc(), v1)));
console.log('apply V2 into fresh doc', time(() => Y.applyUpdateV2(new Y.Doc(), v2)));
console.log('encode V1', time(() => Y.encodeStateAsUpdate(server)), 'encode V2', time(() => Y.encodeStateAsUpdateV2(server)));
const rows = log.slice(-94);
const snap = Y.encodeStateAsUpdate((() => { const d = new Y.Doc(); for (const r of log.slice(0, -94)) Y.applyUpdate(d, r); return d; })());
console.log('snapshot+94 rows: individually', time(() => { const d = new Y.Doc(); Y.applyUpdate(d, snap); for (const r of rows) Y.applyUpdate(d, r); }));
console.log('snapshot+94 rows: merged first', time(() => { const d = new Y.Doc(); Y.applyUpdate(d, Y.mergeUpdates([snap, ...rows])); }));
console.log('snapshot+94 rows: one transaction', time(() => { const d = new Y.Doc(); d.transact(() => { Y.applyUpdate(d, snap); for (const r of rows) Y.applyUpdate(d, r); }); }));
console.log('mergeUpdates only', time(() => Y.mergeUpdates([snap, ...rows])));
// diff for a client that has nothing
console.log('syncStep2 for empty client (encodeStateAsUpdate with empty sv)', time(() => Y.encodeStateAsUpdate(server, Y.encodeStateVector(new Y.Doc()))));
{
  const d = new Y.Doc(); Y.applyUpdate(d, snap);
  const t: number[] = [];
  for (const r of rows) { const s = performance.now(); Y.applyUpdate(d, r); t.push(performance.now() - s); }
  console.log('per row ms: first 5', t.slice(0, 5).map((x) => x.toFixed(1)).join(' '), 'median', percentile(t, 50).toFixed(2), 'max', Math.max(...t).toFixed(1), 'pending?', d.store.pendingStructs !== null, 'docsize', Y.encodeStateAsUpdate(d).length);
  const d2 = new Y.Doc(); const t2: number[] = [];
  for (const r of log) { const s = performance.now(); Y.applyUpdate(d2, r); t2.push(performance.now() - s); }
  console.log('all 400 rows from empty: total', t2.reduce((a, b) => a + b).toFixed(0), 'ms, median', percentile(t2, 50).toFixed(2));
}
