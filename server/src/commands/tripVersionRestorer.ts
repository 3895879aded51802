/**
 * /trips/history/restore: brings back a version of the trip, whole or one stop or one entry of a part, as a new
 * forward change: under the trip's write (its row lock), a `before_restore` version of the trip as it is is taken
 * first (the answer: restoring it is the restore's Undo), then shared `planRestore` says what to write, and it is
 * written in one transaction with an activity entry naming who restored what. Every member sees it live (the commit's
 * NOTIFY).
 *
 * Only the owner and editors restore (their role read again under the lock). For the parts' entries (checklists,
 * polls and votes, costs) a restore is a trusted server change: what comes back was written once by its authors under
 * the parts' rules, so it comes back as they wrote it (another member's list, expense or vote, a poll open again, a
 * poll started since gone), not judged as the restorer's own write; only the trip's limits hold
 * (shared `restoreWritesRefusal`). Stop fields only the owner writes (visited, dates, scheduling, journal) are restored
 * only by the owner: an editor's restore leaves them as they are now, as an editor's own edit would.
 */
import { randomUUID } from 'node:crypto';
import * as Y from 'yjs';
import {
  applyRestorePlan,
  canRestoreVersions,
  messages,
  OWNER_ONLY_STOP_KEYS,
  planRestore,
  restoreWritesRefusal,
  restRefusal,
  versionHolds,
  type CallRequest,
  type calls,
  type RestorePlan,
  type RestoreTarget,
  type TTripRole,
} from '@caravan/shared';
import { AppError, findTripRoles, findVersion, recordActivity, serverOrigin, takeVersion, type TripDocHub, type User, type VersionRow } from '@caravan/engine';
import type { DataSource } from 'typeorm';
import { versionState, type HistoryRun } from '../history/versionChanges.ts';
import { summariseVersion } from '../history/versionSummaries.ts';

export interface RestoreDeps {
  dataSource: DataSource;
  tripDocs: TripDocHub;
  /** Where the version's document is built (the worker pool, for a request). */
  run: HistoryRun;
  /**
   * Where the summary of the version taken before the restore is built, after the answer: the server's own work (the
   * pool's SERVER_HISTORY_ACCOUNT), so a member's next heavy task is not refused while it runs.
   */
  summaryRun: HistoryRun;
}

/** The version taken right before the restore. */
export async function tripVersionRestorer(
  { dataSource, tripDocs, run, summaryRun }: RestoreDeps,
  actor: User,
  params: CallRequest<typeof calls.history.restore>,
  now: Date = new Date(),
): Promise<VersionRow> {
  const versionId = BigInt(params.versionId);
  const target: RestoreTarget = params.only ?? { whole: true };
  // A version never changes: built before the write, it holds nobody's edits up while it is built.
  const version = await findVersion(dataSource, params.tripId, versionId);
  const state = version && (await versionState(dataSource, run, params.tripId, versionId));
  if (!version || !state) throw new AppError('not_found', messages.history.versionNotFound);
  const restored = new Y.Doc();
  Y.applyUpdate(restored, state);
  try {
    if (!versionHolds(restored, target)) throw new AppError('not_found', messages.history.notInVersion);
    const before = await tripDocs.write(params.tripId, serverOrigin(actor.id), async ({ doc, manager, transact, callerRole }) => {
      const role = callerRole ?? (await findTripRoles(manager, params.tripId, [actor.id])).get(actor.id);
      if (!role || !canRestoreVersions(role)) throw new AppError('forbidden', messages.common.forbidden);
      const plan = withinRole(planRestore(doc, restored, target, randomUUID), role);
      const refusal = restoreWritesRefusal(doc, plan.keyWrites);
      if (refusal !== null) {
        const { code, message } = restRefusal(refusal);
        throw new AppError(code, message);
      }
      const taken = await takeVersion(manager, params.tripId, { kind: 'before_restore' }, now);
      if (!taken) throw new AppError('not_found', messages.history.versionNotFound);
      transact(() => {
        applyRestorePlan(doc, plan);
        recordActivity(
          doc,
          actor,
          'trip_restored',
          { versionId: version.id.toString(), versionName: version.name, takenAt: version.takenAt.toISOString(), summary: version.summary, ...(params.only ? { only: params.only } : {}) },
          now,
        );
      });
      return taken;
    });
    // Its summary is written after the answer (the Undo needs only its id); the sweep writes it should this fail.
    if (before.created) void summariseVersion(dataSource, params.tripId, before.version.id, summaryRun).catch(() => undefined);
    return before.version;
  } finally {
    restored.destroy();
  }
}

const OWNER_ONLY: ReadonlySet<string> = new Set(OWNER_ONLY_STOP_KEYS);
const withoutOwnerOnly = <T extends object>(fields: T): T => Object.fromEntries(Object.entries(fields).filter(([key]) => !OWNER_ONLY.has(key))) as T;

/** The plan as `role` may write it: owner-only stop fields left as they are for anyone but the owner. */
function withinRole(plan: RestorePlan, role: TTripRole): RestorePlan {
  if (role === 'owner') return plan;
  return {
    ...plan,
    updateStops: plan.updateStops.map((stop) => ({ ...stop, fields: withoutOwnerOnly(stop.fields) })).filter((stop) => Object.keys(stop.fields).length > 0),
    addStops: plan.addStops.map((stop) => ({ ...stop, fields: withoutOwnerOnly(stop.fields) })),
  };
}

