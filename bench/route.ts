/**
 * Benchmarks the route-order solver (`npm run bench:route`): on the TSPLIB instances in
 * ../shared/tsplib/ and ./tsplib/ (kroA100; closed tours, proven optima in their READMEs) the tour length, gap to
 * the optimum and CPU time of ten seeded runs on the solver's work budget (and a smaller one), beside plain nearest
 * neighbour run in the same process; the time for a random
 * 200-stop trip; and how many random trips of up to 10 stops come out in their exact best order (by
 * brute force); then a 200-stop "Optimise route" with the matrix fetch (estimate, OSRM stand-in) timed apart
 * from the solve (optimiseRoutePipeline.ts); then the time-window solver on the TSPTW instances and two
 * 200-stop trips with windows, quiet and beside a CPU hog (routeTimeWindows.ts). Targets: within 1 % of the
 * optimum in under 200 ms of CPU; 200 stops under 1 s of CPU; every small trip exact; the time-window targets in
 * routeTimeWindows.ts. CPU time, not wall: the machine is shared, and the solvers' budgets are work, not time.
 * Last, "Plan my days" on 200-stop trips with opening hours beside the planner without the clock-aware order
 * (routePlanDays.ts). `npm run bench:route -- --time-windows` / `-- --plan-days` runs only those lines.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TOUR_WORK, orderCost, solveTour } from '@caravan/engine';
import { bruteForceCost, randomCostMatrix, randomTourInstance, seededRandom } from '@caravan/engine/test';
import { benchOptimisePipeline } from './optimiseRoutePipeline.ts';
import { benchPlanDays } from './routePlanDays.ts';
import { benchTimeWindows } from './routeTimeWindows.ts';
import { readTsplib } from './tsplib.ts';

const TSPLIB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/tsplib');
/** kroA100, kept beside the bench (../shared/tsplib/ is read-only): its README says where it comes from. */
const MORE_TSPLIB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'tsplib');
const SEEDS = 10;
const SMALL_TRIPS = 500;
/** A second, smaller work budget shows how much of the default the TSPLIB tours need. */
const SHORT_WORK = 2_000_000;

/** Plain nearest neighbour from node 0, the baseline: each step to the nearest node not yet visited. */
function nearestNeighbourOrder(costs: number[][]): number[] {
  const order = [0];
  const left = new Set(costs.keys());
  left.delete(0);
  while (left.size > 0) {
    const from = costs[order[order.length - 1]];
    let nearest = -1;
    for (const node of left) if (nearest < 0 || from[node] < from[nearest]) nearest = node;
    order.push(nearest);
    left.delete(nearest);
  }
  return order;
}

/** Runs fn, returning its result with the wall-clock and CPU milliseconds it took. */
function timed<T>(fn: () => T): { result: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = fn();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Optimal lengths from the READMEs' table rows: | name.tsp | cities | optimum |, and the file each is in. */
function tsplibInstances(): Array<{ file: string; name: string; optimum: number }> {
  const instances: Array<{ file: string; name: string; optimum: number }> = [];
  for (const dir of [TSPLIB_DIR, MORE_TSPLIB_DIR]) {
    for (const match of readFileSync(path.join(dir, 'README.md'), 'utf8').matchAll(/^\|\s*(\S+)\.tsp\s*\|\s*\d+\s*\|\s*(\d+)\s*\|/gm)) {
      instances.push({ file: path.join(dir, `${match[1]}.tsp`), name: match[1], optimum: Number(match[2]) });
    }
  }
  return instances.sort((a, b) => a.name.localeCompare(b.name));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const gap = (length: number, optimum: number) => (100 * (length - optimum)) / optimum;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

const cpuModel = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? 'unknown CPU';
console.log(`machine: nproc ${os.availableParallelism()}, ${cpuModel}, node ${process.version}`);
console.log(`load average before: ${os.loadavg().map((load) => fixed(load, 2)).join(' ')}`);

function finish(allPass: boolean): void {
  console.log(`\nload average after: ${os.loadavg().map((load) => fixed(load, 2)).join(' ')}`);
  console.log(allPass ? 'all targets PASS' : 'some target FAILED');
}

if (process.argv.includes('--time-windows')) {
  finish(await benchTimeWindows());
  process.exit(0);
}
if (process.argv.includes('--plan-days')) {
  finish(benchPlanDays());
  process.exit(0);
}

// Warm the JIT on a throwaway instance so the first TSPLIB run is not charged for compiling the solver.
solveTour(randomCostMatrix(seededRandom(1), 60, true), { closed: true, maxIterations: 2000 });

let allPass = true;
for (const work of [DEFAULT_TOUR_WORK, SHORT_WORK]) {
  console.log(`\nTSPLIB closed tours, ${SEEDS} seeds each, work budget ${work / 1e6}M units${work === DEFAULT_TOUR_WORK ? ' (the default)' : ''}:`);
  for (const { file, name, optimum } of tsplibInstances()) {
    const built = timed(() => readTsplib(file));
    const { distances } = built.result;
    const runs = Array.from({ length: SEEDS }, (_, k) => timed(() => solveTour(distances, { closed: true, seed: k + 1, workBudget: work })));
    const lengths = runs.map((run) => run.result.cost);
    const baseline = timed(() => orderCost(distances, nearestNeighbourOrder(distances), true));
    const worstGap = gap(Math.max(...lengths), optimum);
    const mostCpu = Math.max(...runs.map((run) => run.cpuMs));
    const pass = worstGap <= 1 && mostCpu < 200;
    if (work === DEFAULT_TOUR_WORK) allPass &&= pass;
    const unitsPerMs = runs.reduce((sum, run) => sum + run.result.work, 0) / runs.reduce((sum, run) => sum + run.cpuMs, 0);
    console.log(
      `${name.padEnd(9)} n=${distances.length} matrix ${fixed(built.ms)} ms | ours: length best/median/worst ` +
        `${Math.min(...lengths)}/${median(lengths)}/${Math.max(...lengths)}, optimum ${optimum}, worst gap ${fixed(worstGap, 2)} %, ` +
        `optimum hit ${lengths.filter((length) => length === optimum).length}/${SEEDS}, cpu median/max ${fixed(median(runs.map((run) => run.cpuMs)))}/${fixed(mostCpu)} ms ` +
        `(wall max ${fixed(Math.max(...runs.map((run) => run.ms)))} ms, ${fixed(unitsPerMs / 1000)}k units per ms of cpu) | nearest neighbour: ${baseline.result}, gap ${fixed(gap(baseline.result, optimum), 2)} %, ` +
        `${fixed(baseline.ms, 2)} ms | ${pass ? 'PASS' : 'FAIL'} (≤ 1 %, < 200 ms of cpu)`,
    );
  }
}

console.log('\nRandom 200-stop trips (asymmetric drive-time-like costs, open path from stop 0, default budget):');
for (const seed of [1, 2, 3]) {
  const costs = randomCostMatrix(seededRandom(seed), 200, false);
  const run = timed(() => solveTour(costs));
  const baseline = orderCost(costs, nearestNeighbourOrder(costs), false);
  const pass = run.cpuMs < 1000;
  allPass &&= pass;
  console.log(
    `seed ${seed}: cpu ${fixed(run.cpuMs)} ms (wall ${fixed(run.ms)} ms), cost ${run.result.cost} vs nearest neighbour ${baseline} ` +
      `(${fixed(gap(run.result.cost, baseline), 1)} %) | ${pass ? 'PASS' : 'FAIL'} (< 1 s of cpu)`,
  );
}

const random = seededRandom(20261125);
let exact = 0;
let slowestSmall = 0;
const checked = timed(() => {
  for (let trial = 0; trial < SMALL_TRIPS; trial++) {
    const { costs, options } = randomTourInstance(random, 10);
    const run = timed(() => solveTour(costs, options));
    slowestSmall = Math.max(slowestSmall, run.ms);
    if (run.result.cost === bruteForceCost(costs, options)) exact++;
  }
});
allPass &&= exact === SMALL_TRIPS;
console.log(
  `\nRandom trips of 1–10 stops (symmetric or not, open or closed, first/last/pinned stops): ${exact}/${SMALL_TRIPS} equal the ` +
    `brute-force optimum; slowest solve ${fixed(slowestSmall, 2)} ms; check took ${fixed(checked.ms / 1000)} s | ` +
    `${exact === SMALL_TRIPS ? 'PASS' : 'FAIL'}`,
);
// Every part runs whatever an earlier one gave (`&&=` would skip them once a target failed).
allPass = (await benchOptimisePipeline()) && allPass;
allPass = (await benchTimeWindows()) && allPass;
allPass = benchPlanDays() && allPass;
finish(allPass);
