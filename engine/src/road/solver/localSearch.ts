/**
 * Local search to a local optimum: 2-opt, Or-opt (stretches of 1–3 stops, either way round) and swaps,
 * each tried only towards a node's k nearest neighbours (and the two ends of the path), first improvement
 * taken. A queue of "nodes worth another look" (don't-look bits) means that after a kick only the few
 * nodes around the changed edges are looked at again, which is what makes thousands of kicks fit in a
 * work budget worth a few dozen milliseconds of CPU.
 */
import type { PathProblem } from './pathProblem.ts';
import type { PathState } from './pathState.ts';

const NEIGHBOUR_COUNT = 10;
const LONGEST_MOVED_STRETCH = 3;

export interface NeighbourLists {
  /** For each real node, the real nodes nearest to it in either direction, nearest first. */
  readonly nodes: Int32Array[];
  /** The matching closeness: the cheaper of the two directions. */
  readonly closeness: Float64Array[];
}

export function nearestNeighbours(problem: PathProblem): NeighbourLists {
  const { realNodeCount: n, costs, nodeCount } = problem;
  const count = Math.min(NEIGHBOUR_COUNT, n - 1);
  const nodes: Int32Array[] = [];
  const closeness: Float64Array[] = [];
  const others = new Int32Array(n);
  const near = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      others[b] = b;
      near[b] = b === a ? Infinity : Math.min(costs[a * nodeCount + b], costs[b * nodeCount + a]);
    }
    others.sort((x, y) => near[x] - near[y]);
    const list = others.slice(0, count);
    nodes.push(list);
    closeness.push(Float64Array.from(list, (b) => near[b]));
  }
  return { nodes, closeness };
}

/** The nodes still to be looked at, each at most once in the queue. */
export class WorkQueue {
  private readonly items: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private size = 0;

  constructor(nodeCount: number) {
    this.items = new Int32Array(nodeCount);
    this.queued = new Uint8Array(nodeCount);
  }

  push(node: number): void {
    if (node >= this.queued.length || this.queued[node]) return;
    this.queued[node] = 1;
    this.items[(this.head + this.size) % this.items.length] = node;
    this.size++;
  }

  pop(): number {
    const node = this.items[this.head];
    this.head = (this.head + 1) % this.items.length;
    this.size--;
    this.queued[node] = 0;
    return node;
  }

  isEmpty(): boolean {
    return this.size === 0;
  }
}

export class LocalSearch {
  private readonly neighbours: Int32Array[];
  private readonly closeness: Float64Array[];
  readonly epsilon: number;
  readonly queue: WorkQueue;
  /** Work done so far, in moves looked at and positions rewritten by the moves taken: the search's budget, never a clock. */
  work = 0;

  constructor(problem: PathProblem) {
    ({ nodes: this.neighbours, closeness: this.closeness } = nearestNeighbours(problem));
    this.queue = new WorkQueue(problem.realNodeCount);
    let largest = 0;
    for (const cost of problem.costs) largest = Math.max(largest, Math.abs(cost));
    // Sums of floating-point costs drift; a "gain" below this is rounding, and taking it could cycle.
    this.epsilon = largest * 1e-10;
  }

  /** Queue the real nodes at and beside positions p, q and r (the ends of the edges a move changed). */
  touch(state: PathState, p: number, q: number, r = q): void {
    this.touchAround(state, p);
    this.touchAround(state, q);
    if (r !== q) this.touchAround(state, r);
  }

  private touchAround(state: PathState, position: number): void {
    const s = state.sequence;
    if (position > 0) this.queue.push(s[position - 1]);
    this.queue.push(s[position]);
    if (position + 1 < s.length) this.queue.push(s[position + 1]);
  }

  /** Improve until no queued node finds an improving move. */
  run(state: PathState): void {
    while (!this.queue.isEmpty()) {
      const node = this.queue.pop();
      if (this.improveAround(state, node)) this.queue.push(node);
    }
  }

  /**
   * Try the moves that bring `node` next to one of its neighbours (or to an end); apply the first that gains.
   * A neighbour farther than both of the node's present edges is skipped, and so are all after it (the
   * lists are sorted): an improving move needs a new edge shorter than an edge it removes, so this loses
   * little and saves most of the work.
   */
  private improveAround(state: PathState, node: number): boolean {
    const i = state.positionOf[node];
    const s = state.sequence;
    const last = s.length - 1;
    const reach = Math.max(i > 0 ? state.edge(s[i - 1], node) : 0, i < last ? state.edge(node, s[i + 1]) : 0);
    const neighbours = this.neighbours[node];
    const closeness = this.closeness[node];
    for (let k = 0; k < neighbours.length && closeness[k] < reach; k++) {
      if (this.tryTowards(state, i, state.positionOf[neighbours[k]])) return true;
    }
    return this.tryTowards(state, i, 0) || this.tryTowards(state, i, last);
  }

  private tryTowards(state: PathState, i: number, j: number): boolean {
    if (i === j) return false;
    // 2-opt: each reversal below makes the edge from the earlier of the two positions' nodes to the later.
    const low = Math.min(i, j);
    const high = Math.max(i, j);
    if (this.tryReverse(state, low + 1, high) || this.tryReverse(state, low, high - 1)) return true;
    // Or-opt: a stretch with this node at one end goes right after or right before the neighbour.
    for (let size = 1; size <= LONGEST_MOVED_STRETCH; size++) {
      if (
        this.tryMove(state, i, i + size - 1, j, false) ||
        this.tryMove(state, i, i + size - 1, j - 1, true) ||
        (size > 1 && this.tryMove(state, i - size + 1, i, j, true)) ||
        (size > 1 && this.tryMove(state, i - size + 1, i, j - 1, false))
      ) {
        return true;
      }
    }
    // Swap: this node takes the place just before or after the neighbour.
    return this.trySwap(state, i, j - 1) || this.trySwap(state, i, j + 1);
  }

  private tryReverse(state: PathState, first: number, last: number): boolean {
    this.work++;
    if (!state.reverseAllowed(first, last) || state.reverseDelta(first, last) >= -this.epsilon) return false;
    state.reverse(first, last);
    this.work += state.sequence.length - first;
    this.touch(state, first, last);
    return true;
  }

  private tryMove(state: PathState, first: number, last: number, gap: number, reversed: boolean): boolean {
    this.work++;
    if (first < 1 || last >= state.sequence.length - 1) return false;
    if (!state.moveAllowed(first, last, gap)) return false;
    if (state.moveDelta(first, last, gap, reversed) >= -this.epsilon) return false;
    const size = last - first + 1;
    state.move(first, last, gap, reversed);
    this.work += state.sequence.length - Math.min(first, gap);
    if (gap > last) this.touch(state, first, gap - size + 1, gap);
    else this.touch(state, gap + 1, gap + size, last);
    return true;
  }

  private trySwap(state: PathState, i: number, j: number): boolean {
    this.work++;
    if (j < 1 || j >= state.sequence.length - 1) return false;
    if (!state.swapAllowed(i, j) || state.swapDelta(i, j) >= -this.epsilon) return false;
    state.swap(i, j);
    this.work += state.sequence.length - Math.min(i, j);
    this.touch(state, i, j);
    return true;
  }
}
