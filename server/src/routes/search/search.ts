/** /_api/search: location type-ahead. */
import Router from '@koa/router';
import { ZLocationSearchRequest } from '@caravan/shared';
import { requireUser } from '../../middleware/authenticate.ts';
import { input } from '../../lib/input.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function searchRoutes({ locationSearch }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/search' });
  router.use(requireUser);

  router.post('/locations', async (ctx) => {
    const { query } = input(ZLocationSearchRequest, ctx.request.body);
    ctx.body = await locationSearch.search(query);
  });

  return router;
}
