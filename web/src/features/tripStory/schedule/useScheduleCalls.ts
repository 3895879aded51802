/**
 * Applying a bulk schedule and resetting dates (SPEC-2 §4, §7): one update-planned-date call per stop,
 * all in parallel — each previewed arrival with autoScheduled true, or the epoch with autoScheduled false
 * to clear — with the progress, success and failure toasts of §8.
 */
import { useMutation } from '@tanstack/react-query';
import { RESET_DATE, type ScheduledStop } from '@caravan/shared';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { tripViewApi } from '../tripViewApi.ts';
import { useTripViewContext, useTripViewStops } from '../tripViewContext.ts';

const text = tripViewMessages;

export function useScheduleCalls(onApplied: () => void) {
  const { tripId, refresh } = useTripViewContext();
  const stops = useTripViewStops();
  const toast = useToast();

  const apply = useMutation({
    mutationFn: (schedule: ScheduledStop[]) => {
      toast.info(text.applyingSchedule);
      return Promise.all(schedule.map((entry) => tripViewApi.updatePlannedDate(tripId, entry.stopId, entry.arrival, true)));
    },
    onSuccess: () => {
      toast.success(text.scheduleApplied);
      onApplied();
    },
    onError: () => toast.error(text.scheduleFailed),
    onSettled: refresh,
  });

  const reset = useMutation({
    mutationFn: () => {
      toast.info(text.resettingDates);
      return Promise.all(stops.map((stop) => tripViewApi.updatePlannedDate(tripId, stop.id, RESET_DATE, false)));
    },
    onSuccess: () => toast.success(text.datesReset),
    onError: () => toast.error(text.resetFailed),
    onSettled: refresh,
  });

  return { apply, reset };
}
