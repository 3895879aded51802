/**
 * bench:route's "Optimise route" line (issue 20): a 200-stop trip through the steps of
 * /trips/stops/optimise-route, each timed on its own: the drive matrix from the estimate router, the matrix
 * from OSRM /table (the OSRM stand-in, server/src/test/osrmStandIn.ts, through the same request and throttle
 * code as the OSRM router, at a high rate so the throttle does not wait), then the proposal's solve on each.
 * The table is asked without the router's fall-back to the estimate, so a failing stand-in fails the bench
 * rather than timing the estimate. Target: the solve under 1 s.
 */
import { createGreatCircleLegRouter } from '../server/src/providers/routing/greatCircleLegRouter.ts';
import type { RoadMatrix } from '../server/src/providers/routing/legRouter.ts';
import { OSRM_TIMEOUT_MS } from '../server/src/providers/routing/osrmRequest.ts';
import { askTable } from '../server/src/providers/routing/osrmTable.ts';
import { createOsrmThrottle } from '../server/src/providers/routing/osrmThrottle.ts';
import { proposeRoute, type ProposalStop } from '../server/src/road/routeProposal.ts';
import { seededRandom } from '../server/src/road/solver/random.ts';
import { startOsrmStandIn } from '../server/src/test/osrmStandIn.ts';

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
  const throttle = createOsrmThrottle(STAND_IN_RATE);
  const endpoint = { baseUrl: osrm.url, fetch, timeoutMs: OSRM_TIMEOUT_MS };
  const sources: [string, () => Promise<RoadMatrix>][] = [
    ['estimate router', () => createGreatCircleLegRouter().matrix(stops)],
    [`OSRM stand-in /table at ${STAND_IN_RATE}/s`, () => askTable(endpoint, stops, () => throttle.take())],
  ];
  console.log(`\nOptimise route, ${STOPS} scattered stops, first stop kept (the /trips/stops/optimise-route steps, each timed):`);
  let pass = true;
  try {
    for (const [name, fetchMatrix] of sources) {
      osrm.requests = [];
      const matrix = await timedAsync(fetchMatrix);
      const proposal = proposeRoute(stops, matrix.result, { endAtLast: false, pinnedStopIds: new Set() });
      const ok = proposal.solveMs < SOLVE_TARGET_MS;
      pass &&= ok;
      const requests = osrm.requests.length > 0 ? ` in ${osrm.requests.length} requests` : '';
      console.log(
        `${name}: matrix ${fixed(matrix.ms)} ms${requests} | solve ${fixed(proposal.solveMs)} ms | drive ${proposal.before.minutes} → ` +
          `${proposal.after.minutes} min, ${proposal.before.distanceKm} → ${proposal.after.distanceKm} km | ` +
          `${ok ? 'PASS' : 'FAIL'} (solve < 1 s)`,
      );
    }
  } finally {
    await osrm.close();
  }
  return pass;
}
