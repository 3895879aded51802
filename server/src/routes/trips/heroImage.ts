/** /_api/trips/hero-image: the trip's background image (owner only). */
import Router from '@koa/router';
import { ZHeroImageRequest } from '@caravan/shared';
import { heroImageSetter } from '../../commands/heroImageSetter.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canChangeBackground } from '../../policies/tripPolicy.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function heroImageRoutes({ dataSource, tripDocs, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  router.post(
    '/hero-image',
    tripCall(ZHeroImageRequest, canChangeBackground, ({ user, trip, body, ctx }) =>
      heroImageSetter({ tripDocs, blobStore, logger: ctx.state.log }, user.id, { tripId: trip.id, heroImage: body.heroImage }),
    ),
  );

  return router;
}
