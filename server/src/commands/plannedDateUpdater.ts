/**
 * Sets one stop's planned arrival date (the Edit Stop dialog; Reset All Dates sends the epoch with
 * autoScheduled false) as a server-origin change of the trip document. The epoch is stored as sent:
 * every reader (schedule status, stats, auto-schedule) treats it as no date.
 */
import { findStop, messages, storedPlannedDate, updateStop, type DocStop } from '@caravan/shared';
import { AppError, serverOrigin, type TripDocHub } from '@caravan/engine';

export interface PlannedDateUpdate {
  tripId: string;
  stopId: string;
  /** 'YYYY-MM-DD' */
  plannedArrivalDate: string;
  autoScheduled: boolean;
}

export function plannedDateUpdater(tripDocs: TripDocHub, userId: number, update: PlannedDateUpdate): Promise<DocStop> {
  return tripDocs.write(update.tripId, serverOrigin(userId), ({ doc, transact }) => {
    let found = false;
    transact(() => {
      found = updateStop(doc, update.stopId, {
        plannedArrivalDate: storedPlannedDate(update.plannedArrivalDate),
        autoScheduled: update.autoScheduled,
      });
    });
    const stop = found ? findStop(doc, update.stopId) : null;
    if (!stop) throw new AppError('not_found', messages.stops.notFound);
    return stop;
  });
}
