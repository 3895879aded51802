/** /_api/search: location type-ahead, the place at a point, and points of interest near a place. */
import Router from '@koa/router';
import { calls } from '@caravan/shared';
import type { AppDeps, AppState } from '../../types.ts';
import { serveCall } from '../callRoute.ts';

export function searchRoutes({ locationSearch, poiSearch }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  serveCall(router, calls.search.locations, ({ query, near }) => locationSearch.search(query, near));

  serveCall(router, calls.search.reverse, async (point) => ({ location: await locationSearch.reverse(point) }));

  serveCall(router, calls.search.pois, ({ keyword, latitude, longitude, radius, category }) =>
    poiSearch.search({ keyword, latitude, longitude, radiusKm: radius, category }),
  );

  return router;
}
