/**
 * Putting computed legs into a trip document (docs/architecture.md#derived-road-data-legs), inside the writer's
 * transaction: the stop list is read again there, so a leg computed for an order or a position that has
 * changed since is dropped, never written. Stops that are no leg's destination (the first located stop,
 * stops without a position) lose any leg they held, and each destination's estimatedDriveMinutes follows
 * its leg.
 */
import type * as Y from 'yjs';
import { legMatches, legPairs, orderedStops, updateStop, type DocStop, type DriveLeg } from '@caravan/shared';

/** Whether every stop holds the leg (or none) its place allows and drive minutes that follow it. */
export function legsTidy(stops: readonly DocStop[]): boolean {
  return [...wantedLegs(stops, [])].every(([stop, leg]) => sameLeg(stop, leg));
}

/** Writes `computed` legs that still fit and clears legs no stop should hold; call inside the writer's transaction. */
export function writeLegs(doc: Y.Doc, computed: readonly DriveLeg[]): void {
  for (const [stop, leg] of wantedLegs(orderedStops(doc), computed)) {
    if (!sameLeg(stop, leg)) updateStop(doc, stop.id, { driveLeg: leg, estimatedDriveMinutes: leg?.minutes ?? null });
  }
}

/**
 * Each stop's leg after this write: a destination keeps its current leg unless a computed one for the same
 * ends replaces it; every other stop holds none. `computed` holds one leg per start stop (one order's pairs).
 */
function wantedLegs(stops: readonly DocStop[], computed: readonly DriveLeg[]): Map<DocStop, DriveLeg | null> {
  const computedFrom = new Map(computed.map((leg) => [leg.fromStopId, leg]));
  const wanted = new Map<DocStop, DriveLeg | null>(stops.map((stop) => [stop, null]));
  for (const { from, to } of legPairs(stops)) {
    const fresh = computedFrom.get(from.id);
    wanted.set(to, legMatches(fresh, from, to) ? fresh : legMatches(to.driveLeg, from, to) ? to.driveLeg : null);
  }
  return wanted;
}

const sameLeg = (stop: DocStop, leg: DriveLeg | null) =>
  JSON.stringify(stop.driveLeg ?? null) === JSON.stringify(leg) && (stop.estimatedDriveMinutes ?? null) === (leg?.minutes ?? null);
