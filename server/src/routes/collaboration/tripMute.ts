/** /_api/trips/notifications/mute*: any member mutes or unmutes the trip for themself. */
import Router from '@koa/router';
import { calls, isMember } from '@caravan/shared';
import { tripMuted, tripMuteSaved } from '../../queries/tripMute.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function tripMuteRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);
  tripCall(calls.notifications.tripMute, isMember, async ({ user, trip }) => ({ muted: await tripMuted(dataSource, user.id, trip.id) }));
  tripCall(calls.notifications.setTripMute, isMember, async ({ user, trip, body }) => ({
    muted: await tripMuteSaved(dataSource, user.id, trip.id, body.muted),
  }));
  return router;
}
