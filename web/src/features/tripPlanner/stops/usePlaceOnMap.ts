/**
 * Moving a stop on the map (docs/product.md#stops): dragging its marker, or "place this stop" mode, where the
 * next click on the map sets the position of the stop picked in 'Edit details'. Escape, anywhere on the page,
 * or the map's Cancel leaves the mode; both outcomes are announced (toasts are a live region).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DocStop } from '@caravan/shared';
import { useToastStore } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import type { StopEditing } from './useStopEditing.ts';

const text = tripPageMessages;

type Position = { latitude: number; longitude: number };

/** A map click or drop carries the pointer's full float precision; a metre (6 decimals) is plenty for a stop. */
const rounded = ({ latitude, longitude }: Position): Position => ({
  latitude: Number(latitude.toFixed(6)),
  longitude: Number(longitude.toFixed(6)),
});

export interface PlaceOnMap {
  /** The stop waiting for a click on the map, or null. */
  placing: Pick<DocStop, 'id' | 'name'> | null;
  start: (stop: DocStop) => void;
  cancel: () => void;
  /** The click that places `placing`. */
  place: (position: Position) => void;
  /** A marker dropped somewhere else. */
  moveStop: (stopId: string, position: Position) => void;
}

export function usePlaceOnMap(edit: StopEditing['edit'], stops: DocStop[]): PlaceOnMap {
  const [placing, setPlacing] = useState<PlaceOnMap['placing']>(null);
  const show = useToastStore((state) => state.show);

  const moveTo = useCallback(
    (stopId: string, name: string, position: Position) => {
      const moved = edit(stopId, rounded(position));
      show(moved ? text.stopPlaced(name) : text.locationFailed, moved ? 'success' : 'error');
    },
    [edit, show],
  );

  // The name is read at the drop, so a rename made meanwhile is the one announced.
  const nameOf = useCallback((stopId: string) => stops.find((stop) => stop.id === stopId)?.name ?? '', [stops]);
  const moveStop = useCallback((stopId: string, position: Position) => moveTo(stopId, nameOf(stopId), position), [moveTo, nameOf]);

  const cancel = useCallback(() => {
    if (placing) show(text.placingCancelled(placing.name), 'info');
    setPlacing(null);
  }, [placing, show]);

  const place = useCallback(
    (position: Position) => {
      if (!placing) return;
      moveTo(placing.id, placing.name, position);
      setPlacing(null);
    },
    [placing, moveTo],
  );

  useEffect(() => {
    if (!placing) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && cancel();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [placing, cancel]);

  const start = useCallback((stop: DocStop) => setPlacing({ id: stop.id, name: stop.name }), []);
  return useMemo(() => ({ placing, start, cancel, place, moveStop }), [placing, start, cancel, place, moveStop]);
}
