/**
 * Benchmarks the route-order solver (`npm run bench:route`): on the TSPLIB instances in
 * ../shared/tsplib/ (closed tours, proven optima in its README) the tour length, gap to the optimum and
 * time of ten seeded runs, beside plain nearest neighbour run in the same process; the time for a random
 * 200-stop trip; and how many random trips of up to 10 stops come out in their exact best order (by
 * brute force); then a 200-stop "Optimise route" with the matrix fetch (estimate, OSRM stand-in) timed apart
 * from the solve (optimiseRoutePipeline.ts); then the time-window solver on the TSPTW instances and two
 * 200-stop trips with windows (routeTimeWindows.ts). Targets: within 1 % of the optimum in under 200 ms;
 * 200 stops under 1 s; every small trip exact; the time-window targets in routeTimeWindows.ts.
 * Last, "Plan my days" on 200-stop trips with opening hours beside the planner without the clock-aware order
 * (routePlanDays.ts). `npm run bench:route -- --time-windows` / `-- --plan-days` runs only those lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIME_BUDGET_MS, orderCost, solveTour } from '@caravan/engine';
import { bruteForceCost, randomCostMatrix, randomTourInstance, seededRandom } from '@caravan/engine/test';
import { benchOptimisePipeline } from './optimiseRoutePipeline.ts';
import { benchPlanDays } from './routePlanDays.ts';
import { benchTimeWindows } from './routeTimeWindows.ts';
import { readTsplib } from './tsplib.ts';

const TSPLIB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/tsplib');
const SEEDS = 10;
const SMALL_TRIPS = 500;
/** A second, shorter budget shows how much of the default the TSPLIB tours need. */
const SHORT_BUDGET_MS = 30;

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

/** Optimal lengths from the README's table rows: | name.tsp | cities | optimum |. */
function optimaFromReadme(): Map<string, number> {
  const optima = new Map<string, number>();
  for (const match of readFileSync(path.join(TSPLIB_DIR, 'README.md'), 'utf8').matchAll(/^\|\s*(\S+)\.tsp\s*\|\s*\d+\s*\|\s*(\d+)\s*\|/gm)) {
    optima.set(match[1], Number(match[2]));
  }
  return optima;
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
  finish(benchTimeWindows());
  process.exit(0);
}
if (process.argv.includes('--plan-days')) {
  finish(benchPlanDays());
  process.exit(0);
}

// Warm the JIT on a throwaway instance so the first TSPLIB run is not charged for compiling the solver.
solveTour(randomCostMatrix(seededRandom(1), 60, true), { closed: true, maxIterations: 2000 });

let allPass = true;
const optima = optimaFromReadme();
for (const budgetMs of [DEFAULT_TIME_BUDGET_MS, SHORT_BUDGET_MS]) {
  console.log(`\nTSPLIB closed tours, ${SEEDS} seeds each, ${budgetMs} ms budget${budgetMs === DEFAULT_TIME_BUDGET_MS ? ' (the default)' : ''}:`);
  for (const file of readdirSync(TSPLIB_DIR).filter((name) => name.endsWith('.tsp')).sort()) {
    const built = timed(() => readTsplib(path.join(TSPLIB_DIR, file)));
    const { name, distances } = built.result;
    const optimum = optima.get(name);
    if (optimum === undefined) throw new Error(`${file}: no optimum in ${TSPLIB_DIR}/README.md`);
    const runs = Array.from({ length: SEEDS }, (_, k) => timed(() => solveTour(distances, { closed: true, seed: k + 1, timeBudgetMs: budgetMs })));
    const lengths = runs.map((run) => run.result.cost);
    const baseline = timed(() => orderCost(distances, nearestNeighbourOrder(distances), true));
    const worstGap = gap(Math.max(...lengths), optimum);
    const slowest = Math.max(...runs.map((run) => run.ms));
    const pass = worstGap <= 1 && slowest < 200;
    if (budgetMs === DEFAULT_TIME_BUDGET_MS) allPass &&= pass;
    console.log(
      `${name.padEnd(9)} n=${distances.length} matrix ${fixed(built.ms)} ms | ours: length best/median/worst ` +
        `${Math.min(...lengths)}/${median(lengths)}/${Math.max(...lengths)}, optimum ${optimum}, worst gap ${fixed(worstGap, 2)} %, ` +
        `optimum hit ${lengths.filter((length) => length === optimum).length}/${SEEDS}, time median/max ${fixed(median(runs.map((run) => run.ms)))}/${fixed(slowest)} ms ` +
        `(cpu median ${fixed(median(runs.map((run) => run.cpuMs)))} ms) | nearest neighbour: ${baseline.result}, gap ${fixed(gap(baseline.result, optimum), 2)} %, ` +
        `${fixed(baseline.ms, 2)} ms | ${pass ? 'PASS' : 'FAIL'} (≤ 1 %, < 200 ms)`,
    );
  }
}

console.log('\nRandom 200-stop trips (asymmetric drive-time-like costs, open path from stop 0, default budget):');
for (const seed of [1, 2, 3]) {
  const costs = randomCostMatrix(seededRandom(seed), 200, false);
  const run = timed(() => solveTour(costs));
  const baseline = orderCost(costs, nearestNeighbourOrder(costs), false);
  const pass = run.ms < 1000;
  allPass &&= pass;
  console.log(
    `seed ${seed}: ${fixed(run.ms)} ms (cpu ${fixed(run.cpuMs)} ms), cost ${run.result.cost} vs nearest neighbour ${baseline} ` +
      `(${fixed(gap(run.result.cost, baseline), 1)} %) | ${pass ? 'PASS' : 'FAIL'} (< 1 s)`,
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
allPass &&= await benchOptimisePipeline();
allPass &&= benchTimeWindows();
allPass &&= benchPlanDays();
finish(allPass);
