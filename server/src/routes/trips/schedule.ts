/**
 * /_api/trips/stops: planned arrival dates, auto-scheduling (owner only) and drive-time estimates
 * (owner or editor: they write only estimatedDriveMinutes, which editors may change anyway).
 */
import Router from '@koa/router';
import { ZAutoScheduleRequest, ZCalculateTravelTimeRequest, ZUpdatePlannedDateRequest } from '@caravan/shared';
import { plannedDateUpdater } from '../../commands/plannedDateUpdater.ts';
import { travelTimeCalculator } from '../../commands/travelTimeCalculator.ts';
import { tripAutoScheduler } from '../../commands/tripAutoScheduler.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canEstimateDriveTimes, canScheduleStops } from '../../policies/tripPolicy.ts';
import { presentStopSchedule } from '../../presenters/stopSchedule.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function scheduleRoutes({ dataSource, tripDocs, driveTimes }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/stops' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post(
    '/update-planned-date',
    tripCall(ZUpdatePlannedDateRequest, canScheduleStops, async ({ user, trip, body }) =>
      presentStopSchedule(await plannedDateUpdater(tripDocs, user.id, { ...body, tripId: trip.id })),
    ),
  );

  router.post(
    '/auto-schedule',
    tripCall(ZAutoScheduleRequest, canScheduleStops, async ({ user, trip, body }) => {
      const dated = await tripAutoScheduler(tripDocs, user.id, { ...body, tripId: trip.id });
      return { stops: dated.map(presentStopSchedule) };
    }),
  );

  router.post(
    '/calculate-travel-time',
    tripCall(ZCalculateTravelTimeRequest, canEstimateDriveTimes, ({ user, trip, body }) =>
      travelTimeCalculator({ dataSource, tripDocs, driveTimes }, user.id, { ...body, tripId: trip.id }),
    ),
  );

  return router;
}
