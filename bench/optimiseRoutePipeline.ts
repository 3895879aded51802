/**
 * bench:route's "Optimise route" line: a 200-stop trip through the steps of
 * /trips/stops/optimise-route, each timed on its own: the drive matrix from the road router as the server
 * builds it, without OSRM (the estimate) and with OSRM_URL pointing at the OSRM stand-in
 * (engine/src/test/osrmStandIn.ts, /table at a high rate so the throttle does not wait; its pace kept in an
 * embedded PostgreSQL, as the server's is), then the proposal's solve on each. The router falls back to the estimate when OSRM fails: the bench fails then
 * rather than time the estimate twice. Target: the solve under 1 s of CPU.
 */
import {
  createDataSource,
  createLegRouter,
  estimatedMatrix,
  type LegRouter,
  type ProposalStop,
  proposeRoute,
} from '@caravan/engine';
import { seededRandom, startOsrmStandIn } from '@caravan/engine/test';
import { startBenchDatabase } from './benchDatabase.ts';

const STOPS = 200;
/** Requests per second for the stand-in: the four 100 × 100 blocks never wait for the throttle. */
const STAND_IN_RATE = 1000;
const SOLVE_TARGET_MS = 1000;

/** 200 stops scattered over the contiguous United States, in a random (scrambled) order. */
function scatteredStops(seed: number): ProposalStop[] {
  const random = seededRandom(seed);
  return Array.from({ length: STOPS }, (_, index) => ({
    id: `stop-${index}`,
    latitude: 30 + random() * 18,
    longitude: -122 + random() * 50,
    visited: false,
  }));
}

async function timedAsync<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
}

const fixed = (value: number) => value.toFixed(1);

/** Prints the line per matrix source; true when every solve met the target. */
export async function benchOptimisePipeline(): Promise<boolean> {
  const stops = scatteredStops(20);
  const osrm = await startOsrmStandIn();
  // matrix() never reads the leg cache; the throttle keeps its pace in the database (engine/src/remote/sharedPacing.ts).
  const database = await startBenchDatabase('caravan-bench-route-');
  const dataSource = await createDataSource(database.url, 2).initialize();
  const router = (osrmUrl: string | undefined): LegRouter => createLegRouter({ osrmUrl, osrmRequestsPerSecond: STAND_IN_RATE }, dataSource);
  const sources: [string, LegRouter][] = [
    ['estimate router', router(undefined)],
    [`OSRM stand-in /table at ${STAND_IN_RATE}/s`, router(osrm.url)],
  ];
  console.log(`\nOptimise route, ${STOPS} scattered stops, first stop kept (the /trips/stops/optimise-route steps, each timed):`);
  let pass = true;
  try {
    for (const [name, roads] of sources) {
      osrm.requests = [];
      // No matrix from the router (no OSRM, or OSRM failed): the server's worker makes the estimate.
      const matrix = await timedAsync(async () => (await roads.matrix(stops)) ?? estimatedMatrix(stops));
      const cpu = process.cpuUsage();
      const proposal = proposeRoute(stops, matrix.result, { endAtLast: false, pinnedStopIds: new Set() });
      const used = process.cpuUsage(cpu);
      const solveCpuMs = (used.user + used.system) / 1000;
      // CPU, not wall: the machine is shared, and the solver's budget is work, so its wall time is the machine's load.
      const ok = solveCpuMs < SOLVE_TARGET_MS && matrix.result.source === roads.provider;
      pass &&= ok;
      const requests = osrm.requests.length > 0 ? ` in ${osrm.requests.length} requests` : '';
      console.log(
        `${name}: matrix ${fixed(matrix.ms)} ms${requests} | solve cpu ${fixed(solveCpuMs)} ms (wall ${fixed(proposal.solveMs)} ms) | drive ${proposal.before.minutes} → ` +
          `${proposal.after.minutes} min, ${proposal.before.distanceKm} → ${proposal.after.distanceKm} km | ` +
          `${matrix.result.source} | ${ok ? 'PASS' : 'FAIL'} (solve < 1 s of cpu, from ${roads.provider})`,
      );
    }
  } finally {
    await osrm.close();
    await dataSource.destroy();
    await database.stop();
  }
  return pass;
}
