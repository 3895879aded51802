/**
 * "Plan my days" (docs/product.md#plan-my-days), the dialog's state: the options (end at the last stop, pinned
 * stops), the server's plan, Add for a suggested place to sleep, and Apply. Apply writes the planned order, and
 * the overnight mark on each day's last stop, into the live document as this tab's own single transaction (one
 * Undo), as Optimise route's Apply does; a plan made from an order that is no longer the document's is previewed
 * again instead.
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { addStop, arrangeStops, orderedStops, STOP_FIELD_KEYS, stopsMap, type TLodgingSuggestion, type TPlanDaysResponse } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripApi } from '../tripApi.ts';
import { planDaysMessages as text } from './messages.ts';

const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

// until the plan fields are in the doc schema: the live door refuses a whole update holding a key it does not know.
const OVERNIGHT_WRITABLE = STOP_FIELD_KEYS.includes('overnight' as never);

/** Whether applying the plan would change the document: a new order, or (once the key is taken) overnights. */
export const changesTrip = (plan: TPlanDaysResponse) =>
  !sameOrder(plan.order, plan.fromOrder) || (OVERNIGHT_WRITABLE && plan.after.days.some((day) => day.sleepsAt !== null));

/** Marks a stop as where the group sleeps, when the document takes the key. */
function markOvernight(connection: TripConnection, stopId: string) {
  if (OVERNIGHT_WRITABLE) stopsMap(connection.doc).get(stopId)?.set('overnight', true);
}

export function usePlanDays(tripId: string, connection: TripConnection, onApplied: () => void) {
  const toast = useToast();
  const [endAtLast, setEndAtLastState] = useState(false);
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const [plan, setPlan] = useState<TPlanDaysResponse | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  // Answers to an earlier request (options changed since) are dropped.
  const latestRequest = useRef(0);

  const preview = useMutation({
    mutationFn: async (request: { endAtLast: boolean; pinned: ReadonlySet<string> }) => {
      const asked = ++latestRequest.current;
      const answer = await tripApi.planDays({ tripId, endAtLast: request.endAtLast, pinnedStopIds: [...request.pinned] });
      return { asked, answer };
    },
    onSuccess: ({ asked, answer }) => {
      if (asked === latestRequest.current) setPlan(answer);
    },
  });

  const optionsChanged = () => {
    latestRequest.current++;
    setPlan(null);
    setNotice(null);
  };
  const setEndAtLast = (value: boolean) => {
    setEndAtLastState(value);
    optionsChanged();
  };
  const togglePin = (stopId: string) => {
    const next = new Set(pinned);
    if (!next.delete(stopId)) next.add(stopId);
    setPinned(next);
    optionsChanged();
  };
  const runPreview = () => {
    setNotice(null);
    preview.mutate({ endAtLast, pinned });
  };

  const apply = useCallback(() => {
    if (!plan) return;
    const current = orderedStops(connection.doc).map((stop) => stop.id);
    if (!sameOrder(current, plan.fromOrder)) {
      setPlan(null);
      setNotice(text.stale);
      preview.mutate({ endAtLast, pinned });
      return;
    }
    // Its own Undo step: not merged with an edit made just before, nor with one made just after.
    connection.undoManager.stopCapturing();
    connection.transact(() => {
      arrangeStops(connection.doc, plan.order);
      for (const day of plan.after.days) if (day.sleepsAt) markOvernight(connection, day.sleepsAt);
    });
    connection.undoManager.stopCapturing();
    toast.success(text.applied);
    onApplied();
  }, [plan, connection, preview, endAtLast, pinned, toast, onApplied]);

  /** Adds the place as a stop right after the day's last stop, as where the group sleeps: one Undo. */
  const addLodging = useCallback(
    (afterStopId: string, place: TLodgingSuggestion) => {
      const index = orderedStops(connection.doc).findIndex((stop) => stop.id === afterStopId);
      if (index < 0) return;
      const id = crypto.randomUUID();
      connection.undoManager.stopCapturing();
      connection.transact(() => {
        addStop(connection.doc, id, { name: place.name, address: place.address || null, latitude: place.latitude, longitude: place.longitude }, index + 1);
        markOvernight(connection, id);
      });
      connection.undoManager.stopCapturing();
      setAdded((before) => new Set(before).add(`${afterStopId}:${place.name}`));
      toast.success(text.added(place.name));
    },
    [connection, toast],
  );

  return {
    endAtLast,
    setEndAtLast,
    pinned,
    togglePin,
    preview: runPreview,
    previewing: preview.isPending,
    previewError: preview.isError ? errorMessage(preview.error, text.previewFailed) : null,
    plan,
    notice,
    apply,
    addLodging,
    isAdded: (afterStopId: string, place: TLodgingSuggestion) => added.has(`${afterStopId}:${place.name}`),
  };
}
