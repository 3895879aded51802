/**
 * "Plan my days" (docs/product.md#plan-my-days), the dialog's state: the shared proposal state
 * (../optimise/useOrderProposal.ts) over /trips/stops/plan-days, whose Apply writes the planned order and the
 * overnight mark on each day's last stop, and Add for a suggested place to sleep.
 */
import { useCallback, useState } from 'react';
import type { TLodgingSuggestion, TPlanDaysResponse } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { takeVersionBefore } from '../../../lib/tripHistory/takeVersionBefore.ts';
import { useOrderProposal } from '../optimise/useOrderProposal.ts';
import { tripApi } from '../tripApi.ts';
import { addLodgingStop, writeDayPlan } from './dayPlanWrites.ts';
import { planDaysMessages as text } from './messages.ts';

export function usePlanDays(tripId: string, connection: TripConnection, onApplied: () => void) {
  const toast = useToast();
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const planner = useOrderProposal({
    connection,
    onApplied,
    text,
    ask: (options) => tripApi.planDays({ tripId, ...options }),
    write: (plan: TPlanDaysResponse) => writeDayPlan(connection.doc, plan),
    before: () => takeVersionBefore(tripId, 'before_plan_days'),
  });

  /** Adds the place as a stop right after the day's last stop, as where the group sleeps: one Undo. */
  const addLodging = useCallback(
    (afterStopId: string, place: TLodgingSuggestion) => {
      connection.undoManager.stopCapturing();
      const added = connection.transact(() => addLodgingStop(connection.doc, crypto.randomUUID(), afterStopId, place));
      connection.undoManager.stopCapturing();
      if (!added) return;
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
