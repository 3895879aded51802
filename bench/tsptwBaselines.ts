/**
 * The two baselines bench:route runs beside the time-window solver, plain on purpose: a time-aware nearest
 * neighbour and a cheapest insertion. Both start at node 0 at the start time, keep an optional required
 * last node last, and walk the clock with the engine's test kit (`timedCost`), not the solver's pieces.
 */
import { timedCost } from '@caravan/engine/test';
import type { TimeWindowOptions } from '@caravan/engine';

type Matrix = readonly (readonly number[])[];

/**
 * Nearest neighbour in time: from where we are, go next to the unvisited node reached on time where
 * service can start soonest (ties: the shorter drive); when none can be reached on time, to the one that
 * will be the least late.
 */
export function soonestNeighbourOrder(travel: Matrix, options: TimeWindowOptions): number[] {
  const { startTime = 0, windows = [], serviceTimes = [], last = null } = options;
  const order = [0];
  const left = new Set([...travel.keys()].filter((node) => node !== 0 && node !== last));
  let time = startTime;
  while (left.size > 0) {
    const from = order[order.length - 1];
    let chosen = -1;
    let chosenLate = Infinity;
    let chosenStart = Infinity;
    for (const node of left) {
      const arrival = time + travel[from][node];
      const open = (windows[node] ?? []).find(([, latest]) => arrival <= latest);
      const late = open || !windows[node]?.length ? 0 : arrival - windows[node]!.at(-1)![1];
      const start = Math.max(arrival, open?.[0] ?? arrival);
      if (late < chosenLate || (late === chosenLate && (start < chosenStart || (start === chosenStart && travel[from][node] < travel[from][chosen])))) {
        [chosen, chosenLate, chosenStart] = [node, late, start];
      }
    }
    order.push(chosen);
    left.delete(chosen);
    time = chosenStart + (serviceTimes[chosen] ?? 0);
  }
  if (last !== null && last !== 0) order.push(last);
  return order;
}

/**
 * Cheapest insertion: nodes taken by the close of their first window (then its opening), each put where the
 * path so far is least late, then where it adds the least travel.
 */
export function cheapestInsertionOrder(travel: Matrix, options: TimeWindowOptions): number[] {
  const { windows = [], last = null } = options;
  const order = last !== null && last !== 0 ? [0, last] : [0];
  const closeOf = (node: number) => windows[node]?.[0]?.[1] ?? Infinity;
  const openOf = (node: number) => windows[node]?.[0]?.[0] ?? -Infinity;
  const nodes = [...travel.keys()].filter((node) => node !== 0 && node !== last).sort((a, b) => closeOf(a) - closeOf(b) || openOf(a) - openOf(b));
  for (const node of nodes) {
    let best = { late: Infinity, travel: Infinity, at: 1 };
    const slots = last !== null && last !== 0 ? order.length - 1 : order.length;
    for (let at = 1; at <= slots; at++) {
      const tried = timedCost(travel, [...order.slice(0, at), node, ...order.slice(at)], options);
      if (tried.late < best.late || (tried.late === best.late && tried.travel < best.travel)) best = { ...tried, at };
    }
    order.splice(best.at, 0, node);
  }
  return order;
}
