/**
 * /_api/trips/stops...: add, reorder, delete, toggle visited, details, plan, progress on the road, legacy content (docs/product.md#stops). Each
 * change is a server-origin write on the trip's document, so connected members see it at once and the `stops`
 * projection changes in the same commit. Optimise route and Plan my days only propose: they write nothing.
 */
import Router from '@koa/router';
import { calls, canEditStopContent, canEditStops, canOptimiseRoute, canPlanDays, canPlanStops, canRecordProgress, canToggleVisited } from '@caravan/shared';
import { stopAdder } from '../../commands/stopAdder.ts';
import { stopContentUpdater } from '../../commands/stopContentUpdater.ts';
import { stopDetailsUpdater } from '../../commands/stopDetailsUpdater.ts';
import { stopPlanUpdater } from '../../commands/stopPlanUpdater.ts';
import { stopProgressRecorder } from '../../commands/stopProgressRecorder.ts';
import { stopDeleter } from '../../commands/stopDeleter.ts';
import { stopReorderer } from '../../commands/stopReorderer.ts';
import { stopVisitedToggler } from '../../commands/stopVisitedToggler.ts';
import { presentStop } from '../../presenters/tripDetail.ts';
import { dayPlanQuery } from '../../queries/dayPlanQuery.ts';
import { routeOptimisationQuery } from '../../queries/routeOptimisationQuery.ts';
import { tripStopQuery } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function stopRoutes(deps: AppDeps): Router<AppState> {
  const { dataSource, tripDocs } = deps;
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.stops.add, canEditStops, async ({ user, body }) => presentStop(await stopAdder(tripDocs, user, body), []), {
    status: 201,
  });

  tripCall(calls.stops.reorder, canEditStops, ({ user, body }) => stopReorderer(tripDocs, user, body));

  tripCall(calls.stops.delete, canEditStops, async ({ user, body }) => {
    await stopDeleter(deps, user, body);
    return { success: true } as const;
  });

  tripCall(calls.stops.toggleVisited, canToggleVisited, ({ user, body }) => stopVisitedToggler(tripDocs, user, body));

  tripCall(calls.stops.updateDetails, canEditStops, async ({ user, body }) => {
    await stopDetailsUpdater(tripDocs, user, body);
    return tripStopQuery(dataSource, body.tripId, body.stopId);
  });

  tripCall(calls.stops.updatePlan, canPlanStops, async ({ user, body }) => {
    await stopPlanUpdater(tripDocs, user, body);
    return tripStopQuery(dataSource, body.tripId, body.stopId);
  });

  tripCall(calls.stops.updateProgress, canRecordProgress, ({ user, role, body }) => stopProgressRecorder(tripDocs, user, role, body));

  tripCall(calls.stops.updateContent, canEditStopContent, async ({ user, body }) => {
    await stopContentUpdater(deps, user.id, body);
    return tripStopQuery(dataSource, body.tripId, body.stopId);
  });

  tripCall(calls.stops.optimiseRoute, canOptimiseRoute, ({ user, trip, body }) =>
    routeOptimisationQuery(deps, user.id, { ...body, tripId: trip.id }),
  );

  tripCall(calls.stops.planDays, canPlanDays, ({ user, trip, body }) => dayPlanQuery(deps, user.id, { ...body, tripId: trip.id }));

  return router;
}
