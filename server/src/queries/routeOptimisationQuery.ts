/**
 * /trips/stops/optimise-route (issue 20): the stop order with the least total drive time, proposed and not
 * written; the client applies it to the live document as one undoable change. Reads the stops projection
 * (every committed stop, no lock on the document), measures the drives between the located stops with the
 * road router (OSRM /table when configured, the estimate otherwise) and solves the order (road/routeProposal.ts).
 */
import type { DataSource } from 'typeorm';
import { messages, type TOptimiseRouteRequest, type TOptimiseRouteResponse } from '@caravan/shared';
import { StopEntity } from '../entities/stop.ts';
import { AppError } from '../lib/appError.ts';
import type { LegRouter } from '../providers/routing/legRouter.ts';
import { locatedStops, proposeRoute, type ProposalStop } from '../road/routeProposal.ts';

export interface RouteOptimisationDeps {
  dataSource: DataSource;
  roads: LegRouter;
}

/** Timings are for people and the bench: a tenth of a millisecond is plenty. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

export async function routeOptimisationQuery(
  { dataSource, roads }: RouteOptimisationDeps,
  { tripId, endAtLast, pinnedStopIds }: TOptimiseRouteRequest,
): Promise<TOptimiseRouteResponse> {
  const stops: ProposalStop[] = await dataSource.getRepository(StopEntity).find({
    select: { id: true, latitude: true, longitude: true, visited: true },
    where: { tripId },
    order: { stopOrder: 'ASC', pos: 'ASC', id: 'ASC' },
  });
  const stopIds = new Set(stops.map((stop) => stop.id));
  if (pinnedStopIds.some((id) => !stopIds.has(id))) throw new AppError('validation', messages.routeOptimisation.unknownPinnedStop);

  const fromOrder = stops.map((stop) => stop.id);
  const located = locatedStops(stops);
  if (located.length < 2) {
    const none = { minutes: 0, distanceKm: 0 };
    return { fromOrder, order: fromOrder, before: none, after: none, source: null, timings: { matrixMs: 0, solveMs: 0 } };
  }

  const started = performance.now();
  const matrix = await roads.matrix(located);
  const matrixMs = performance.now() - started;
  const proposal = proposeRoute(stops, matrix, { endAtLast, pinnedStopIds: new Set(pinnedStopIds) });
  return {
    fromOrder,
    order: proposal.order,
    before: proposal.before,
    after: proposal.after,
    source: matrix.source,
    timings: { matrixMs: tenths(matrixMs), solveMs: tenths(proposal.solveMs) },
  };
}
