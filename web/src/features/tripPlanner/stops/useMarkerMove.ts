/**
 * A stop's marker dropped somewhere else (docs/product.md#stops): the stop moves at once and the move is announced
 * with its distance ("Moved Olympia 61 km", with Undo). Its address follows the new place (reverse geocoding)
 * unless the user typed it: an address counts as typed unless it is empty or a place search gives it for where the
 * stop was. The address joins the move's undo step when the move is still the last change, so one Undo reverts both.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { haversineKm, roundedPosition, type DocStop, type LatLng } from '@caravan/shared';
import { useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { locationsKey, reverseGeocode, searchLocations } from '../../../lib/locationSearch.ts';
import { useToastStore } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import type { StopEditing } from './useStopEditing.ts';

const text = tripPageMessages;

export type MarkerMove = (stopId: string, position: LatLng) => void;
/** What a move needs of the undo manager: its stack, to know whether the move is still the last change, and a way to join it. */
export type MarkerUndo = Pick<Y.UndoManager, 'undoStack' | 'undo' | 'lastChange' | 'stopCapturing'>;

/** A search result this close to where the stop was, under the stop's address, is where the address came from. */
const SAME_PLACE_KM = 1;

export function useMarkerMove(edit: StopEditing['edit'], stops: readonly DocStop[], undoManager: MarkerUndo | null): MarkerMove {
  const show = useToastStore((state) => state.show);
  const unit = useDistanceUnit();
  const queryClient = useQueryClient();
  // Read at the drop and when the address comes back: a rename or another move made meanwhile is the one that counts.
  const latest = useRef(stops);
  useEffect(() => {
    latest.current = stops;
  }, [stops]);
  const stopNamed = (stopId: string) => latest.current.find((stop) => stop.id === stopId);

  /** Whether the address came from a place search for where the stop was (so a move should change it too). */
  const isFoundAddress = useCallback(
    async (address: string, at: LatLng) => {
      const [here, named] = await Promise.all([
        reverseGeocode(at).catch(() => null),
        queryClient
          .fetchQuery({ queryKey: locationsKey(address, [at]), queryFn: () => searchLocations(address, [at]), staleTime: 60_000 })
          .catch(() => []),
      ]);
      return here?.address === address || named.some((place) => place.address === address && haversineKm(place, at) <= SAME_PLACE_KM);
    },
    [queryClient],
  );

  return useCallback<MarkerMove>(
    (stopId, position) => {
      const stop = stopNamed(stopId);
      if (!stop) return;
      const from = { latitude: stop.latitude, longitude: stop.longitude };
      const to = roundedPosition(position);
      if (!edit(stopId, to)) return show(text.locationFailed, 'error');
      const step = undoManager?.undoStack.at(-1);
      const isLastChange = () => step !== undefined && undoManager?.undoStack.at(-1) === step;
      const stillAt = (point: LatLng) => {
        const now = stopNamed(stopId);
        return now !== undefined && now.latitude === point.latitude && now.longitude === point.longitude;
      };
      const before = { ...from, address: stop.address };
      show(text.stopMoved(stop.name, haversineKm(from, to), unit), 'success', {
        label: text.undo,
        ariaLabel: text.undoMove(stop.name),
        altText: text.undoMoveHint(stop.name),
        onAction: () => {
          if (isLastChange()) undoManager!.undo();
          else if (stillAt(to)) edit(stopId, before);
        },
      });

      const address = stop.address?.trim() ?? '';
      void (async () => {
        const [found, place] = await Promise.all([address ? isFoundAddress(address, from) : true, reverseGeocode(to).catch(() => undefined)]);
        // Unreachable search: the address stays as it was rather than turning into a guess.
        if (!found || place === undefined) return;
        const next = place?.address ?? '';
        const now = stopNamed(stopId);
        if (!now || !stillAt(to) || (now.address ?? '') !== (stop.address ?? '') || next === (stop.address ?? '')) return;
        if (isLastChange()) undoManager!.lastChange = Date.now();
        edit(stopId, { address: next || null });
        undoManager?.stopCapturing();
      })();
    },
    // stopNamed reads the ref, so it needs no dependency.
    [edit, show, unit, undoManager, isFoundAddress],
  );
}
