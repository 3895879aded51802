/**
 * /_api/trips/stops: planned arrival dates, auto-scheduling (owner only) and drive-time estimates
 * (owner or editor: they write only estimatedDriveMinutes, which editors may change anyway).
 */
import Router from '@koa/router';
import { calls, canEstimateDriveTimes, canScheduleStops } from '@caravan/shared';
import { plannedDateUpdater } from '../../commands/plannedDateUpdater.ts';
import { travelTimeCalculator } from '../../commands/travelTimeCalculator.ts';
import { tripAutoScheduler } from '../../commands/tripAutoScheduler.ts';
import { presentStopSchedule } from '../../presenters/stopSchedule.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function scheduleRoutes({ dataSource, tripDocs, roads, heavyWork }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.stops.updatePlannedDate, canScheduleStops, async ({ user, trip, body }) =>
    presentStopSchedule(await plannedDateUpdater(tripDocs, user.id, { ...body, tripId: trip.id })),
  );

  tripCall(calls.stops.autoSchedule, canScheduleStops, async ({ user, trip, body }) => {
    const dated = await tripAutoScheduler({ tripDocs, heavyWork }, user.id, { ...body, tripId: trip.id });
    return { stops: dated.map(presentStopSchedule) };
  });

  tripCall(calls.stops.calculateTravelTime, canEstimateDriveTimes, ({ user, trip, body }) =>
    travelTimeCalculator({ dataSource, tripDocs, roads }, user.id, { ...body, tripId: trip.id }),
  );

  return router;
}
