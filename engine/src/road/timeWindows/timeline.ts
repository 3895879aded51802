/**
 * One path under the time-window search: the node at each position, when we leave each position, the
 * lateness so far, and prefix sums of travel read forwards and backwards (so a move's change in travel is
 * O(1) even on an asymmetric matrix, as in ../solver/pathState.ts). A move is tried by writing the changed
 * stretch into `candidate` and walking the clock from there; the walk stops as soon as it is over the
 * caller's bound, or once past the stretch it leaves a position no later than before, or later by no more
 * than that position's slack (Savelsbergh's forward time slack: what follows stays as punctual as it was).
 */
import { latenessAt, serviceStart, windowClose, type TimedProblem } from './timedProblem.ts';
import { WorkMeter } from './workMeter.ts';

export class Timeline {
  readonly problem: TimedProblem;
  readonly sequence: Int32Array;
  /** Position of each real node (a closed tour's start: its first position). */
  readonly positionOf: Int32Array;
  /** departure[p]: when we leave position p. */
  readonly departure: Float64Array;
  /** lateSum[p]: lateness of positions 0..p. */
  readonly lateSum: Float64Array;
  /** slack[p]: how much later we could leave position p with every later stop still served in the same window. */
  readonly slack: Float64Array;
  readonly forward: Float64Array;
  readonly backward: Float64Array;
  /** A trial order: equal to `sequence` except in the stretch a move writes. */
  readonly candidate: Int32Array;
  /** For a free position, the first and the last position of the run of free positions it lies in; -1 where pinned. */
  private readonly freeRunStart: Int32Array;
  private readonly freeRunEnd: Int32Array;

  /** Charged one unit per position whose clock is walked, trying a move or taking one. */
  readonly meter: WorkMeter;

  constructor(problem: TimedProblem, sequence: ArrayLike<number>, meter = new WorkMeter()) {
    this.problem = problem;
    this.meter = meter;
    this.sequence = Int32Array.from(sequence);
    this.candidate = Int32Array.from(sequence);
    this.positionOf = new Int32Array(problem.n);
    this.departure = new Float64Array(problem.length);
    this.lateSum = new Float64Array(problem.length);
    this.slack = new Float64Array(problem.length);
    this.forward = new Float64Array(problem.length);
    this.backward = new Float64Array(problem.length);
    this.freeRunStart = new Int32Array(problem.length).fill(-1);
    this.freeRunEnd = new Int32Array(problem.length).fill(-1);
    for (let position = problem.length - 2; position >= 0; position--) {
      if (problem.pinnedAt[position] >= 0) continue;
      this.freeRunEnd[position] = problem.pinnedAt[position + 1] >= 0 ? position : this.freeRunEnd[position + 1];
    }
    for (let position = 1; position < problem.length; position++) {
      if (problem.pinnedAt[position] >= 0) continue;
      this.freeRunStart[position] = problem.pinnedAt[position - 1] >= 0 ? position : this.freeRunStart[position - 1];
    }
    this.refresh(0, problem.length - 1);
  }

  get length(): number {
    return this.sequence.length;
  }

  travel(): number {
    return this.forward[this.sequence.length - 1];
  }

  lateness(): number {
    return this.lateSum[this.sequence.length - 1];
  }

  edge(a: number, b: number): number {
    return this.problem.travel[a * this.problem.nodeCount + b];
  }

  /** Whether every position in first..last is free (so the stretch may be rearranged). */
  allFree(first: number, last: number): boolean {
    return first >= 1 && first <= last && this.freeRunEnd[first] >= last;
  }

  /** The close of the node's last window. */
  lastClose(node: number): number {
    return this.problem.closes[this.problem.windowFrom[node + 1] - 1];
  }

  /** The earliest we could leave the node anywhere on the path: its first window's opening plus its stay. */
  earliestLeave(node: number): number {
    return this.problem.opens[this.problem.windowFrom[node]] + this.problem.service[node];
  }

  /** First and last position of the run of free positions that `position` lies in. */
  runStart(position: number): number {
    return this.freeRunStart[position];
  }

  runEnd(position: number): number {
    return this.freeRunEnd[position];
  }

  /** Travel of positions first..last walked backwards minus walked forwards: the change when that stretch is reversed inside. */
  reversalChange(first: number, last: number): number {
    return this.backward[last] - this.backward[first] - (this.forward[last] - this.forward[first]);
  }

  /**
   * Lateness of `candidate`, which differs from `sequence` only in positions first..last: Infinity as soon as
   * it passes `bound`.
   */
  candidateLateness(first: number, last: number, bound: number): number {
    const problem = this.problem;
    const { travel, service, nodeCount } = problem;
    const c = this.candidate;
    const total = this.lateness();
    let late = this.lateSum[first - 1];
    let time = this.departure[first - 1];
    let previous = c[first - 1];
    let position = first;
    // With one window per stop (most trips, every standard instance) the window is read straight off its node. Measured
    // against latenessAt/serviceStart here: ~2 % of the search, near the noise; if it ever gets in the way, serviceStart
    // itself could take the one-window shortcut instead.
    const { singleWindows, opens, closes } = problem;
    for (; position < c.length; position++) {
      const node = c[position];
      const arrival = time + travel[previous * nodeCount + node];
      if (singleWindows) {
        if (arrival > closes[node]) late += arrival - closes[node];
      } else {
        late += latenessAt(problem, node, arrival);
      }
      if (late > bound) {
        late = Infinity;
        break;
      }
      time = (singleWindows ? Math.max(arrival, opens[node]) : serviceStart(problem, node, arrival)) + service[node];
      if (position > last) {
        const before = this.departure[position];
        if (total === this.lateSum[position] && time <= before + this.slack[position]) break;
        if (time === before) {
          late += total - this.lateSum[position];
          break;
        }
      }
      previous = node;
    }
    this.meter.spent += position - first + 1;
    return late;
  }

  /** Make the candidate's positions first..last the path's. */
  adopt(first: number, last: number): void {
    for (let position = first; position <= last; position++) this.sequence[position] = this.candidate[position];
    this.refresh(first, last);
  }

  /** Undo whatever was written into the candidate in first..last (a loop: a subarray per try is garbage). */
  discard(first: number, last: number): void {
    for (let position = first; position <= last; position++) this.candidate[position] = this.sequence[position];
  }

  copyFrom(other: Timeline): void {
    this.meter.spent += this.sequence.length;
    for (const key of ['sequence', 'candidate', 'positionOf', 'departure', 'lateSum', 'slack', 'forward', 'backward'] as const) {
      this[key].set(other[key]);
    }
  }

  /** Positions first..last changed: update their nodes' positions and the clock and sums from first on. */
  private refresh(first: number, last: number): void {
    const problem = this.problem;
    const s = this.sequence;
    this.meter.spent += 2 * (s.length - first);
    for (let position = last; position >= first; position--) {
      if (s[position] < problem.n) this.positionOf[s[position]] = position;
    }
    if (first === 0) {
      this.departure[0] = problem.startTime;
      this.lateSum[0] = 0;
    }
    for (let position = Math.max(first, 1); position < s.length; position++) {
      const a = s[position - 1];
      const b = s[position];
      const step = this.edge(a, b);
      const arrival = this.departure[position - 1] + step;
      this.forward[position] = this.forward[position - 1] + step;
      this.backward[position] = this.backward[position - 1] + this.edge(b, a);
      this.lateSum[position] = this.lateSum[position - 1] + latenessAt(problem, b, arrival);
      this.departure[position] = serviceStart(problem, b, arrival) + problem.service[b];
    }
    // Back from the end: a delay at p reaches p + 1 less the wait there, and must not pass its window's close.
    this.slack[s.length - 1] = Infinity;
    for (let position = s.length - 1; position > 0; position--) {
      const node = s[position];
      const arrival = this.departure[position - 1] + this.edge(s[position - 1], node);
      const wait = this.departure[position] - problem.service[node] - arrival;
      this.slack[position - 1] = Math.min(windowClose(problem, node, arrival) - arrival, wait + this.slack[position]);
    }
  }
}
