/**
 * Where a new stop goes: at the end, or where it fits best, the place in the route that adds the least driving
 * (cheapest insertion over the offline drive estimate, so it is known at once, offline, before anything is
 * written). Stops without a position take no part: a new stop goes right after a located stop, and one without
 * a position can only go at the end.
 */
import type { LatLng } from '../domain/distance.ts';
import { hasPosition } from '../domain/position.ts';
import { cheapestInsertion } from './cheapestInsertion.ts';
import { estimatedDriveMinutes } from './driveEstimate.ts';

export interface StopPlacement {
  /** The index in the stop list the new stop takes (addStop's index). */
  index: number;
  /** Minutes of driving the stop adds there, rounded. */
  addedMinutes: number;
  /** The located stops either side of it; `before` is null at the end. */
  after: string | null;
  before: string | null;
}

export interface StopPlacements {
  end: StopPlacement;
  best: StopPlacement;
}

type PlacedStop = LatLng & { name: string };

export function stopPlacements(stops: readonly PlacedStop[], place: LatLng): StopPlacements {
  const located = stops.flatMap((stop, index) => (hasPosition(stop) ? [index] : []));
  const lastLocated = located.at(-1);
  const end: StopPlacement = {
    index: stops.length,
    addedMinutes: lastLocated === undefined || !hasPosition(place) ? 0 : Math.round(estimatedDriveMinutes(stops[lastLocated], place)),
    after: stops.at(-1)?.name ?? null,
    before: null,
  };
  if (!hasPosition(place) || located.length < 2) return { end, best: end };
  // Node -1 is the new place; the others are indexes into `stops`.
  const point = (node: number) => (node === -1 ? place : stops[node]);
  const { slot, added } = cheapestInsertion(located, -1, (from, to) => estimatedDriveMinutes(point(from), point(to)));
  if (slot === located.length) return { end, best: end };
  const [after, before] = [stops[located[slot - 1]], stops[located[slot]]];
  return { end, best: { index: located[slot - 1] + 1, addedMinutes: Math.round(added), after: after.name, before: before.name } };
}

export type PlacementKind = keyof StopPlacements;

/**
 * Several new stops (an import's places), in their order, each placed as `kind` says in the list as the ones
 * before it left it: the index each takes when added in turn (addStop's index), and the driving they add in all.
 */
export function placeEach(stops: readonly PlacedStop[], places: readonly PlacedStop[], kind: PlacementKind): { indexes: number[]; addedMinutes: number } {
  const list = [...stops];
  const indexes: number[] = [];
  let addedMinutes = 0;
  for (const place of places) {
    const placement = stopPlacements(list, place)[kind];
    list.splice(placement.index, 0, place);
    indexes.push(placement.index);
    addedMinutes += placement.addedMinutes;
  }
  return { indexes, addedMinutes };
}
