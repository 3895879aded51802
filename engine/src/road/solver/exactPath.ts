/**
 * The exact answer for paths with few free positions (Held–Karp dynamic programming over the set of
 * free nodes already placed): a small trip is always in its best order, not a good one. The i-th free
 * position is always filled by the i-th placed node, so a state is (nodes placed, last one placed), and
 * the pinned nodes between two free positions are a fixed bridge whose cost is added on the way.
 * Time and memory grow as 2^k·k² and 2^k·k for k free nodes: callers keep k to EXACT_FREE_NODE_LIMIT.
 */
import { freePositions, pathCost, type PathProblem } from './pathProblem.ts';

/** 2^12·12² ≈ 0.6 M steps: a few milliseconds. */
export const EXACT_FREE_NODE_LIMIT = 12;

/** A run of pinned positions: its first and last node and the cost inside it. */
interface Bridge {
  readonly head: number;
  readonly tail: number;
  readonly inside: number;
}

export function solvePathExactly(problem: PathProblem): Int32Array {
  const { costs, nodeCount, pinnedAt, freeNodes } = problem;
  const k = freeNodes.length;
  const slots = freePositions(problem);
  const sequence = Int32Array.from(pinnedAt);
  if (k === 0) return sequence;

  // bridges[t]: the pinned run before the t-th free position (t = k: the run after the last one), maybe empty.
  const bridges: Array<Bridge | null> = [];
  for (let t = 0; t <= k; t++) {
    const from = t === 0 ? 0 : slots[t - 1] + 1;
    const to = t === k ? problem.length - 1 : slots[t] - 1;
    bridges.push(from > to ? null : { head: pinnedAt[from], tail: pinnedAt[to], inside: pathCost(problem, pinnedAt.subarray(from, to + 1)) });
  }
  const cost = (a: number, b: number) => costs[a * nodeCount + b];
  /** From node a at one free position to node b at the next, across bridge t. */
  const step = (a: number, t: number, b: number) => {
    const bridge = bridges[t];
    return bridge ? cost(a, bridge.head) + bridge.inside + cost(bridge.tail, b) : cost(a, b);
  };

  const states = (1 << k) * k;
  const best = new Float64Array(states).fill(Infinity);
  const previous = new Int8Array(states).fill(-1);
  const start = bridges[0]!;
  for (let u = 0; u < k; u++) best[(1 << u) * k + u] = start.inside + cost(start.tail, freeNodes[u]);
  for (let placed = 1; placed < 1 << k; placed++) {
    const t = popCount(placed);
    if (t === k) continue;
    for (let v = 0; v < k; v++) {
      const here = best[placed * k + v];
      if (here === Infinity) continue;
      for (let u = 0; u < k; u++) {
        if (placed & (1 << u)) continue;
        const next = (placed | (1 << u)) * k + u;
        const total = here + step(freeNodes[v], t, freeNodes[u]);
        if (total < best[next]) {
          best[next] = total;
          previous[next] = v;
        }
      }
    }
  }

  const all = (1 << k) - 1;
  const end = bridges[k]!;
  let last = 0;
  let bestTotal = Infinity;
  for (let v = 0; v < k; v++) {
    const total = best[all * k + v] + cost(freeNodes[v], end.head) + end.inside;
    if (total < bestTotal) {
      bestTotal = total;
      last = v;
    }
  }
  for (let placed = all, t = k - 1; t >= 0; t--) {
    sequence[slots[t]] = freeNodes[last];
    const before = previous[placed * k + last];
    placed &= ~(1 << last);
    last = before;
  }
  return sequence;
}

function popCount(bits: number): number {
  let count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}
