/**
 * The state behind PlacementChoice for one new stop: where "At the end" and "Where it fits best" put `place`
 * among the trip's stops, which one is chosen ("At the end" until the user says otherwise), and whether there
 * is a choice to offer at all (the two differ).
 */
import { useMemo, useState } from 'react';
import { stopPlacements, type DocStop, type LatLng, type PlacementKind, type StopPlacements } from '@caravan/shared';

/** Whether there is anything to choose: "Where it fits best" is somewhere other than the end. */
export const offersChoice = (placements: StopPlacements) => placements.best.index !== placements.end.index;

export function usePlacement(stops: readonly DocStop[], place: LatLng) {
  const placements = useMemo(() => stopPlacements(stops, place), [stops, place]);
  const [kind, setKind] = useState<PlacementKind>('end');
  return { placements, kind, setKind, index: placements[kind].index, offered: offersChoice(placements) };
}
