/**
 * Time-window test instances and their exact answer by brute force: shared by the time-window solver's
 * tests and `npm run bench:route`. The brute force walks the clock itself (not with the solver's pieces),
 * so the two judge each other. Times are whole numbers so sums compare exactly.
 */
import { randomInt, type Random } from '../road/solver/random.ts';
import type { TimeWindow, TimeWindowOptions } from '../road/timeWindows/timeWindowOptions.ts';
import { randomCostMatrix } from './tourInstances.ts';

export interface TimeWindowInstance {
  readonly costs: number[][];
  readonly options: TimeWindowOptions;
  /** What the instance is, for a failing test's message. */
  readonly label: string;
}

/** Lateness and travel of visiting in this order, walking the clock from the start (a closed tour adds the way back). */
export function timedCost(costs: readonly (readonly number[])[], order: readonly number[], options: TimeWindowOptions): { late: number; travel: number } {
  let time = options.startTime ?? 0;
  let late = 0;
  let travel = 0;
  const visits = options.closed && order.length > 1 ? [...order, order[0]] : order;
  for (let k = 1; k < visits.length; k++) {
    const node = visits[k];
    const arrival = time + costs[visits[k - 1]][node];
    travel += costs[visits[k - 1]][node];
    const windows = options.windows?.[node] ?? [];
    const open = windows.find(([, latest]) => arrival <= latest);
    if (windows.length > 0 && !open) late += arrival - windows[windows.length - 1][1];
    time = Math.max(arrival, open?.[0] ?? arrival) + (options.serviceTimes?.[node] ?? 0);
  }
  return { late, travel };
}

/** The least lateness, then the least travel, of any order that keeps the instance's places, by trying every one. */
export function bruteForceTimed(costs: readonly (readonly number[])[], options: TimeWindowOptions): { late: number; travel: number } {
  const n = costs.length;
  const nodeAt = new Array<number>(n).fill(-1);
  nodeAt[0] = options.first ?? 0;
  if (options.last != null) nodeAt[n - 1] = options.last;
  for (const [node, position] of options.fixedPositions ?? []) nodeAt[position] = node;
  const pinned = new Set(nodeAt.filter((node) => node >= 0));
  const order: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  let best = { late: Infinity, travel: Infinity };
  const extend = () => {
    if (order.length === n) {
      const cost = timedCost(costs, order, options);
      if (cost.late < best.late || (cost.late === best.late && cost.travel < best.travel)) best = cost;
      return;
    }
    const position = order.length;
    for (let node = 0; node < n; node++) {
      if (used[node] || (nodeAt[position] >= 0 ? node !== nodeAt[position] : pinned.has(node))) continue;
      order.push(node);
      used[node] = true;
      extend();
      used[node] = false;
      order.pop();
    }
  };
  extend();
  return best;
}

/**
 * A random trip of 1..maxStops stops with stays and windows: windows are laid around the times of a random
 * order (so most trips can be on time), some narrowed until they cannot, some nodes open on two "days",
 * some without a window; symmetric or not, open or closed, with or without a last and pinned stops.
 */
export function randomTimeWindowInstance(random: Random, maxStops: number): TimeWindowInstance {
  const n = randomInt(random, 1, maxStops);
  const costs = randomCostMatrix(random, n, random() < 0.4);
  const first = randomInt(random, 0, n - 1);
  const closed = random() < 0.4;
  const serviceTimes = Array.from({ length: n }, () => (random() < 0.3 ? 0 : randomInt(random, 10, 120)));
  const reference = [first, ...shuffled(random, [...Array(n).keys()].filter((node) => node !== first))];
  const last = n > 2 && random() < 0.3 ? reference[n - 1] : null;
  const fixedPositions = new Map<number, number>();
  if (n > 3 && random() < 0.3) fixedPositions.set(reference[2], 2);
  const startTime = randomInt(random, 0, 100);
  // Times along the reference order, so windows laid around them can all be met.
  const times: number[] = [startTime];
  for (let k = 1; k < n; k++) times.push(times[k - 1] + serviceTimes[reference[k - 1]] + costs[reference[k - 1]][reference[k]]);
  const windows: Array<TimeWindow[] | undefined> = new Array(n);
  const tight = random() < 0.25;
  reference.forEach((node, k) => {
    const draw = random();
    if (k === 0 && !closed) return;
    if (draw < 0.2) return;
    const at = k === 0 ? times[n - 1] + serviceTimes[reference[n - 1]] + costs[reference[n - 1]][first] : times[k];
    const width = tight ? randomInt(random, 0, 30) : randomInt(random, 20, 600);
    const earliest = Math.max(0, at - randomInt(random, 0, width));
    const shift = tight && random() < 0.3 ? -randomInt(random, 50, 400) : 0;
    const window: TimeWindow = [earliest + shift, earliest + width + shift];
    windows[node] = draw < 0.35 ? [window, [window[1] + 600, window[1] + 900]] : [window];
  });
  const label = `${n} stops, ${closed ? 'closed' : 'open'}, first ${first}, last ${last}, pinned ${JSON.stringify([...fixedPositions])}, ${tight ? 'tight' : 'loose'}`;
  return { costs, options: { first, closed, last, fixedPositions, startTime, serviceTimes, windows }, label };
}

function shuffled<T>(random: Random, items: T[]): T[] {
  for (let k = items.length - 1; k > 0; k--) {
    const j = randomInt(random, 0, k);
    [items[k], items[j]] = [items[j], items[k]];
  }
  return items;
}
