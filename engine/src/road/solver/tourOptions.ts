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
  /** Time the heuristic may take for large inputs; small ones finish long before. Default 150 ms. */
  readonly timeBudgetMs?: number;
  /** Seed of the heuristic's kicks: the same seed and iteration count give the same order. Default 1. */
  readonly seed?: number;
  /** Cap on the heuristic's kicks, for runs that must not depend on the machine's speed. Default: none. */
  readonly maxIterations?: number;
}

export interface SolvedTour {
  /** A permutation of 0..n-1: the order to visit the matrix's nodes in. */
  readonly order: number[];
  /** Sum of costs[a][b] over consecutive nodes (a closed tour adds the way back to the first). */
  readonly cost: number;
  /** True when the order is proven optimal (few enough free nodes to search all orders). */
  readonly exact: boolean;
}
