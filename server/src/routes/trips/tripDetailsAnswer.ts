/**
 * The handler of /_api/trips/details, on the general chain and on its fast path alike. The answer is the kept JSON
 * bytes of the trip's details (TripStopsCache), sent as they are: not an object to type-check. A client that presents
 * the answer's ETag gets 304 and no body, only after the access row was read and the role checked on this request;
 * one that accepts Brotli or gzip gets the form compressed once for everyone.
 */
import type { Middleware } from 'koa';
import { calls } from '@caravan/shared';
import { ifNoneMatch } from '../../lib/ifNoneMatch.ts';
import { input } from '../../lib/input.ts';
import { currentUser } from '../../middleware/authenticate.ts';
import { tripDetailResponse } from '../../queries/tripDetailQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';

export function tripDetailsAnswer({ dataSource, tripStops }: Pick<AppDeps, 'dataSource' | 'tripStops'>): Middleware<AppState> {
  return async (ctx) => {
    const { tripId } = input(calls.trips.details.request, ctx.request.body);
    const answer = await tripDetailResponse(dataSource, tripStops, tripId, currentUser(ctx).id);
    const coding = ctx.get('Accept-Encoding') ? ctx.acceptsEncodings('br', 'gzip', 'identity') : false;
    const compressed = coding === 'br' || coding === 'gzip' ? coding : null;
    ctx.vary('Accept-Encoding');
    ctx.set('ETag', answer.etagOf(compressed));
    // Kept by the caller only: revalidated on every use, never stored by a shared cache.
    ctx.set('Cache-Control', 'private, no-cache');
    if (ifNoneMatch(ctx.get('If-None-Match'), answer.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json';
    if (compressed) ctx.set('Content-Encoding', compressed);
    ctx.body = compressed ? answer.encoded(compressed) : answer.body;
  };
}
