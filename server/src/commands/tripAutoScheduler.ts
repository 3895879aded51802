/**
 * /trips/stops/auto-schedule: dates every stop from the start date with whole-day stays (shared
 * `autoSchedule`, the Bulk Schedule computation: stops dated by hand keep their date) and writes them all in one
 * server-origin change, so members see the new itinerary arrive at once. With "Count drive time" the dates come
 * from the itinerary's day walk over the document's plan settings, as the Bulk Schedule preview's do: that walk
 * runs in the worker pool (autoScheduleTask.ts) on the document as stored, so a thousand-stop trip never holds the
 * request loop, nor the trip's lock while it is walked; the plain count (linear) runs here, under the lock. A
 * `before_bulk_schedule` version is taken first, in the same write.
 */
import { autoSchedule, findStop, orderedStops, plannedCalendarDate, storedPlannedDate, updateStop, type DocStop, type ScheduledStop } from '@caravan/shared';
import { serverOrigin, takeVersion, TripDocMissingError } from '@caravan/engine';
import type * as Y from 'yjs';
import type { AppDeps } from '../types.ts';

export interface AutoScheduleParams {
  tripId: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  defaultStayDurationDays: number;
  countDriveTime?: boolean;
}

export type AutoSchedulerDeps = Pick<AppDeps, 'tripDocs' | 'heavyWork'>;

/** The stops it dated, in trip order. */
export function tripAutoScheduler(deps: AutoSchedulerDeps, userId: number, params: AutoScheduleParams): Promise<DocStop[]> {
  const { tripId, startDate, defaultStayDurationDays } = params;
  if (!params.countDriveTime) {
    return writeDates(deps, userId, tripId, (doc) => autoSchedule(orderedStops(doc), startDate, defaultStayDurationDays));
  }
  return deps.heavyWork.forUser(userId, async (run) => {
    const updates = await deps.tripDocs.storedUpdates(tripId);
    if (!updates) throw new TripDocMissingError(tripId);
    const schedule = await run('autoSchedule', { updates, startDate, defaultStayDurationDays });
    return writeDates(deps, userId, tripId, () => schedule);
  });
}

/**
 * Writes the dates under the trip's lock. Dated from a snapshot, a stop may have gone since (skipped) or been dated
 * by hand since (it keeps its date, as a stop dated by hand before does).
 */
function writeDates({ tripDocs }: AutoSchedulerDeps, userId: number, tripId: string, scheduleOf: (doc: Y.Doc) => ScheduledStop[]): Promise<DocStop[]> {
  return tripDocs.write(tripId, serverOrigin(userId), async ({ doc, manager, transact }) => {
    // The trip as it was right before, kept as a version to go back to (docs/product.md#trip-history).
    await takeVersion(manager, tripId, { kind: 'before_bulk_schedule' });
    const schedule = scheduleOf(doc).filter(({ stopId }) => {
      const stop = findStop(doc, stopId);
      return stop !== null && (stop.autoScheduled === true || plannedCalendarDate(stop.plannedArrivalDate) === null);
    });
    transact(() => {
      for (const { stopId, arrival } of schedule) {
        updateStop(doc, stopId, { plannedArrivalDate: storedPlannedDate(arrival), autoScheduled: true });
      }
    });
    return schedule.map(({ stopId }) => findStop(doc, stopId)!);
  });
}
