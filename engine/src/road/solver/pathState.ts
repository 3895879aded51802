/**
 * One path under local search: the node at each position, each real node's position, and prefix sums of
 * the path's cost read forwards and backwards. The prefix sums make every move's change in cost exact and
 * O(1) even when the cost table is asymmetric (A→B ≠ B→A, as drive times are): reversing a stretch
 * replaces its forward cost by its backward cost, both read off the sums. Moves never touch a pinned
 * position; the `…Allowed` checks say whether a move keeps every pinned node in place.
 */
import type { PathProblem } from './pathProblem.ts';

export class PathState {
  readonly problem: PathProblem;
  /** Node at each position. */
  readonly sequence: Int32Array;
  /** Position of each real node. */
  readonly positionOf: Int32Array;
  /** forward[p]: cost of the path from position 0 to position p. */
  readonly forward: Float64Array;
  /** backward[p]: cost of positions 0..p walked the other way (the sum of each edge read b→a). */
  readonly backward: Float64Array;
  /** For a free position, the last position of the run of free positions it lies in; -1 where pinned. */
  private readonly freeRunEnd: Int32Array;
  private readonly scratch: Int32Array;
  /** The problem's cost table and row length, held here: every move's delta reads them several times. */
  private readonly costs: Float64Array;
  private readonly nodeCount: number;

  constructor(problem: PathProblem, sequence: ArrayLike<number>) {
    this.problem = problem;
    this.costs = problem.costs;
    this.nodeCount = problem.nodeCount;
    this.sequence = Int32Array.from(sequence);
    this.positionOf = new Int32Array(problem.realNodeCount);
    this.forward = new Float64Array(problem.length);
    this.backward = new Float64Array(problem.length);
    this.freeRunEnd = new Int32Array(problem.length).fill(-1);
    this.scratch = new Int32Array(problem.length);
    for (let position = problem.length - 1; position >= 0; position--) {
      if (problem.pinnedAt[position] >= 0) continue;
      this.freeRunEnd[position] = problem.pinnedAt[position + 1] >= 0 ? position : this.freeRunEnd[position + 1];
    }
    this.refresh(0, problem.length - 1);
  }

  cost(): number {
    return this.forward[this.problem.length - 1];
  }

  /** Cost from node a to node b. */
  edge(a: number, b: number): number {
    return this.costs[a * this.nodeCount + b];
  }

  /** Whether every position in first..last is free (so the stretch may be rearranged). */
  allFree(first: number, last: number): boolean {
    return first >= 0 && first <= last && this.freeRunEnd[first] >= last;
  }

  // --- 2-opt: reverse the stretch first..last -------------------------------------------------------------

  reverseAllowed(first: number, last: number): boolean {
    return first < last && this.allFree(first, last);
  }

  reverseDelta(first: number, last: number): number {
    const s = this.sequence;
    const before = s[first - 1];
    const after = s[last + 1];
    return (
      this.edge(before, s[last]) +
      this.edge(s[first], after) -
      this.edge(before, s[first]) -
      this.edge(s[last], after) +
      this.backward[last] -
      this.backward[first] -
      (this.forward[last] - this.forward[first])
    );
  }

  reverse(first: number, last: number): void {
    const s = this.sequence;
    // In place (a subarray per move is garbage the collector then spends time on).
    for (let low = first, high = last; low < high; low++, high--) {
      const node = s[low];
      s[low] = s[high];
      s[high] = node;
    }
    this.refresh(first, last);
  }

  // --- Or-opt: move the stretch first..last (optionally reversed) between positions gap and gap+1 ---------

  moveAllowed(first: number, last: number, gap: number): boolean {
    if (gap >= first - 1 && gap <= last) return false;
    if (gap < 0 || gap >= this.problem.length - 1) return false;
    return gap > last ? this.allFree(first, gap) : this.allFree(gap + 1, last);
  }

  moveDelta(first: number, last: number, gap: number, reversed: boolean): number {
    const s = this.sequence;
    const before = s[first - 1];
    const after = s[last + 1];
    const head = s[first];
    const tail = s[last];
    const x = s[gap];
    const y = s[gap + 1];
    const removed = this.edge(before, head) + this.edge(tail, after) - this.edge(before, after);
    const inserted = reversed
      ? this.edge(x, tail) +
        this.edge(head, y) +
        this.backward[last] -
        this.backward[first] -
        (this.forward[last] - this.forward[first])
      : this.edge(x, head) + this.edge(tail, y);
    return inserted - this.edge(x, y) - removed;
  }

  move(first: number, last: number, gap: number, reversed: boolean): void {
    const s = this.sequence;
    const segment = this.scratch;
    const size = last - first + 1;
    for (let k = 0; k < size; k++) segment[k] = s[reversed ? last - k : first + k];
    const at = gap > last ? gap - size + 1 : gap + 1;
    if (gap > last) s.copyWithin(first, last + 1, gap + 1);
    else s.copyWithin(gap + 1 + size, gap + 1, first);
    for (let k = 0; k < size; k++) s[at + k] = segment[k];
    if (gap > last) this.refresh(first, gap);
    else this.refresh(gap + 1, last);
  }

  // --- swap the nodes at two free positions (the only move that crosses a pinned position) ----------------

  swapAllowed(i: number, j: number): boolean {
    return i !== j && this.allFree(i, i) && this.allFree(j, j);
  }

  swapDelta(i: number, j: number): number {
    if (i > j) [i, j] = [j, i];
    const s = this.sequence;
    const a = s[i];
    const b = s[j];
    if (j === i + 1) {
      const before = s[i - 1];
      const after = s[j + 1];
      return (
        this.edge(before, b) + this.edge(b, a) + this.edge(a, after) -
        this.edge(before, a) - this.edge(a, b) - this.edge(b, after)
      );
    }
    return (
      this.edge(s[i - 1], b) + this.edge(b, s[i + 1]) + this.edge(s[j - 1], a) + this.edge(a, s[j + 1]) -
      this.edge(s[i - 1], a) - this.edge(a, s[i + 1]) - this.edge(s[j - 1], b) - this.edge(b, s[j + 1])
    );
  }

  swap(i: number, j: number): void {
    if (i > j) [i, j] = [j, i];
    const s = this.sequence;
    [s[i], s[j]] = [s[j], s[i]];
    this.refresh(i, j);
  }

  copyFrom(other: PathState): void {
    this.sequence.set(other.sequence);
    this.positionOf.set(other.positionOf);
    this.forward.set(other.forward);
    this.backward.set(other.backward);
  }

  /** Positions first..last changed: update their nodes' positions and the sums from first on. */
  private refresh(first: number, last: number): void {
    const s = this.sequence;
    const real = this.problem.realNodeCount;
    for (let position = first; position <= last; position++) {
      if (s[position] < real) this.positionOf[s[position]] = position;
    }
    const start = Math.max(first, 1);
    for (let position = start; position < s.length; position++) {
      const a = s[position - 1];
      const b = s[position];
      this.forward[position] = this.forward[position - 1] + this.edge(a, b);
      this.backward[position] = this.backward[position - 1] + this.edge(b, a);
    }
  }
}
