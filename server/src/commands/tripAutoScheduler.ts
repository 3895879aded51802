/**
 * /trips/stops/auto-schedule: dates every stop from the start date with whole-day stays (shared
 * `autoSchedule`: stops dated by hand keep their date) and writes them all in one server-origin change,
 * so members see the new itinerary arrive at once. With "Count drive time" no day's driving passes the
 * trip's daily limit; each stop's leg is its current one (a leg of an older order does not count).
 */
import { autoSchedule, currentLegs, findStop, messages, orderedStops, storedPlannedDate, updateStop, type DocStop } from '@caravan/shared';
import { AppError, serverOrigin, type TripDocHub, TripEntity } from '@caravan/engine';

export interface AutoScheduleParams {
  tripId: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  defaultStayDurationDays: number;
  countDriveTime?: boolean;
}

/** The stops it dated, in trip order. */
export function tripAutoScheduler(tripDocs: TripDocHub, userId: number, params: AutoScheduleParams): Promise<DocStop[]> {
  return tripDocs.write(params.tripId, serverOrigin(userId), async ({ doc, manager, transact }) => {
    let dailyDriveLimitMinutes: number | null = null;
    let stops = orderedStops(doc);
    if (params.countDriveTime) {
      const trip = await manager.getRepository(TripEntity).findOneBy({ id: params.tripId });
      if (!trip) throw new AppError('not_found', messages.trips.notFound);
      dailyDriveLimitMinutes = trip.dailyDriveLimitMinutes;
      const legs = currentLegs(stops);
      stops = stops.map((stop) => ({ ...stop, estimatedDriveMinutes: legs.get(stop.id)?.minutes ?? stop.estimatedDriveMinutes }));
    }
    const schedule = autoSchedule(stops, params.startDate, params.defaultStayDurationDays, { dailyDriveLimitMinutes });
    transact(() => {
      for (const { stopId, arrival } of schedule) {
        updateStop(doc, stopId, { plannedArrivalDate: storedPlannedDate(arrival), autoScheduled: true });
      }
    });
    return schedule.map(({ stopId }) => findStop(doc, stopId)!);
  });
}
