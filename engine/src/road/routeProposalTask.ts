/**
 * "Optimise route"'s CPU work, as the worker pool (server/src/heavyWork/) runs it: the estimate matrix when the
 * road router had none to give (a million great-circle cells for a thousand stops), then the solve. Plain data
 * in and out: the stops, the router's matrix packed for transfer, the rules.
 */
import type { LegSource } from '@caravan/shared';
import { estimatedMatrix } from '../routing/greatCircleLegRouter.ts';
import { unpackMatrix, type PackedMatrix } from './packedMatrix.ts';
import { locatedStops, proposeRoute, type ProposalStop, type RouteProposal } from './routeProposal.ts';

export interface RouteProposalTask {
  /** Every stop, in trip order. */
  stops: ProposalStop[];
  /** The road router's matrix between the located stops; null: the estimate. */
  matrix: PackedMatrix | null;
  endAtLast: boolean;
  pinnedStopIds: string[];
}

export interface RouteProposalResult extends RouteProposal {
  source: LegSource;
  /** Time spent making the matrix here (the estimate) or unpacking it. */
  matrixMs: number;
}

export function proposeRouteTask({ stops, matrix, endAtLast, pinnedStopIds }: RouteProposalTask): RouteProposalResult {
  const started = performance.now();
  const roadMatrix = matrix ? unpackMatrix(matrix) : estimatedMatrix(locatedStops(stops));
  const matrixMs = performance.now() - started;
  const proposal = proposeRoute(stops, roadMatrix, { endAtLast, pinnedStopIds: new Set(pinnedStopIds) });
  return { ...proposal, source: roadMatrix.source, matrixMs };
}
