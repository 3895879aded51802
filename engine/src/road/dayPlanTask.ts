/**
 * "Plan my days"' CPU work, as the worker pool (server/src/heavyWork/) runs it: the estimate matrix when the road
 * router had none to give, then the planner. Plain data in and out, as routeProposalTask.ts.
 */
import type { LegSource } from '@caravan/shared';
import { estimatedMatrix } from '../routing/greatCircleLegRouter.ts';
import { planDays, type DayPlan, type DayPlanInput } from './dayPlanner.ts';
import { unpackMatrix, type PackedMatrix } from './packedMatrix.ts';
import { locatedStops, type ProposalStop } from './routeProposal.ts';

export interface PlanDaysTask extends Omit<DayPlanInput, 'matrix'> {
  /** The road router's matrix between the located stops; null: the estimate. */
  matrix: PackedMatrix | null;
}

export interface PlanDaysResult extends DayPlan {
  source: LegSource;
  matrixMs: number;
}

export function planDaysTask({ matrix, ...input }: PlanDaysTask): PlanDaysResult {
  const started = performance.now();
  const roadMatrix = matrix ? unpackMatrix(matrix) : estimatedMatrix(locatedStops(input.stops as ProposalStop[]));
  const matrixMs = performance.now() - started;
  return { ...planDays({ ...input, matrix: roadMatrix }), source: roadMatrix.source, matrixMs };
}
