/**
 * Applying a bulk schedule and resetting dates (docs/product.md#itinerary): one update-planned-date call per stop,
 * all in parallel — each previewed arrival with autoScheduled true, or the epoch with autoScheduled false
 * to clear — with the progress, success and failure toasts. On the trip page all of them are one
 * change of the live document instead (works offline, see ../ownerStopEdits.ts).
 */
import { useMutation } from '@tanstack/react-query';
import { RESET_DATE, type ScheduledStop } from '@caravan/shared';
import { useToast } from '../../../lib/toastStore.ts';
import { takeVersionBefore } from '../../../lib/tripHistory/takeVersionBefore.ts';
import { tripViewMessages } from '../messages.ts';
import { setPlannedDates } from '../ownerStopEdits.ts';
import { useTripViewContext, useTripViewStops } from '../tripViewContext.ts';

const text = tripViewMessages;

export function useScheduleCalls(onApplied: () => void) {
  const { tripId, doc, refresh } = useTripViewContext();
  const stops = useTripViewStops();
  const toast = useToast();

  // A live-document edit needs no network: not paused while offline, as calls are.
  const networkMode = doc ? 'always' : 'online';
  const apply = useMutation({
    networkMode,
    mutationFn: async (schedule: ScheduledStop[]) => {
      toast.info(text.applyingSchedule);
      // On the trip page: the trip history's mark of the dates as they were (a moment's wait at most).
      if (doc) await takeVersionBefore(tripId, 'before_bulk_schedule');
      return setPlannedDates(tripId, doc, schedule.map((entry) => ({ stopId: entry.stopId, date: entry.arrival, autoScheduled: true })));
    },
    onSuccess: () => {
      toast.success(text.scheduleApplied);
      onApplied();
    },
    onError: () => toast.error(text.scheduleFailed),
    onSettled: refresh,
  });

  const reset = useMutation({
    networkMode,
    mutationFn: () => {
      toast.info(text.resettingDates);
      return setPlannedDates(tripId, doc, stops.map((stop) => ({ stopId: stop.id, date: RESET_DATE, autoScheduled: false })));
    },
    onSuccess: () => toast.success(text.datesReset),
    onError: () => toast.error(text.resetFailed),
    onSettled: refresh,
  });

  return { apply, reset };
}
