/**
 * /_api/trips/stops/import-preview (docs/product.md#import-places): the places an uploaded file holds, for
 * owners and editors. It writes nothing: the client adds the places the user keeps to the live document in one
 * transaction.
 */
import Router from '@koa/router';
import { calls, canImportPlaces } from '@caravan/shared';
import { importPreview } from '../../queries/importPreview.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function placeImportRoutes({ dataSource, locationSearch, heavyWork }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.stops.importPreview, canImportPlaces, ({ user, body }) => importPreview({ locationSearch, heavyWork }, user.id, body));

  return router;
}
