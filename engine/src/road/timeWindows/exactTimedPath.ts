/**
 * The exact answer for paths with few free positions: dynamic programming over (free nodes placed, last one
 * placed), as in ../solver/exactPath.ts, but with time: at each state it keeps every partial path that no
 * other beats on all three of lateness so far, travel so far and the time we leave (a later departure can
 * only make what follows later), so the best complete path — least lateness, then least travel — is never
 * dropped. Pinned nodes between two free positions are walked on the way. A good path found first (the
 * incumbent) bounds the search: a partial path already as late and as long as it cannot end better (lateness
 * and travel only grow), which keeps the states few when the windows can be met. Callers keep the free
 * nodes to EXACT_TIMED_FREE_NODE_LIMIT.
 */
import { latenessAt, serviceStart, type TimedProblem } from './timedProblem.ts';
import type { Timeline } from './timeline.ts';

/** 2^10·10 states with a few partial paths each: 15–100 ms for random 10-free-node trips with windows on the (busy) bench machine. */
export const EXACT_TIMED_FREE_NODE_LIMIT = 10;

/** Where a partial path stands: lateness and travel so far, when we leave its last node, and that node. */
interface Clock {
  readonly late: number;
  readonly travel: number;
  readonly time: number;
  readonly node: number;
}

/** A partial path ending at a free node; `previous` is the one ending at the free node before it. */
interface Label extends Clock {
  readonly previous: Label | null;
}

/** The best path: `incumbent` (a full path) unless a strictly better one exists. */
export function solveTimedExactly(problem: TimedProblem, incumbent: Timeline): Int32Array {
  const { pinnedAt, freeNodes, travel, service, nodeCount } = problem;
  const k = freeNodes.length;
  const sequence = Int32Array.from(pinnedAt);
  if (k === 0) return sequence;
  const [boundLate, boundTravel] = [incumbent.lateness(), incumbent.travel()];
  const hopeless = (clock: Clock) => clock.late > boundLate || (clock.late === boundLate && clock.travel >= boundTravel);
  const slots: number[] = [];
  for (let position = 0; position < problem.length; position++) if (pinnedAt[position] < 0) slots.push(position);

  const advance = (from: Clock, node: number): Clock => {
    const leg = travel[from.node * nodeCount + node];
    const arrival = from.time + leg;
    return {
      late: from.late + latenessAt(problem, node, arrival),
      travel: from.travel + leg,
      time: serviceStart(problem, node, arrival) + service[node],
      node,
    };
  };
  /** Walk the pinned positions before the t-th free position (t = k: those after the last one). */
  const across = (from: Clock, t: number): Clock => {
    const last = t === k ? problem.length - 1 : slots[t] - 1;
    let clock = from;
    for (let position = t === 0 ? 1 : slots[t - 1] + 1; position <= last; position++) clock = advance(clock, pinnedAt[position]);
    return clock;
  };

  const states: Label[][] = Array.from({ length: (1 << k) * k }, () => []);
  const beforeFirst = across({ late: 0, travel: 0, time: problem.startTime, node: pinnedAt[0] }, 0);
  for (let u = 0; u < k; u++) {
    const label = { ...advance(beforeFirst, freeNodes[u]), previous: null };
    if (!hopeless(label)) keep(states[(1 << u) * k + u], label);
  }
  const all = (1 << k) - 1;
  for (let placed = 1; placed < all; placed++) {
    const t = popCount(placed);
    for (let v = 0; v < k; v++) {
      for (const label of states[placed * k + v]) {
        const bridged = across(label, t);
        for (let u = 0; u < k; u++) {
          if (placed & (1 << u)) continue;
          const next = { ...advance(bridged, freeNodes[u]), previous: label };
          if (!hopeless(next)) keep(states[(placed | (1 << u)) * k + u], next);
        }
      }
    }
  }

  let best: Label | null = null;
  let bestEnd: Clock = { late: boundLate, travel: boundTravel, time: 0, node: 0 };
  for (let v = 0; v < k; v++) {
    for (const label of states[all * k + v]) {
      const end = across(label, k);
      if (end.late < bestEnd.late || (end.late === bestEnd.late && end.travel < bestEnd.travel)) {
        best = label;
        bestEnd = end;
      }
    }
  }
  if (best === null) return Int32Array.from(incumbent.sequence);
  for (let t = k - 1; t >= 0; t--, best = best!.previous) sequence[slots[t]] = best!.node;
  return sequence;
}

/** Add a label to a state unless one there is at least as good on every count; drop those it beats. */
function keep(labels: Label[], label: Label): void {
  for (const other of labels) {
    if (other.late <= label.late && other.travel <= label.travel && other.time <= label.time) return;
  }
  let kept = 0;
  for (const other of labels) {
    if (!(label.late <= other.late && label.travel <= other.travel && label.time <= other.time)) labels[kept++] = other;
  }
  labels.length = kept;
  labels.push(label);
}

function popCount(bits: number): number {
  let count = 0;
  for (; bits; bits &= bits - 1) count++;
  return count;
}
