/**
 * Where the time-window search starts: two quick orders that keep the pinned positions, of which the
 * search takes the more punctual. Narrow windows are met mostly by visiting in order of closing time;
 * wide or repeating ones (a stop open every day) by a time-aware nearest neighbour.
 */
import { latenessAt, serviceStart, type TimedProblem } from './timedProblem.ts';

/** Free nodes by the close of their first window (then its opening), into the free positions in order. */
export function byClosingTime(problem: TimedProblem): Int32Array {
  const { windowFrom, opens, closes } = problem;
  const free = Array.from(problem.freeNodes).sort((a, b) => {
    const [x, y] = [windowFrom[a], windowFrom[b]];
    return closes[x] - closes[y] || opens[x] - opens[y] || a - b;
  });
  const sequence = Int32Array.from(problem.pinnedAt);
  for (let position = 0, next = 0; position < problem.length; position++) if (sequence[position] < 0) sequence[position] = free[next++];
  return sequence;
}

/**
 * Each free position takes the free node reached with the least lateness, then where service can start
 * soonest (so a node that opens later waits its turn), then the shortest drive.
 */
export function soonestNext(problem: TimedProblem): Int32Array {
  const { travel, service, nodeCount, pinnedAt } = problem;
  const sequence = new Int32Array(problem.length);
  const left = Array.from(problem.freeNodes);
  let time = problem.startTime;
  for (let position = 0; position < problem.length; position++) {
    let node = pinnedAt[position];
    const from = sequence[position - 1] * nodeCount;
    if (node < 0) {
      let chosen = 0;
      let bestLate = Infinity;
      let bestStart = Infinity;
      for (let k = 0; k < left.length; k++) {
        const arrival = time + travel[from + left[k]];
        const late = latenessAt(problem, left[k], arrival);
        const start = serviceStart(problem, left[k], arrival);
        if (late < bestLate || (late === bestLate && (start < bestStart || (start === bestStart && travel[from + left[k]] < travel[from + left[chosen]])))) {
          [chosen, bestLate, bestStart] = [k, late, start];
        }
      }
      node = left[chosen];
      left[chosen] = left[left.length - 1];
      left.pop();
    }
    sequence[position] = node;
    time = position === 0 ? problem.startTime : serviceStart(problem, node, time + travel[from + node]) + service[node];
  }
  return sequence;
}
