/**
 * The heuristic for paths too long to solve exactly: a nearest-neighbour start, local search to a local
 * optimum, then kicks until the work budget, the iteration cap or a long run without gain ends it. A kick
 * swaps two neighbouring stretches of free positions (the "double bridge", which 2-opt and Or-opt cannot
 * undo in one move) or, when pinned stops split the free positions into runs, swaps one to three pairs of
 * free stops (the only way a stop crosses a pinned one); the kicked path is improved again and kept if
 * it is no worse than the best so far.
 */
import { LocalSearch } from './localSearch.ts';
import type { PathProblem } from './pathProblem.ts';
import { PathState } from './pathState.ts';
import { randomInt, seededRandom, type Random } from './random.ts';

export interface SearchLimits {
  /** Work (moves looked at, positions rewritten; see LocalSearch.work) after which no new kick starts: never a clock, so the order depends on the input and seed alone. */
  readonly work: number;
  readonly maxIterations: number;
  /** Stop after this many kicks in a row found nothing better (small paths settle long before the budget). */
  readonly stallIterations: number;
  readonly seed: number;
}

/** Longest stretch a kick moves: long enough to escape, short enough that local search repairs it quickly. */
const LONGEST_KICKED_STRETCH = 30;
/** Swaps in one kick across pinned stops: one swap is undone by local search too often (measured on 18-stop trips). */
const MOST_SWAPS_PER_KICK = 3;

/** Each free position takes the free node cheapest to reach from the position before it. */
export function nearestNeighbourPath(problem: PathProblem): Int32Array {
  const { costs, nodeCount, pinnedAt, freeNodes } = problem;
  const sequence = new Int32Array(problem.length);
  const left = Array.from(freeNodes);
  for (let position = 0; position < problem.length; position++) {
    if (pinnedAt[position] >= 0) {
      sequence[position] = pinnedAt[position];
      continue;
    }
    const from = sequence[position - 1] * nodeCount;
    let nearest = 0;
    for (let k = 1; k < left.length; k++) {
      if (costs[from + left[k]] < costs[from + left[nearest]]) nearest = k;
    }
    sequence[position] = left[nearest];
    left[nearest] = left[left.length - 1];
    left.pop();
  }
  return sequence;
}

/** Runs of consecutive free positions, as [first, last] pairs. */
function freeRuns(problem: PathProblem): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let position = 0; position < problem.length; position++) {
    if (problem.pinnedAt[position] >= 0) continue;
    const run = runs[runs.length - 1];
    if (run && run[1] === position - 1) run[1] = position;
    else runs.push([position, position]);
  }
  return runs;
}

class Kicker {
  private readonly runs: Array<[number, number]>;
  /** Free positions in order, to pick one uniformly. */
  private readonly free: number[] = [];
  private readonly runOf: Array<[number, number]> = [];

  constructor(
    problem: PathProblem,
    private readonly random: Random,
  ) {
    this.runs = freeRuns(problem);
    for (const run of this.runs) {
      for (let position = run[0]; position <= run[1]; position++) {
        this.free.push(position);
        this.runOf.push(run);
      }
    }
  }

  /** Perturb the path and queue the nodes around what changed; false when there is nothing to perturb. */
  kick(state: PathState, search: LocalSearch): boolean {
    if (this.free.length < 2) return false;
    const pick = randomInt(this.random, 0, this.free.length - 1);
    const [start, end] = this.runOf[pick];
    const runSize = end - start + 1;
    if (runSize < 3 || (this.runs.length > 1 && this.random() < 0.3)) {
      for (let swaps = randomInt(this.random, 1, MOST_SWAPS_PER_KICK); swaps > 0; swaps--) {
        const one = randomInt(this.random, 0, this.free.length - 1);
        let other = randomInt(this.random, 0, this.free.length - 2);
        if (other >= one) other++;
        state.swap(this.free[one], this.free[other]);
        search.touch(state, this.free[one], this.free[other]);
      }
      return true;
    }
    const firstSize = randomInt(this.random, 1, Math.min(LONGEST_KICKED_STRETCH, runSize - 2));
    const secondSize = randomInt(this.random, 1, Math.min(LONGEST_KICKED_STRETCH, runSize - firstSize - 1));
    const first = randomInt(this.random, start, end - firstSize - secondSize + 1);
    const secondLast = first + firstSize + secondSize - 1;
    state.move(first, first + firstSize - 1, secondLast, false);
    search.touch(state, first, first + secondSize, secondLast);
    return true;
  }
}

/** Best path found within the limits (positions pinned in the problem hold their nodes), and the work spent. */
export function searchPath(problem: PathProblem, limits: SearchLimits): { sequence: Int32Array; work: number } {
  const search = new LocalSearch(problem);
  const current = new PathState(problem, nearestNeighbourPath(problem));
  for (let node = 0; node < problem.realNodeCount; node++) search.queue.push(node);
  search.run(current);
  const best = new PathState(problem, current.sequence);
  const kicker = new Kicker(problem, seededRandom(limits.seed));
  let sinceGain = 0;
  for (let iteration = 0; iteration < limits.maxIterations && sinceGain < limits.stallIterations; iteration++) {
    if (search.work >= limits.work || !kicker.kick(current, search)) break;
    search.run(current);
    sinceGain++;
    if (current.cost() < best.cost() - search.epsilon) sinceGain = 0;
    if (current.cost() <= best.cost() + search.epsilon) best.copyFrom(current);
    else current.copyFrom(best);
    // The kick's move and the copy rewrite the path from where they start: charged as the length, an upper bound.
    search.work += 2 * current.sequence.length;
  }
  return { sequence: best.sequence, work: search.work };
}
