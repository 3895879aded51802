/**
 * The heuristic for paths too long to solve exactly, a general variable neighbourhood search in the manner
 * of da Silva & Urrutia (2010): local search from the more punctual of two starting orders (only one:
 * while late, the search walks every move's clock), then over and over shake the best path by `level`
 * random stop moves and search again; a better path (less lateness, then less travel) resets the level
 * to 1, anything else raises it. Once the best path is on time the
 * shaking keeps it on time, so the search walks only among on-time paths; until then it shakes freely and
 * looks for the least lateness. Stops when its work budget is spent (a larger one while no path is on time),
 * at the iteration cap or after a long run without gain: never on a clock, so the answer does not depend on
 * how busy the machine is.
 */
import { randomInt, seededRandom, type Random } from '../solver/random.ts';
import { Timeline } from './timeline.ts';
import type { TimedProblem } from './timedProblem.ts';
import { TimedLocalSearch } from './timedLocalSearch.ts';
import { byClosingTime, soonestNext } from './startingPaths.ts';
import { WorkMeter } from './workMeter.ts';

export interface TimedSearchLimits {
  /** Work units (./workMeter.ts) after which no new shake starts once the best path is on time. */
  readonly work: number;
  /** The same while no on-time path has been found (the search looks longer for one). */
  readonly lateWork: number;
  readonly maxIterations: number;
  /** Cap on the local search's improving moves over the whole search. */
  readonly maxMoves?: number;
  /** Stop after this many shakes in a row found nothing better. */
  readonly stallIterations: number;
  readonly seed: number;
}

/** The most random moves in one shake (then back to one). */
const MOST_SHAKE_MOVES = 8;
/** How far a "near" shake move takes a stop. */
const NEAR_SHAKE_REACH = 6;
/** Tries to find one random move that keeps an on-time path on time. */
const TRIES_PER_SHAKE_MOVE = 20;

/** The more punctual of the two starting orders, improved by local search: the heuristic's start, and the exact search's bound. */
export function descendedStart(problem: TimedProblem, search = new TimedLocalSearch(problem.travel), meter = new WorkMeter()): Timeline {
  const [one, other] = [byClosingTime(problem), soonestNext(problem)].map((sequence) => new Timeline(problem, sequence, meter));
  const best = isBetter(other, one) ? other : one;
  search.run(best);
  return best;
}

/** The best path found and the work units the search spent. */
export function searchTimed(problem: TimedProblem, limits: TimedSearchLimits): { sequence: Int32Array; work: number } {
  const meter = new WorkMeter(limits.work, limits.lateWork);
  const search = new TimedLocalSearch(problem.travel, limits.maxMoves ?? Infinity);
  const best = descendedStart(problem, search, meter);
  const current = new Timeline(problem, best.sequence, meter);
  const shaker = new Shaker(problem, seededRandom(limits.seed));
  let level = 1;
  let sinceGain = 0;
  for (let iteration = 0; iteration < limits.maxIterations && sinceGain < limits.stallIterations; iteration++) {
    if (meter.exhausted(best.lateness() > 0)) break;
    current.copyFrom(best);
    if (!shaker.shake(current, level)) break;
    search.run(current);
    sinceGain++;
    if (isBetter(current, best)) {
      sinceGain = 0;
      level = 1;
    } else {
      level = level === MOST_SHAKE_MOVES ? 1 : level + 1;
    }
    // A path as good as the best replaces it too, so the search drifts across plateaus instead of circling one path.
    if (!isBetter(best, current)) best.copyFrom(current);
  }
  return { sequence: best.sequence, work: meter.spent };
}

function isBetter(a: Timeline, b: Timeline): boolean {
  return a.lateness() < b.lateness() || (a.lateness() === b.lateness() && a.travel() < b.travel());
}

class Shaker {
  /** Free positions, and for each the run of free positions it lies in. */
  private readonly free: number[] = [];
  private readonly runOf: Array<[number, number]> = [];

  constructor(
    problem: TimedProblem,
    private readonly random: Random,
  ) {
    let run: [number, number] | null = null;
    for (let position = 0; position < problem.length; position++) {
      if (problem.pinnedAt[position] >= 0) {
        run = null;
        continue;
      }
      if (run === null) run = [position, position];
      run[1] = position;
      this.free.push(position);
      this.runOf.push(run);
    }
  }

  /** Make `moves` random moves (keeping an on-time path on time); false when there is nothing to move. */
  shake(state: Timeline, moves: number): boolean {
    if (this.free.length < 2) return false;
    const onTime = state.lateness() === 0;
    for (let move = 0; move < moves; move++) {
      for (let tries = 0; tries < TRIES_PER_SHAKE_MOVE; tries++) {
        const [first, last] = this.randomMove(state);
        if (first < 0) continue;
        if (!onTime || state.candidateLateness(first, last, 0) === 0) {
          state.adopt(first, last);
          break;
        }
        state.discard(first, last);
      }
    }
    return true;
  }

  /**
   * Write a random move into the candidate and return the stretch it changed: one stop moved elsewhere in its
   * run of free positions, or (when pinned stops split the runs, sometimes) swapped with a stop in another run.
   */
  private randomMove(state: Timeline): [number, number] {
    const pick = randomInt(this.random, 0, this.free.length - 1);
    const from = this.free[pick];
    const [start, end] = this.runOf[pick];
    const s = state.sequence;
    const c = state.candidate;
    if (end === start || (this.runOf[0] !== this.runOf[this.runOf.length - 1] && this.random() < 0.3)) {
      const to = this.free[randomInt(this.random, 0, this.free.length - 1)];
      if (to === from) return [-1, -1];
      [c[from], c[to]] = [s[to], s[from]];
      return [Math.min(from, to), Math.max(from, to)];
    }
    // Half the moves stay within a few positions: with narrow windows a far move is hardly ever on time.
    const reach = this.random() < 0.5 ? NEAR_SHAKE_REACH : end - start;
    const low = Math.max(start, from - reach);
    let to = randomInt(this.random, low, Math.min(end, from + reach) - 1);
    if (to >= from) to++;
    // The stop at `from` goes to position `to`; those between shift by one towards where it was.
    if (to > from) c.set(s.subarray(from + 1, to + 1), from);
    else c.set(s.subarray(to, from), to + 1);
    c[to] = s[from];
    return [Math.min(from, to), Math.max(from, to)];
  }
}
