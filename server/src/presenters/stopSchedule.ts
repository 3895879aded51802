/** Allow-list for a stop's schedule fields, as the date calls answer them. */
import type { DocStop, TStopSchedule } from '@caravan/shared';

export function presentStopSchedule(stop: Pick<DocStop, 'id' | 'plannedArrivalDate' | 'autoScheduled'>): TStopSchedule {
  return { id: stop.id, plannedArrivalDate: stop.plannedArrivalDate ?? null, autoScheduled: stop.autoScheduled === true };
}
