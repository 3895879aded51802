/**
 * The one shape every solver piece works on: a path over positions 0..length-1 whose first and last
 * positions (and any others the caller pins) hold fixed nodes, the remaining nodes filling the free
 * positions. tourSolver.ts turns open paths, closed tours, "first", "last" and pinned positions into this
 * shape with one extra sentinel node, so the search needs no special cases.
 */
export interface PathProblem {
  /** Nodes in the cost table: the caller's nodes 0..realNodeCount-1, then the sentinel. */
  readonly nodeCount: number;
  /** The caller's nodes; only these are ever looked up by position (the sentinel may appear twice). */
  readonly realNodeCount: number;
  /** Flat cost table: the cost of going from a to b is costs[a * nodeCount + b]. */
  readonly costs: Float64Array;
  /** Positions in the path. */
  readonly length: number;
  /** The node each position must hold, or -1 where the position is free. Positions 0 and length-1 are never free. */
  readonly pinnedAt: Int32Array;
  /** The nodes that fill the free positions, in any order. */
  readonly freeNodes: Int32Array;
}

/** Cost of a path given position by position. */
export function pathCost(problem: PathProblem, sequence: ArrayLike<number>): number {
  const { costs, nodeCount } = problem;
  let total = 0;
  for (let position = 0; position + 1 < sequence.length; position++) {
    total += costs[sequence[position] * nodeCount + sequence[position + 1]];
  }
  return total;
}

/** The free positions in order. */
export function freePositions(problem: PathProblem): number[] {
  const positions: number[] = [];
  for (let position = 0; position < problem.length; position++) {
    if (problem.pinnedAt[position] < 0) positions.push(position);
  }
  return positions;
}
