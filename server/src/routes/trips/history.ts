/** /_api/trips/history*: a trip's versions — list, take, read, compare and restore (docs/product.md#trip-history). */
import Router from '@koa/router';
import { calls, canRestoreVersions, canTakeVersions, canViewHistory, messages } from '@caravan/shared';
import { AppError, listVersions } from '@caravan/engine';
import { tripVersionRestorer } from '../../commands/tripVersionRestorer.ts';
import { changesBetween, onPool, SERVER_HISTORY_ACCOUNT } from '../../history/versionChanges.ts';
import { tripVersionTaker } from '../../commands/tripVersionTaker.ts';
import { presentVersion, presentVersions } from '../../presenters/tripVersion.ts';
import { tripVersionRead } from '../../queries/tripVersionRead.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function historyRoutes({ dataSource, tripDocs, heavyWork }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  tripCall(calls.history.list, canViewHistory, async ({ trip, body }) => {
    const limit = body.limit ?? 100;
    const rows = await listVersions(dataSource, trip.id, limit, body.before === undefined ? undefined : BigInt(body.before));
    return { versions: await presentVersions(dataSource, rows), nextBefore: rows.length === limit ? rows[rows.length - 1].id.toString() : null };
  });

  tripCall(calls.history.take, canTakeVersions, async ({ user, trip, body }) => ({
    version: await presentVersion(dataSource, await tripVersionTaker(dataSource, { ...body, tripId: trip.id }, onPool(heavyWork, user.id))),
  }));

  tripCall(calls.history.read, canViewHistory, ({ user, trip, body }) => tripVersionRead(dataSource, onPool(heavyWork, user.id), trip.id, BigInt(body.versionId)));

  tripCall(calls.history.diff, canViewHistory, async ({ user, trip, body }) => {
    const to = body.toVersionId === undefined ? null : BigInt(body.toVersionId);
    const changes = await changesBetween(dataSource, tripDocs, onPool(heavyWork, user.id), trip.id, BigInt(body.fromVersionId), to);
    if (!changes) throw new AppError('not_found', messages.history.versionNotFound);
    return { changes };
  });

  const summaryRun = onPool(heavyWork, SERVER_HISTORY_ACCOUNT);
  tripCall(calls.history.restore, canRestoreVersions, async ({ user, trip, body }) => {
    const deps = { dataSource, tripDocs, run: onPool(heavyWork, user.id), summaryRun };
    return { before: await presentVersion(dataSource, await tripVersionRestorer(deps, user, { ...body, tripId: trip.id })) };
  });

  return router;
}
