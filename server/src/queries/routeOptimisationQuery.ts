/**
 * /trips/stops/optimise-route (docs/product.md#optimise-route): the stop order with the least total drive time,
 * proposed and not written; the client applies it to the live document as one undoable change. Reads the stops
 * projection (every committed stop, no lock on the document), asks the road router for the drives between the located
 * stops (OSRM /table when configured: network calls, made here) and leaves the CPU work (the estimate matrix
 * when there is no OSRM answer, and the solve: engine/src/road/routeProposalTask.ts) to the worker pool.
 */
import type { DataSource } from 'typeorm';
import { messages, type TOptimiseRouteRequest, type TOptimiseRouteResponse } from '@caravan/shared';
import { AppError, type LegRouter, locatedStops, matrixBuffers, packMatrix, type ProposalStop } from '@caravan/engine';
import type { HeavyWork, RunHeavyTask } from '../heavyWork/heavyWork.ts';

export interface RouteOptimisationDeps {
  dataSource: DataSource;
  roads: LegRouter;
  heavyWork: HeavyWork;
}

/** Timings are for people and the bench: a tenth of a millisecond is plenty. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

export function routeOptimisationQuery(
  deps: RouteOptimisationDeps,
  userId: number,
  request: TOptimiseRouteRequest,
): Promise<TOptimiseRouteResponse> {
  return deps.heavyWork.forUser(userId, (run) => proposedOrder(deps, run, request));
}

async function proposedOrder(
  { dataSource, roads }: RouteOptimisationDeps,
  run: RunHeavyTask,
  { tripId, endAtLast, pinnedStopIds }: TOptimiseRouteRequest,
): Promise<TOptimiseRouteResponse> {
  // Plain rows, as they cross to a worker thread; a thousand TypeORM entities would also cost the request loop tens of ms.
  const stops: ProposalStop[] = await dataSource.query(
    `SELECT id, latitude, longitude, visited FROM stops WHERE trip_id = $1 ORDER BY stop_order, pos, id`,
    [tripId],
  );
  const stopIds = new Set(stops.map((stop) => stop.id));
  if (pinnedStopIds.some((id) => !stopIds.has(id))) throw new AppError('validation', messages.routeOptimisation.unknownPinnedStop);

  const fromOrder = stops.map((stop) => stop.id);
  const located = locatedStops(stops);
  if (located.length < 2) {
    const none = { minutes: 0, distanceKm: 0 };
    return { fromOrder, order: fromOrder, before: none, after: none, source: null, timings: { matrixMs: 0, solveMs: 0 } };
  }

  const started = performance.now();
  const asked = await roads.matrix(located);
  const askedMs = performance.now() - started;
  const matrix = asked && packMatrix(asked);
  const proposal = await run('proposeRoute', { stops, matrix, endAtLast, pinnedStopIds }, matrix ? matrixBuffers(matrix) : []);
  return {
    fromOrder,
    order: proposal.order,
    before: proposal.before,
    after: proposal.after,
    source: proposal.source,
    timings: { matrixMs: tenths(askedMs + proposal.matrixMs), solveMs: tenths(proposal.solveMs) },
  };
}
