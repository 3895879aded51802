/** /_api/trips/hero-image: the trip's background image (owner only). */
import Router from '@koa/router';
import { calls, canChangeBackground } from '@caravan/shared';
import { heroImageSetter } from '../../commands/heroImageSetter.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function heroImageRoutes({ dataSource, tripDocs, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.trips.heroImage, canChangeBackground, ({ user, trip, body, ctx }) =>
    heroImageSetter({ tripDocs, blobStore, logger: ctx.state.log }, user.id, { tripId: trip.id, heroImage: body.heroImage }),
  );

  return router;
}
