/**
 * /trips/stops/auto-schedule: dates every stop from the start date with whole-day stays (shared
 * `autoSchedule`: stops dated by hand keep their date) and writes them all in one server-origin change,
 * so members see the new itinerary arrive at once.
 */
import { autoSchedule, findStop, orderedStops, updateStop, type DocStop } from '@caravan/shared';
import { serverOrigin } from '../tripDocs/origins.ts';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';
import { storedPlannedDate } from './plannedDateUpdater.ts';

export interface AutoScheduleParams {
  tripId: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  defaultStayDurationDays: number;
}

/** The stops it dated, in trip order. */
export function tripAutoScheduler(tripDocs: TripDocHub, userId: number, params: AutoScheduleParams): Promise<DocStop[]> {
  return tripDocs.write(params.tripId, serverOrigin(userId), ({ doc, transact }) => {
    const schedule = autoSchedule(orderedStops(doc), params.startDate, params.defaultStayDurationDays);
    transact(() => {
      for (const { stopId, arrival } of schedule) {
        updateStop(doc, stopId, { plannedArrivalDate: storedPlannedDate(arrival), autoScheduled: true });
      }
    });
    return schedule.map(({ stopId }) => findStop(doc, stopId)!);
  });
}
