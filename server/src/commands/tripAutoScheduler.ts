/**
 * /trips/stops/auto-schedule: dates every stop from the start date with whole-day stays (shared
 * `autoSchedule`, the Bulk Schedule computation: stops dated by hand keep their date) and writes them all in one
 * server-origin change, so members see the new itinerary arrive at once. With "Count drive time" the dates come
 * from the itinerary's day walk over the document's plan settings, as the Bulk Schedule preview's do.
 */
import { autoSchedule, findStop, orderedStops, readMeta, storedPlannedDate, updateStop, type DocStop } from '@caravan/shared';
import { serverOrigin, type TripDocHub } from '@caravan/engine';

export interface AutoScheduleParams {
  tripId: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  defaultStayDurationDays: number;
  countDriveTime?: boolean;
}

/** The stops it dated, in trip order. */
export function tripAutoScheduler(tripDocs: TripDocHub, userId: number, params: AutoScheduleParams): Promise<DocStop[]> {
  return tripDocs.write(params.tripId, serverOrigin(userId), ({ doc, transact }) => {
    const countDriveTime = params.countDriveTime ? { trip: readMeta(doc) } : null;
    const schedule = autoSchedule(orderedStops(doc), params.startDate, params.defaultStayDurationDays, { countDriveTime });
    transact(() => {
      for (const { stopId, arrival } of schedule) {
        updateStop(doc, stopId, { plannedArrivalDate: storedPlannedDate(arrival), autoScheduled: true });
      }
    });
    return schedule.map(({ stopId }) => findStop(doc, stopId)!);
  });
}
