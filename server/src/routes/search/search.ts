/** /_api/search: location type-ahead and points of interest near a place. */
import Router from '@koa/router';
import { ZLocationSearchRequest, ZPoiSearchRequest } from '@caravan/shared';
import { requireUser } from '../../middleware/authenticate.ts';
import { input } from '../../lib/input.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function searchRoutes({ locationSearch, poiSearch }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/search' });
  router.use(requireUser);

  router.post('/locations', async (ctx) => {
    const { query } = input(ZLocationSearchRequest, ctx.request.body);
    ctx.body = await locationSearch.search(query);
  });

  router.post('/pois', async (ctx) => {
    const { keyword, latitude, longitude, radius, category } = input(ZPoiSearchRequest, ctx.request.body);
    ctx.body = await poiSearch.search({ keyword, latitude, longitude, radiusKm: radius, category });
  });

  return router;
}
