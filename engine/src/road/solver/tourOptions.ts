/**
 * The solver's public options and answer (re-exported by ../tourSolver.ts), in their own module so the
 * solver's pieces can name them without importing the entry point back.
 */
export interface TourOptions {
  /** A closed tour returns to its first node at the end (its cost includes that last leg). Default: an open path. */
  readonly closed?: boolean;
  /** The node that must come first; null lets any node start. Default 0. */
  readonly first?: number | null;
  /** The node that must come last ("end at the last stop"). Default: none. */
  readonly last?: number | null;
  /** node → the index it must have in the returned order. */
  readonly fixedPositions?: ReadonlyMap<number, number>;
  /**
   * Work the heuristic may do for large inputs, in moves looked at and positions rewritten (a few ns each); small
   * inputs finish long before. Default DEFAULT_TOUR_WORK. Never a clock: the order does not depend on the machine.
   */
  readonly workBudget?: number;
  /** Seed of the heuristic's kicks: the same input and seed give the same order. Default 1. */
  readonly seed?: number;
  /** Cap on the heuristic's kicks, below what the work budget allows. Default: none. */
  readonly maxIterations?: number;
}

export interface SolvedTour {
  /** A permutation of 0..n-1: the order to visit the matrix's nodes in. */
  readonly order: number[];
  /** Sum of costs[a][b] over consecutive nodes (a closed tour adds the way back to the first). */
  readonly cost: number;
  /** True when the order is proven optimal (few enough free nodes to search all orders). */
  readonly exact: boolean;
  /** Work units the heuristic spent (0 when solved exactly): the same for the same input and seed on any machine. */
  readonly work: number;
}
