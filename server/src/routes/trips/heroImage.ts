/** /_api/trips/hero-image: the trip's background image (owner only). */
import Router from '@koa/router';
import { ZHeroImageRequest } from '@caravan/shared';
import { heroImageSetter } from '../../commands/heroImageSetter.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canChangeBackground, loadTripAccess } from '../../policies/tripPolicy.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function heroImageRoutes({ dataSource, tripDocs, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips' });
  router.use(requireUser);

  router.post('/hero-image', async (ctx) => {
    const body = input(ZHeroImageRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canChangeBackground(role));
    ctx.body = await heroImageSetter({ tripDocs, blobStore, logger: ctx.state.log }, user.id, {
      tripId: trip.id,
      heroImage: body.heroImage,
    });
  });

  return router;
}
