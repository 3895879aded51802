/**
 * Local search for the time-window solver, to a path no single move improves: moving a stretch of 1–3
 * stops elsewhere (either way round), reversing a stretch (2-opt) and swapping two stops, tried in that
 * order (a variable neighbourhood descent). A move is taken when it lowers the lateness, or keeps it and
 * lowers the travel; so an on-time path stays on time, and then only moves that shorten the travel need
 * their clock walked — their change in travel is known in O(1) first.
 */
import type { Timeline } from './timeline.ts';

const LONGEST_MOVED_STRETCH = 3;
/** How far a late path's first scan moves a stop (see run). */
const LATE_NEAR_REACH = 12;

export class TimedLocalSearch {
  /** A gain below this is rounding in sums of floating-point times, and taking it could cycle. */
  private readonly epsilon: number;

  /**
   * @param movesLeft improving moves this search may still take, over all its descents (a cap for callers that
   *   want fewer than the work budget allows).
   */
  constructor(
    travel: Float64Array,
    private movesLeft = Infinity,
  ) {
    let largest = 0;
    for (const time of travel) largest = Math.max(largest, Math.abs(time));
    this.epsilon = largest * 1e-10;
  }

  /**
   * Descend to a path no move improves, or until the path's work meter says stop. While the path is late only
   * single stops move (the 1-shift neighbourhood of da Silva & Urrutia's feasibility phase), first within
   * LATE_NEAR_REACH positions and over the whole path only when no near move helps: a late path walks the clock of
   * every move it tries, and the moves that mend narrow windows are mostly short ones.
   */
  run(state: Timeline): void {
    while (this.movesLeft > 0 && !this.spent(state)) {
      const late = state.lateness() > this.epsilon;
      const improved = late
        ? this.moveStretches(state, LATE_NEAR_REACH) || this.moveStretches(state, Infinity)
        : this.moveStretches(state, Infinity) || this.reverseStretches(state) || this.swapStops(state);
      if (!improved) return;
      this.movesLeft--;
    }
  }

  /** Whether the path's work meter is spent (asked within scans too: one scan of a long late path is a lot of work). */
  private spent(state: Timeline): boolean {
    return state.meter.exhausted(state.lateness() > this.epsilon);
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

  /** When the path is on time, a move that puts b right after a where it can never be on time is no better either. */
  private barred(state: Timeline, a: number, b: number): boolean {
    return state.problem.never[a * state.problem.nodeCount + b] === 1 && state.lateness() <= this.epsilon;
  }

  /** Move stretches of stops at most `reach` positions away. */
  private moveStretches(state: Timeline, reach: number): boolean {
    const s = state.sequence;
    const { travel, nodeCount: size } = state.problem;
    const end = state.length - 1;
    let improved = false;
    for (let first = 1; first < end && !this.spent(state); first++) {
      // While late, every move's clock is walked: single stops only, as the constructive phase of GVNS does.
      const longest = state.lateness() > this.epsilon ? 1 : LONGEST_MOVED_STRETCH;
      for (let last = first; last < first + longest && state.allFree(first, last); last++) {
        // What taking the stretch out saves does not depend on where it goes: worked out once per stretch.
        const head = s[first];
        const tail = s[last];
        const removed = travel[s[first - 1] * size + head] + travel[tail * size + s[last + 1]] - travel[s[first - 1] * size + s[last + 1]];
        const inside = last > first ? state.reversalChange(first, last) : 0;
        const onTime = state.lateness() <= this.epsilon;
        const bounded = onTime && state.problem.singleWindows;
        // Moved later, the stretch cannot start before we leave the stop before it less what taking it out saves
        // (with one window per stop, an earlier arrival passes on at most its own advance); once that is past
        // both its ends' last windows, every later gap is too (travel times are ≥ 0).
        const saved = Math.max(0, state.departure[last] - state.departure[first - 1] + travel[tail * size + s[last + 1]] - travel[s[first - 1] * size + s[last + 1]]);
        const latestClose = Math.max(state.lastClose(head), state.lastClose(tail));
        // Moved earlier, every stop it jumps comes after it: none can be served before the stretch's earliest leave.
        const earliestLeave = Math.min(state.earliestLeave(head), state.earliestLeave(tail));
        let moved = false;
        for (let gap = last + 1, runEnd = Math.min(state.runEnd(first), last + reach); gap <= runEnd && !moved; gap++) {
          if (bounded && state.departure[gap] - saved > latestClose) break;
          moved = this.tryBoth(state, first, last, gap, removed, inside, onTime);
        }
        let soonestClose = Infinity;
        for (let gap = first - 2, runStart = Math.max(state.runStart(first), first - reach); gap >= runStart - 1 && !moved; gap--) {
          soonestClose = Math.min(soonestClose, state.lastClose(s[gap + 1]));
          if (onTime && soonestClose < earliestLeave) break;
          moved = this.tryBoth(state, first, last, gap, removed, inside, onTime);
        }
        if (moved) {
          improved = true;
          break; // the stretch at `first` is another one now
        }
      }
    }
    return improved;
  }

  /** The stretch first..last between gap and gap + 1, as it is or reversed. */
  private tryBoth(state: Timeline, first: number, last: number, gap: number, removed: number, inside: number, onTime: boolean): boolean {
    const s = state.sequence;
    const { travel, nodeCount: size } = state.problem;
    const head = s[first];
    const tail = s[last];
    const x = s[gap];
    const y = s[gap + 1];
    const kept = travel[x * size + y] + removed;
    const change = travel[x * size + head] + travel[tail * size + y] - kept;
    const reversedChange = last > first ? travel[x * size + tail] + travel[head * size + y] + inside - kept : Infinity;
    if (onTime && change >= -this.epsilon && reversedChange >= -this.epsilon) {
      // Both hopeless (most tries on an on-time path): charged as tryMove charges them, without its calls. `onTime` comes
      // from the caller, once per stretch: asking `hopeless` here for each way round cost ~11 % more CPU (measured).
      state.meter.spent += 2;
      return false;
    }
    return this.tryMove(state, first, last, gap, false, change) || this.tryMove(state, first, last, gap, true, reversedChange);
  }

  /** Move first..last (reversed or not) between positions gap and gap + 1; `change` is the change in travel. */
  private tryMove(state: Timeline, first: number, last: number, gap: number, reversed: boolean, change: number): boolean {
    state.meter.spent++;
    if (change === Infinity || this.hopeless(state, change)) return false;
    const s = state.sequence;
    const head = s[reversed ? last : first];
    const tail = s[reversed ? first : last];
    if (this.barred(state, s[first - 1], s[last + 1]) || this.barred(state, s[gap], head) || this.barred(state, tail, s[gap + 1])) return false;
    const c = state.candidate;
    const size = last - first + 1;
    const at = gap > last ? gap - size + 1 : gap + 1;
    // The stops between shift by the stretch's size (loops, not subarrays: a subarray per try is garbage).
    if (gap > last) for (let position = last + 1; position <= gap; position++) c[position - size] = s[position];
    else for (let position = gap + 1; position < first; position++) c[position + size] = s[position];
    for (let k = 0; k < size; k++) c[at + k] = s[reversed ? last - k : first + k];
    return gap > last ? this.tryCandidate(state, first, gap, change) : this.tryCandidate(state, gap + 1, last, change);
  }

  private reverseStretches(state: Timeline): boolean {
    const s = state.sequence;
    const { travel, nodeCount: size } = state.problem;
    let improved = false;
    for (let first = 1; first < state.length - 1 && !this.spent(state); first++) {
      let looked = 0;
      for (let last = first + 1; state.allFree(first, last); last++) {
        looked++;
        const before = s[first - 1] * size;
        const change =
          travel[before + s[last]] + travel[s[first] * size + s[last + 1]] -
          travel[before + s[first]] - travel[s[last] * size + s[last + 1]] +
          state.reversalChange(first, last);
        if (this.hopeless(state, change) || this.barred(state, s[first - 1], s[last]) || this.barred(state, s[first], s[last + 1])) continue;
        const c = state.candidate;
        // Written one by one (not a block copy, which costs next to nothing): counted like positions walked.
        looked += last - first + 1;
        for (let k = first; k <= last; k++) c[k] = s[first + last - k];
        if (this.tryCandidate(state, first, last, change)) improved = true;
      }
      state.meter.spent += looked;
    }
    return improved;
  }

  /** Swap two stops at least two apart (next to each other is a reversal), across pinned stops too. */
  private swapStops(state: Timeline): boolean {
    const s = state.sequence;
    const { travel, nodeCount: size } = state.problem;
    const end = state.length - 1;
    let improved = false;
    for (let i = 1; i < end && !this.spent(state); i++) {
      if (!state.allFree(i, i)) continue;
      let looked = 0;
      for (let j = i + 2; j < end; j++) {
        if (!state.allFree(j, j)) continue;
        looked++;
        const a = s[i];
        const b = s[j];
        const beforeI = s[i - 1] * size;
        const beforeJ = s[j - 1] * size;
        const rowA = a * size;
        const rowB = b * size;
        const change =
          travel[beforeI + b] + travel[rowB + s[i + 1]] + travel[beforeJ + a] + travel[rowA + s[j + 1]] -
          travel[beforeI + a] - travel[rowA + s[i + 1]] - travel[beforeJ + b] - travel[rowB + s[j + 1]];
        if (this.hopeless(state, change) || this.barred(state, s[i - 1], b) || this.barred(state, a, s[j + 1])) continue;
        state.candidate[i] = b;
        state.candidate[j] = a;
        if (this.tryCandidate(state, i, j, change)) improved = true;
      }
      state.meter.spent += looked;
    }
    return improved;
  }
}
