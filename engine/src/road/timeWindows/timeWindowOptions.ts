/**
 * The time-window solver's public options and answer (re-exported by ../timeWindowSolver.ts), in their own
 * module so the solver's pieces can name them without importing the entry point back.
 */

/** When service may start at a node: [earliest, latest], in the matrix's time unit. */
export type TimeWindow = readonly [earliest: number, latest: number];

export interface TimeWindowOptions {
  /** The node the trip starts from, at `startTime`. Default 0. */
  readonly first?: number;
  /** When the trip leaves the first node (its window is not applied then). Default 0. */
  readonly startTime?: number;
  /** A closed tour returns to the first node at the end, and must be back within the first node's windows. Default: an open path. */
  readonly closed?: boolean;
  /** The node that must come last (of a closed tour: last before the way back). Default: none. */
  readonly last?: number | null;
  /** node → the index it must have in the returned order. */
  readonly fixedPositions?: ReadonlyMap<number, number>;
  /**
   * windows[node]: when service may start there — one window, or several sorted, disjoint ones (days, opening
   * hours over several days): arriving, the node is served in the earliest window that has not closed yet,
   * waiting for it to open. Missing or empty: any time. A window bounds the START of service: to have the
   * service end by closing time, pass latest = closing − service.
   */
  readonly windows?: ReadonlyArray<ReadonlyArray<TimeWindow> | undefined>;
  /** serviceTimes[node]: time spent at the node before leaving (a stay). Default 0. */
  readonly serviceTimes?: ReadonlyArray<number>;
  /**
   * Work the heuristic may do for large inputs, in units of moves looked at and clock positions walked (a few ns
   * each); most searches stop earlier, after a long run without gain. While it has found no on-time order it may
   * do twice this. Default DEFAULT_TIME_WINDOW_WORK (≤ 1 s of CPU for 200 stops). Never a clock: the answer does
   * not depend on the machine's speed or load.
   */
  readonly workBudget?: number;
  /** Seed of the heuristic's random moves: the same input and seed give the same answer. Default 1. */
  readonly seed?: number;
  /** Cap on the heuristic's perturbations (shakes), below what the work budget allows. Default: none. */
  readonly maxIterations?: number;
  /** Cap on the local search's improving moves (the descent from the start path included). Default: none. */
  readonly maxMoves?: number;
}

/** One visit in the answer's order. */
export interface TimedVisit {
  readonly node: number;
  /** When we get there (for the first node: the start time; for the way back of a closed tour: the return). */
  readonly arrival: number;
  /** When service starts: the arrival, or later when waiting for a window to open. */
  readonly start: number;
  readonly departure: number;
  /** How far past its last window this visit starts; 0 when on time. */
  readonly lateness: number;
}

export interface TimeWindowTour {
  /** A permutation of 0..n-1: the order to visit the matrix's nodes in. */
  readonly order: number[];
  /** Total travel time along the order (a closed tour adds the way back); waiting and service not counted. */
  readonly travel: number;
  /** True when every window is met. When false no on-time order was found (or, when `exact`, none exists). */
  readonly feasible: boolean;
  /** Sum of every visit's lateness: the least the search found when not feasible, 0 when feasible. */
  readonly lateness: number;
  /** The visits that miss their windows (the closed tour's way back included, as a visit of the first node). */
  readonly violations: TimedVisit[];
  /** Every visit in order with its times; a closed tour ends with the return to the first node. */
  readonly schedule: TimedVisit[];
  /** True when the answer is proven best: least lateness, then least travel (few enough free nodes to search all orders). */
  readonly exact: boolean;
  /** Work units the search spent (see workBudget): the same for the same input and seed on any machine. */
  readonly work: number;
}
