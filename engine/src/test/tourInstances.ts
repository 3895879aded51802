/**
 * Route-order test instances and their exact answer by brute force (docs/product.md#optimise-route): shared by
 * the solver's tests and `npm run bench:route`, so both judge the solver against the same plain enumeration of every
 * order. Costs are whole numbers so sums compare exactly.
 */
import { randomInt, type Random } from '../road/solver/random.ts';
import type { TourOptions } from '../road/tourSolver.ts';

export interface TourInstance {
  readonly costs: number[][];
  readonly options: TourOptions;
  /** What the instance is, for a failing test's message. */
  readonly label: string;
}

/**
 * n random points in a 1000 × 1000 square; the cost is their rounded distance, or for an asymmetric
 * matrix that distance stretched by up to 40 % differently each way (as drive times differ by direction).
 */
export function randomCostMatrix(random: Random, n: number, symmetric: boolean): number[][] {
  const points = Array.from({ length: n }, () => [random() * 1000, random() * 1000]);
  const costs = points.map(([xa, ya]) => points.map(([xb, yb]) => Math.hypot(xa - xb, ya - yb)));
  return costs.map((row, a) =>
    row.map((distance, b) => {
      if (a === b) return 0;
      return Math.round(symmetric ? costs[Math.min(a, b)][Math.max(a, b)] : distance * (1 + 0.4 * random()));
    }),
  );
}

/** A random trip of 1..maxStops stops: symmetric or not, open or closed, with or without a first, a last and pinned stops. */
export function randomTourInstance(random: Random, maxStops: number): TourInstance {
  const n = randomInt(random, 1, maxStops);
  const symmetric = random() < 0.5;
  const closed = random() < 0.3;
  const draw = random();
  const first = draw < 0.5 ? 0 : draw < 0.75 ? randomInt(random, 0, n - 1) : null;
  const taken = new Set(first === null ? [] : [first]);
  const takenPositions = new Set(first === null ? [] : [0]);
  let last: number | null = null;
  if (n > 1 && random() < 0.35) {
    const candidate = randomInt(random, 0, n - 1);
    if (!taken.has(candidate) && !takenPositions.has(n - 1)) {
      last = candidate;
      taken.add(candidate);
      takenPositions.add(n - 1);
    }
  }
  const fixedPositions = new Map<number, number>();
  for (let pins = randomInt(random, 0, 2); pins > 0; pins--) {
    const node = randomInt(random, 0, n - 1);
    const position = randomInt(random, 0, n - 1);
    if (taken.has(node) || takenPositions.has(position)) continue;
    fixedPositions.set(node, position);
    taken.add(node);
    takenPositions.add(position);
  }
  const label =
    `${n} stops, ${symmetric ? 'symmetric' : 'asymmetric'}, ${closed ? 'closed' : 'open'}, first ${first}, last ${last}, ` +
    `pinned ${JSON.stringify([...fixedPositions])}`;
  return { costs: randomCostMatrix(random, n, symmetric), options: { closed, first, last, fixedPositions }, label };
}

/** Whether an order keeps the instance's first, last and pinned positions. */
export function keepsPlaces(order: readonly number[], options: TourOptions): boolean {
  const first = options.first === undefined ? 0 : options.first;
  if (order.length === 0) return true;
  if (first !== null && order[0] !== first) return false;
  if (options.last != null && order[order.length - 1] !== options.last) return false;
  return [...(options.fixedPositions ?? [])].every(([node, position]) => order[position] === node);
}

/** The least cost of any order that keeps the instance's places, found by trying every such order. */
export function bruteForceCost(costs: readonly (readonly number[])[], options: TourOptions): number {
  const n = costs.length;
  const nodeAt = new Array<number>(n).fill(-1);
  const first = options.first === undefined ? 0 : options.first;
  if (n > 0 && first !== null) nodeAt[0] = first;
  if (n > 0 && options.last != null) nodeAt[n - 1] = options.last;
  for (const [node, position] of options.fixedPositions ?? []) nodeAt[position] = node;
  const pinned = new Set(nodeAt.filter((node) => node >= 0));
  const order: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  let best = Infinity;
  // Position by position: a pinned position takes its node, a free one each unused free node in turn.
  const extend = (cost: number) => {
    const position = order.length;
    if (position === n) {
      best = Math.min(best, options.closed && n > 1 ? cost + costs[order[n - 1]][order[0]] : cost);
      return;
    }
    for (let node = 0; node < n; node++) {
      if (used[node] || (nodeAt[position] >= 0 ? node !== nodeAt[position] : pinned.has(node))) continue;
      const step = position === 0 ? 0 : costs[order[position - 1]][node];
      order.push(node);
      used[node] = true;
      extend(cost + step);
      used[node] = false;
      order.pop();
    }
  };
  extend(0);
  return best;
}
