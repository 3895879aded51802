/**
 * Putting a stop on the map (docs/product.md#stops): "place this stop" mode, where the next click on the map sets
 * the position of the stop picked in 'Edit details', or of a new stop Add Manually could not find (it is added only
 * then, where the click was), or is the place another feature asks for (a suggested stop Suggest Stop could not
 * find: any member may pick that, as it changes no stop); and dragging a marker (useMarkerMove). Escape, anywhere on the page, or the map's
 * Cancel leaves the mode; both outcomes are announced (toasts are a live region).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { roundedPosition, type DocStop, type NewStop } from '@caravan/shared';
import { useToastStore } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import { useMarkerMove, type MarkerMove, type MarkerUndo } from './useMarkerMove.ts';
import type { StopEditing } from './useStopEditing.ts';

const text = tripPageMessages;

type Position = { latitude: number; longitude: number };

export interface PlaceOnMap {
  /** The stop waiting for a click on the map, or null; `changesStops` when only an owner or editor may place it. */
  placing: { name: string; changesStops: boolean } | null;
  start: (stop: DocStop) => void;
  /** Waits for a click to add a new stop there, at `index` (the end when omitted); `onAdded` once it is in. */
  startNew: (fields: NewStop, index: number | undefined, onAdded: () => void) => void;
  /** Waits for a click and hands its position to `onPicked`: where `name` is, for a form that is not a stop's. */
  pick: (name: string, onPicked: (position: Position) => void) => void;
  cancel: () => void;
  /** The click that places what `placing` names. */
  place: (position: Position) => void;
  /** A marker dropped somewhere else. */
  moveStop: MarkerMove;
}

interface Placing {
  name: string;
  changesStops: boolean;
  commit: (position: Position) => void;
}

export function usePlaceOnMap(editing: Pick<StopEditing, 'edit' | 'add'>, stops: DocStop[], undoManager: MarkerUndo | null): PlaceOnMap {
  const { edit, add } = editing;
  const [placing, setPlacing] = useState<Placing | null>(null);
  const show = useToastStore((state) => state.show);
  const moveStop = useMarkerMove(edit, stops, undoManager);

  const cancel = useCallback(() => {
    if (placing) show(text.placingCancelled(placing.name), 'info');
    setPlacing(null);
  }, [placing, show]);

  const place = useCallback(
    (position: Position) => {
      if (!placing) return;
      placing.commit(roundedPosition(position));
      setPlacing(null);
    },
    [placing],
  );

  useEffect(() => {
    if (!placing) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && cancel();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [placing, cancel]);

  const start = useCallback(
    (stop: DocStop) =>
      setPlacing({
        name: stop.name,
        changesStops: true,
        commit: (position) => {
          const moved = edit(stop.id, position);
          show(moved ? text.stopPlaced(stop.name) : text.locationFailed, moved ? 'success' : 'error');
        },
      }),
    [edit, show],
  );

  const startNew = useCallback<PlaceOnMap['startNew']>(
    (fields, index, onAdded) =>
      setPlacing({
        name: fields.name,
        changesStops: true,
        commit: (position) => {
          try {
            add({ ...fields, ...position }, index);
            show(text.stopAdded(fields.name), 'success');
            onAdded();
          } catch {
            show(text.stopAddFailed, 'error');
          }
        },
      }),
    [add, show],
  );

  const pick = useCallback<PlaceOnMap['pick']>((name, onPicked) => setPlacing({ name, changesStops: false, commit: onPicked }), []);

  const shown = useMemo(() => (placing ? { name: placing.name, changesStops: placing.changesStops } : null), [placing]);
  return useMemo(
    () => ({ placing: shown, start, startNew, pick, cancel, place, moveStop }),
    [shown, start, startNew, pick, cancel, place, moveStop],
  );
}
