/**
 * Checks a travel-time matrix with windows and service times and turns it into the time-window solver's
 * internal shape: flat tables, the positions pinned by `first`, `last` and `fixedPositions` (position 0
 * always holds the start), and the rule for when service can start at a node reached at a given time.
 * One more position closes every path so that moves need no special end: a closed tour's way back (the
 * first node again, whose windows the return must meet) or, for an open path, a sentinel node that costs
 * nothing to reach and has no window.
 */
import { checkMatrix, pinnedPositions } from '../solver/tourProblem.ts';
import type { TimeWindowOptions } from './timeWindowOptions.ts';

export interface TimedProblem {
  /** The caller's nodes 0..n-1; node n is the sentinel. */
  readonly n: number;
  /** Nodes in the tables: n + 1. */
  readonly nodeCount: number;
  /** travel[a * nodeCount + b]: time from a to b. */
  readonly travel: Float64Array;
  readonly service: Float64Array;
  /** Node v's windows are opens/closes[windowFrom[v] .. windowFrom[v + 1] - 1], sorted; a node without any has [-∞, ∞]. */
  readonly windowFrom: Int32Array;
  readonly opens: Float64Array;
  readonly closes: Float64Array;
  /** Whether every node has at most one window (then arriving earlier never means being served a whole window earlier). */
  readonly singleWindows: boolean;
  readonly startTime: number;
  readonly closed: boolean;
  /** Positions: n + 1, the last one the way back or the sentinel. */
  readonly length: number;
  /** The node each position must hold, or -1 where the position is free; the first and last positions are pinned. */
  readonly pinnedAt: Int32Array;
  /** The nodes that fill the free positions, in any order. */
  readonly freeNodes: Int32Array;
  /**
   * never[a * nodeCount + b] = 1 when b can never come right after a on time: leaving a at its earliest
   * (its first window's opening plus its stay) still reaches b after b's last window closes. With narrow
   * windows most pairs are such, and a move that makes one is dropped before its clock is walked.
   */
  readonly never: Uint8Array;
}

/** @throws RangeError when the matrix, windows, service times or pins are malformed or contradict each other. */
export function timedProblem(costs: readonly (readonly number[])[], options: TimeWindowOptions): TimedProblem {
  checkMatrix(costs);
  if (costs.some((row) => row.some((time) => time < 0))) throw new RangeError('travel times must be ≥ 0');
  const n = costs.length;
  const pins = pinnedPositions(n, { first: options.first ?? 0, last: options.last, fixedPositions: options.fixedPositions });
  const closed = options.closed ?? false;
  const pinnedAt = new Int32Array(n + 1).fill(-1);
  for (const [position, node] of pins) pinnedAt[position] = node;
  const pinned = new Set(pins.values());
  pinnedAt[n] = closed ? pinnedAt[0] : n;
  const nodeCount = n + 1;
  const travel = new Float64Array(nodeCount * nodeCount);
  costs.forEach((row, a) => row.forEach((cost, b) => (travel[a * nodeCount + b] = cost)));
  const service = Float64Array.from({ length: nodeCount }, (_, node) => {
    const time = node < n ? (options.serviceTimes?.[node] ?? 0) : 0;
    if (!Number.isFinite(time) || time < 0) throw new RangeError(`service time of node ${node} must be a finite number ≥ 0`);
    return time;
  });
  const startTime = options.startTime ?? 0;
  if (!Number.isFinite(startTime)) throw new RangeError('the start time must be a finite number');
  if (options.windows !== undefined && options.windows.length !== n) throw new RangeError(`windows must have one entry per node (${n})`);
  const windowFrom = new Int32Array(nodeCount + 1);
  const opens: number[] = [];
  const closes: number[] = [];
  for (let node = 0; node < nodeCount; node++) {
    windowFrom[node] = opens.length;
    const windows = (node < n && options.windows?.[node]) || [];
    windows.forEach(([earliest, latest], k) => {
      if (Number.isNaN(earliest) || Number.isNaN(latest) || earliest > latest) {
        throw new RangeError(`window ${k} of node ${node} must be [earliest, latest] with earliest ≤ latest`);
      }
      if (k > 0 && earliest <= closes[closes.length - 1]) throw new RangeError(`the windows of node ${node} must be sorted and disjoint`);
      opens.push(earliest);
      closes.push(latest);
    });
    if (windows.length === 0) {
      opens.push(-Infinity);
      closes.push(Infinity);
    }
  }
  windowFrom[nodeCount] = opens.length;
  const never = new Uint8Array(nodeCount * nodeCount);
  for (let a = 0; a < nodeCount; a++) {
    const leave = a === pinnedAt[0] ? startTime : opens[windowFrom[a]] + service[a];
    for (let b = 0; b < nodeCount; b++) {
      if (leave + travel[a * nodeCount + b] > closes[windowFrom[b + 1] - 1]) never[a * nodeCount + b] = 1;
    }
  }
  return {
    n,
    nodeCount,
    travel,
    service,
    windowFrom,
    opens: Float64Array.from(opens),
    closes: Float64Array.from(closes),
    singleWindows: opens.length === nodeCount,
    startTime,
    closed,
    length: n + 1,
    pinnedAt,
    freeNodes: Int32Array.from({ length: n }, (_, node) => node).filter((node) => !pinned.has(node)),
    never,
  };
}

/** When service starts at `node` reached at `arrival`: in the earliest window not yet closed (waiting for it to open), or at once when all have closed (late). */
export function serviceStart(problem: TimedProblem, node: number, arrival: number): number {
  const { windowFrom, opens, closes } = problem;
  for (let k = windowFrom[node], end = windowFrom[node + 1]; k < end; k++) {
    if (arrival <= closes[k]) return arrival > opens[k] ? arrival : opens[k];
  }
  return arrival;
}

/** The close of the window that serves `node` reached at `arrival` (the last one when all have closed). */
export function windowClose(problem: TimedProblem, node: number, arrival: number): number {
  const { windowFrom, closes } = problem;
  const end = windowFrom[node + 1];
  for (let k = windowFrom[node]; k < end; k++) if (arrival <= closes[k]) return closes[k];
  return closes[end - 1];
}

/** How far past the last window of `node` an arrival at `arrival` is. */
export function latenessAt(problem: TimedProblem, node: number, arrival: number): number {
  const close = problem.closes[problem.windowFrom[node + 1] - 1];
  return arrival > close ? arrival - close : 0;
}
