/**
 * Cheapest insertion: where in an open path one more node adds the least cost, the path's first node staying
 * first (a trip starts where it starts). Over any cost function, symmetric or not; one pass over the path.
 */

export interface Insertion {
  /** Where the node goes: between path[slot - 1] and path[slot]; path.length is after the last. */
  slot: number;
  /** What the path's cost grows by with the node there. */
  added: number;
}

/** The cheapest slot for `node` in `path` (from 1: nothing goes before the first); ties go to the later slot. */
export function cheapestInsertion(path: readonly number[], node: number, cost: (from: number, to: number) => number): Insertion {
  if (path.length === 0) return { slot: 0, added: 0 };
  let best: Insertion = { slot: path.length, added: cost(path[path.length - 1], node) };
  for (let slot = path.length - 1; slot >= 1; slot--) {
    const [before, after] = [path[slot - 1], path[slot]];
    const added = cost(before, node) + cost(node, after) - cost(before, after);
    if (added < best.added) best = { slot, added };
  }
  return best;
}
