/**
 * Local search for the time-window solver, to a path no single move improves: moving a stretch of 1–3
 * stops elsewhere (either way round), reversing a stretch (2-opt) and swapping two stops, tried in that
 * order (a variable neighbourhood descent). A move is taken when it lowers the lateness, or keeps it and
 * lowers the travel; so an on-time path stays on time, and then only moves that shorten the travel need
 * their clock walked — their change in travel is known in O(1) first.
 */
import type { Timeline } from './timeline.ts';

const LONGEST_MOVED_STRETCH = 3;

export class TimedLocalSearch {
  /** A gain below this is rounding in sums of floating-point times, and taking it could cycle. */
  private readonly epsilon: number;

  constructor(travel: Float64Array) {
    let largest = 0;
    for (const time of travel) largest = Math.max(largest, Math.abs(time));
    this.epsilon = largest * 1e-10;
  }

  run(state: Timeline): void {
    while (this.moveStretches(state) || this.reverseStretches(state) || this.swapStops(state));
  }

  /** Take the candidate written into first..last if it is better; `change` is its change in travel. */
  private tryCandidate(state: Timeline, first: number, last: number, change: number): boolean {
    const late = state.lateness();
    const newLate = state.candidateLateness(first, last, late);
    if (newLate < late - this.epsilon || (newLate <= late + this.epsilon && change < -this.epsilon)) {
      state.adopt(first, last);
      return true;
    }
    state.discard(first, last);
    return false;
  }

  /** When the path is on time, a move that does not shorten it cannot be better: skip it before walking its clock. */
  private hopeless(state: Timeline, change: number): boolean {
    return change >= -this.epsilon && state.lateness() <= this.epsilon;
  }

  private moveStretches(state: Timeline): boolean {
    const end = state.length - 1;
    let improved = false;
    for (let first = 1; first < end; first++) {
      for (let last = first; last < first + LONGEST_MOVED_STRETCH && state.allFree(first, last); last++) {
        for (let gap = last + 1; gap < end && state.allFree(first, gap); gap++) {
          if (this.tryMove(state, first, last, gap, false) || (last > first && this.tryMove(state, first, last, gap, true))) improved = true;
        }
        for (let gap = first - 2; gap >= 0 && state.allFree(gap + 1, last); gap--) {
          if (this.tryMove(state, first, last, gap, false) || (last > first && this.tryMove(state, first, last, gap, true))) improved = true;
        }
      }
    }
    return improved;
  }

  /** Move first..last (reversed or not) between positions gap and gap + 1. */
  private tryMove(state: Timeline, first: number, last: number, gap: number, reversed: boolean): boolean {
    const s = state.sequence;
    const [before, after, head, tail, x, y] = [s[first - 1], s[last + 1], s[first], s[last], s[gap], s[gap + 1]];
    const removed = state.edge(before, head) + state.edge(tail, after) - state.edge(before, after);
    const inserted = reversed
      ? state.edge(x, tail) + state.edge(head, y) + state.reversalChange(first, last)
      : state.edge(x, head) + state.edge(tail, y);
    const change = inserted - state.edge(x, y) - removed;
    if (this.hopeless(state, change)) return false;
    const c = state.candidate;
    const size = last - first + 1;
    const at = gap > last ? gap - size + 1 : gap + 1;
    if (gap > last) c.set(s.subarray(last + 1, gap + 1), first);
    else c.set(s.subarray(gap + 1, first), gap + 1 + size);
    for (let k = 0; k < size; k++) c[at + k] = s[reversed ? last - k : first + k];
    return gap > last ? this.tryCandidate(state, first, gap, change) : this.tryCandidate(state, gap + 1, last, change);
  }

  private reverseStretches(state: Timeline): boolean {
    const s = state.sequence;
    let improved = false;
    for (let first = 1; first < state.length - 1; first++) {
      for (let last = first + 1; state.allFree(first, last); last++) {
        const change =
          state.edge(s[first - 1], s[last]) + state.edge(s[first], s[last + 1]) -
          state.edge(s[first - 1], s[first]) - state.edge(s[last], s[last + 1]) +
          state.reversalChange(first, last);
        if (this.hopeless(state, change)) continue;
        const c = state.candidate;
        for (let k = first; k <= last; k++) c[k] = s[first + last - k];
        if (this.tryCandidate(state, first, last, change)) improved = true;
      }
    }
    return improved;
  }

  /** Swap two stops at least two apart (next to each other is a reversal), across pinned stops too. */
  private swapStops(state: Timeline): boolean {
    const s = state.sequence;
    const end = state.length - 1;
    let improved = false;
    for (let i = 1; i < end; i++) {
      if (!state.allFree(i, i)) continue;
      for (let j = i + 2; j < end; j++) {
        if (!state.allFree(j, j)) continue;
        const [a, b] = [s[i], s[j]];
        const change =
          state.edge(s[i - 1], b) + state.edge(b, s[i + 1]) + state.edge(s[j - 1], a) + state.edge(a, s[j + 1]) -
          state.edge(s[i - 1], a) - state.edge(a, s[i + 1]) - state.edge(s[j - 1], b) - state.edge(b, s[j + 1]);
        if (this.hopeless(state, change)) continue;
        state.candidate[i] = b;
        state.candidate[j] = a;
        if (this.tryCandidate(state, i, j, change)) improved = true;
      }
    }
    return improved;
  }
}
