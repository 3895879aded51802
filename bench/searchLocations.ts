/**
 * Benchmarks the offline gazetteer (`npm run bench:search`): load time, then per-query latency over
 * ~2,000 type-ahead queries, against a naive linear scan of every name run in the same process.
 */
import os from 'node:os';
import { addressOf, loadGazetteer, searchGazetteer } from '@caravan/server';

const QUERY_COUNT = 2000;
const WARMUP_ROUNDS = 2;

/** Deterministic so runs compare (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarise(label: string, timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const mean = timings.reduce((sum, ms) => sum + ms, 0) / timings.length;
  const figures = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1], mean };
  console.log(
    `${label.padEnd(26)} ` +
      Object.entries(figures)
        .map(([name, ms]) => `${name} ${ms.toFixed(3)} ms`)
        .join('  '),
  );
  return figures;
}

const loadStart = performance.now();
const index = loadGazetteer();
const loadMs = performance.now() - loadStart;
const heapMb = process.memoryUsage().heapUsed / 2 ** 20;

const coldStart = performance.now();
searchGazetteer(index, 'portland, or');
const coldMs = performance.now() - coldStart;

// Queries people type: prefixes of real names (3–8 characters, biased to towns people drive to),
// whole names, and names followed by a state or country.
const next = random(20261122);
const towns = index.cities.filter((city) => city.population >= 5000);
const pick = () => towns[Math.floor(next() * towns.length)];
const queries: string[] = [];
while (queries.length < QUERY_COUNT) {
  const city = pick();
  const kind = next();
  if (kind < 0.6) {
    const length = 3 + Math.floor(next() * 6);
    queries.push(city.name.slice(0, length));
  } else if (kind < 0.75) {
    queries.push(city.name);
  } else {
    const [name, ...region] = addressOf(city).split(', ');
    const qualifier = region[0];
    queries.push(next() < 0.5 ? `${name}, ${qualifier}` : `${name.toLowerCase()} ${qualifier.toLowerCase()}`);
  }
}

const lowerNames = index.cities.map((city) => city.name.toLowerCase());
function naiveSearch(query: string) {
  const needle = query.toLowerCase();
  const matches: number[] = [];
  for (let place = 0; place < lowerNames.length; place++) if (lowerNames[place].includes(needle)) matches.push(place);
  matches.sort((a, b) => index.cities[b].population - index.cities[a].population);
  return matches.slice(0, 10);
}

function time(run: (query: string) => unknown): number[] {
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const query of queries.slice(0, 200)) run(query);
  return queries.map((query) => {
    const start = performance.now();
    run(query);
    return performance.now() - start;
  });
}

let empty = 0;
const indexed = time((query) => {
  const results = searchGazetteer(index, query);
  if (results.length === 0) empty++;
  return results;
});
const naive = time(naiveSearch);

console.log(`machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}`);
console.log(`places: ${index.cities.length.toLocaleString('en')}`);
console.log(`first load (decode + index): ${loadMs.toFixed(0)} ms, heap after load ${heapMb.toFixed(0)} MB; first query: ${coldMs.toFixed(2)} ms`);
console.log(`queries: ${queries.length} (e.g. ${queries.slice(0, 6).map((query) => JSON.stringify(query)).join(', ')})`);
console.log(`queries with no result (indexed): ${empty}`);
const fast = summarise('indexed gazetteer', indexed);
const slow = summarise('naive scan + sort', naive);
const slowest = indexed
  .map((ms, at) => ({ ms, query: queries[at] }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 5);
console.log(`slowest indexed: ${slowest.map(({ ms, query }) => `${JSON.stringify(query)} ${ms.toFixed(2)} ms`).join(', ')}`);
console.log(`speed-up: p50 ×${(slow.p50 / fast.p50).toFixed(0)}, p95 ×${(slow.p95 / fast.p95).toFixed(0)}, mean ×${(slow.mean / fast.mean).toFixed(0)}`);
