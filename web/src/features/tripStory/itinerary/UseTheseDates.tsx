/**
 * "Use these dates" (owner): every stop's planned arrival date becomes the date of the day the schedule puts it on,
 * in one change of the live document, so one Undo takes them all back.
 */
import { useMutation } from '@tanstack/react-query';
import type { Schedule } from '@caravan/shared';
import { useToast } from '../../../lib/toastStore.ts';
import { takeVersionBefore } from '../../../lib/tripHistory/takeVersionBefore.ts';
import { setPlannedDates } from '../ownerStopEdits.ts';
import { useTripViewContext } from '../tripViewContext.ts';

export function UseTheseDates({ schedule }: { schedule: Schedule }) {
  const { tripId, doc, refresh } = useTripViewContext();
  const toast = useToast();
  const apply = useMutation({
    networkMode: doc ? 'always' : 'online',
    mutationFn: async () => {
      // On the trip page: the trip history's mark of the dates as they were (a moment's wait at most).
      if (doc) await takeVersionBefore(tripId, 'before_dates');
      const dateOf = new Map(schedule.days.flatMap((day) => day.stopIds.map((stopId) => [stopId, day.date] as const)));
      return setPlannedDates(
        tripId,
        doc,
        schedule.stops.map((stop) => ({ stopId: stop.stopId, date: dateOf.get(stop.stopId)!, autoScheduled: true })),
      );
    },
    onSuccess: () => toast.success('Planned dates set from the days'),
    onError: () => toast.error('Failed to update planned date'),
    onSettled: refresh,
  });
  return (
    <button type="button" className="button small" disabled={apply.isPending || schedule.stops.length === 0} onClick={() => apply.mutate()}>
      Use these dates
    </button>
  );
}
