/**
 * "Plan my days" (docs/product.md#plan-my-days), the dialog's state: the shared proposal state
 * (../optimise/useOrderProposal.ts) over /trips/stops/plan-days, whose Apply writes the planned order and the
 * overnight mark on each day's last stop, and Add for a suggested place to sleep.
 */
import { useCallback, useState } from 'react';
import type * as Y from 'yjs';
import { addStop, arrangeStops, orderedStops, stopsMap, type TLodgingSuggestion, type TPlanDaysResponse } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { sameOrder, useOrderProposal } from '../optimise/useOrderProposal.ts';
import { tripApi } from '../tripApi.ts';
import { planDaysMessages as text } from './messages.ts';

const isOvernight = (doc: Y.Doc, stopId: string) => stopsMap(doc).get(stopId)?.get('overnight') === true;

/** Whether applying the plan would change the document: a new order, or a day end that is not an overnight yet. */
export const changesTrip = (doc: Y.Doc, plan: TPlanDaysResponse) =>
  !sameOrder(plan.order, plan.fromOrder) || plan.after.days.some((day) => day.sleepsAt !== null && !isOvernight(doc, day.sleepsAt));

/** Marks a stop as where the group sleeps. */
function markOvernight(connection: TripConnection, stopId: string) {
  if (!isOvernight(connection.doc, stopId)) stopsMap(connection.doc).get(stopId)?.set('overnight', true);
}

export function usePlanDays(tripId: string, connection: TripConnection, onApplied: () => void) {
  const toast = useToast();
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const planner = useOrderProposal({
    connection,
    onApplied,
    text,
    ask: (options) => tripApi.planDays({ tripId, ...options }),
    write: (plan: TPlanDaysResponse) => {
      arrangeStops(connection.doc, plan.order);
      for (const day of plan.after.days) if (day.sleepsAt) markOvernight(connection, day.sleepsAt);
    },
  });

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
    ...planner,
    plan: planner.proposal,
    addLodging,
    isAdded: (afterStopId: string, place: TLodgingSuggestion) => added.has(`${afterStopId}:${place.name}`),
  };
}
