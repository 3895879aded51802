/**
 * /_api/trips/stops: planned arrival dates, auto-scheduling (owner only) and drive-time estimates
 * (owner or editor: they write only estimatedDriveMinutes, which editors may change anyway).
 */
import Router from '@koa/router';
import { ZAutoScheduleRequest, ZCalculateTravelTimeRequest, ZUpdatePlannedDateRequest } from '@caravan/shared';
import { plannedDateUpdater } from '../../commands/plannedDateUpdater.ts';
import { travelTimeCalculator } from '../../commands/travelTimeCalculator.ts';
import { tripAutoScheduler } from '../../commands/tripAutoScheduler.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canEstimateDriveTimes, canScheduleStops, loadTripAccess } from '../../policies/tripPolicy.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function scheduleRoutes({ dataSource, tripDocs, driveTimes }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/stops' });
  router.use(requireUser);

  router.post('/update-planned-date', async (ctx) => {
    const body = input(ZUpdatePlannedDateRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canScheduleStops(role));
    ctx.body = await plannedDateUpdater(tripDocs, user.id, { ...body, tripId: trip.id });
  });

  router.post('/auto-schedule', async (ctx) => {
    const body = input(ZAutoScheduleRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canScheduleStops(role));
    ctx.body = { stops: await tripAutoScheduler(tripDocs, user.id, { ...body, tripId: trip.id }) };
  });

  router.post('/calculate-travel-time', async (ctx) => {
    const body = input(ZCalculateTravelTimeRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canEstimateDriveTimes(role));
    ctx.body = await travelTimeCalculator({ dataSource, tripDocs, driveTimes }, user.id, { ...body, tripId: trip.id });
  });

  return router;
}
