/**
 * Checks a cost matrix and tour options and turns every variant — open path or closed tour, a required
 * first or last node, pinned positions — into the solver's one internal shape (a path with pinned ends,
 * see pathProblem.ts), with the way back from the solved path to the caller's order.
 */
import type { PathProblem } from './pathProblem.ts';
import type { TourOptions } from './tourOptions.ts';

export interface TourSetup {
  readonly problem: PathProblem;
  /** The caller's order from the internal path. */
  readonly toOrder: (sequence: Int32Array) => number[];
}

/** @throws RangeError when the matrix is not square with finite entries or the options contradict each other. */
export function tourProblem(costs: readonly (readonly number[])[], options: TourOptions): TourSetup {
  checkMatrix(costs);
  const pins = pinnedPositions(costs.length, options);
  return options.closed ? closedTourProblem(costs, pins) : openPathProblem(costs, pins);
}

export function checkMatrix(costs: readonly (readonly number[])[]): void {
  if (!Array.isArray(costs)) throw new RangeError('the cost matrix must be an array of rows');
  costs.forEach((row, a) => {
    if (!Array.isArray(row) || row.length !== costs.length) {
      throw new RangeError(`the cost matrix must be square: row ${a} has ${row?.length ?? 0} entries, not ${costs.length}`);
    }
    row.forEach((cost, b) => {
      if (typeof cost !== 'number' || !Number.isFinite(cost)) throw new RangeError(`cost [${a}][${b}] is not a finite number`);
    });
  });
}

/** position → node, from `first`, `last` and `fixedPositions`, checked for range and contradictions (also for the time-window solver). */
export function pinnedPositions(n: number, options: Pick<TourOptions, 'first' | 'last' | 'fixedPositions'>): Map<number, number> {
  const pins = new Map<number, number>();
  const placeOf = new Map<number, number>();
  const pin = (node: number, position: number, what: string) => {
    if (!Number.isInteger(node) || node < 0 || node >= n) throw new RangeError(`${what}: node ${node} is not in 0..${n - 1}`);
    if (!Number.isInteger(position) || position < 0 || position >= n) {
      throw new RangeError(`${what}: position ${position} is not in 0..${n - 1}`);
    }
    if (placeOf.has(node) && placeOf.get(node) !== position) throw new RangeError(`${what}: node ${node} is pinned to two positions`);
    if (pins.has(position) && pins.get(position) !== node) throw new RangeError(`${what}: position ${position} is pinned to two nodes`);
    pins.set(position, node);
    placeOf.set(node, position);
  };
  const first = options.first === undefined ? 0 : options.first;
  if (n > 0 && first !== null) pin(first, 0, 'first');
  if (options.last != null) pin(options.last, n - 1, 'last');
  for (const [node, position] of options.fixedPositions ?? []) pin(node, position, 'fixed position');
  return pins;
}

/** A flat (n+1)² table: the caller's costs plus a sentinel node n whose row and column come from `sentinel`. */
function costTable(costs: readonly (readonly number[])[], sentinel: (node: number, way: 'to' | 'from') => number): Float64Array {
  const n = costs.length;
  const size = n + 1;
  const table = new Float64Array(size * size);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) table[a * size + b] = costs[a][b];
    table[a * size + n] = sentinel(a, 'to');
    table[n * size + a] = sentinel(a, 'from');
  }
  return table;
}

function problemOf(costs: readonly (readonly number[])[], table: Float64Array, pinnedAt: Int32Array): PathProblem {
  const n = costs.length;
  const pinned = new Set(pinnedAt);
  const freeNodes = Int32Array.from({ length: n }, (_, node) => node).filter((node) => !pinned.has(node));
  return { nodeCount: n + 1, realNodeCount: n, costs: table, length: pinnedAt.length, pinnedAt, freeNodes };
}

/** Open path: a free sentinel (cost 0 either way) stands before position 0 and after position n-1. */
function openPathProblem(costs: readonly (readonly number[])[], pins: Map<number, number>): TourSetup {
  const n = costs.length;
  const pinnedAt = new Int32Array(n + 2).fill(-1);
  pinnedAt[0] = n;
  pinnedAt[n + 1] = n;
  for (const [position, node] of pins) pinnedAt[position + 1] = node;
  return {
    problem: problemOf(costs, costTable(costs, () => 0), pinnedAt),
    toOrder: (sequence) => Array.from(sequence.subarray(1, n + 1)),
  };
}

/**
 * Closed tour: its cost does not change when it is rotated, so one pinned node (or node 0) is placed at
 * position 0, the sentinel — a copy of it — closes the path, and the answer is rotated back.
 */
function closedTourProblem(costs: readonly (readonly number[])[], pins: Map<number, number>): TourSetup {
  const n = costs.length;
  const [anchorPosition, anchor] = pins.size > 0 ? [...pins].sort(([a], [b]) => a - b)[0] : [0, 0];
  const pinnedAt = new Int32Array(n + 1).fill(-1);
  for (const [position, node] of pins) pinnedAt[(position - anchorPosition + n) % n] = node;
  pinnedAt[0] = anchor;
  pinnedAt[n] = n;
  const table = costTable(costs, (node, way) => (way === 'to' ? costs[node][anchor] : costs[anchor][node]));
  return {
    problem: problemOf(costs, table, pinnedAt),
    toOrder: (sequence) => {
      const order = new Array<number>(n);
      for (let q = 0; q < n; q++) order[(q + anchorPosition) % n] = sequence[q];
      return order;
    },
  };
}
