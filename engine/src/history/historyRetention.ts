/**
 * Retention (HISTORY_DAYS): a trip's versions taken before the cutoff are folded into its history's base, all but
 * the newest of them, which stays as the oldest version one can read (its state is the base now). Run by the daily
 * sweep; under the trip document's row lock, like version taking, so the two never interleave.
 */
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { lockTripDoc } from '../tripDocs/tripDocLog.ts';
import { compressState } from './versionChunk.ts';
import { versionSource } from './tripVersions.ts';
import { docOfSource } from './versionDocs.ts';

/** The trips with versions older than the cutoff and newer ones after them, or more than one older. */
async function tripsToPrune(dataSource: DataSource, cutoff: Date): Promise<Array<{ tripId: string; foldThrough: bigint }>> {
  const rows: Array<{ trip_id: string; fold_through: string }> = await dataSource.query(
    `SELECT v.trip_id, max(v.id) AS fold_through FROM trip_versions v JOIN trip_history h ON h.trip_id = v.trip_id
      WHERE v.taken_at < $1 GROUP BY v.trip_id, h.base_through HAVING max(v.id) > h.base_through`,
    [cutoff],
  );
  return rows.map((row) => ({ tripId: row.trip_id, foldThrough: BigInt(row.fold_through) }));
}

/** Folds every trip's versions older than `days` before `now`; answers how many versions were forgotten. */
export async function pruneHistory(dataSource: DataSource, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let forgotten = 0;
  for (const { tripId, foldThrough } of await tripsToPrune(dataSource, cutoff)) {
    forgotten += await dataSource.transaction(async (manager) => {
      if (!(await lockTripDoc(manager, tripId))) return 0;
      const source = await versionSource(manager, tripId, foldThrough);
      if (!source) return 0;
      const doc = docOfSource(source);
      // A document built anew collects what its deletes left: the base keeps only the state, not its past.
      const base = compressState(Y.encodeStateAsUpdate(doc));
      doc.destroy();
      await manager.query(`UPDATE trip_history SET base = $2, base_through = $3 WHERE trip_id = $1`, [tripId, base, foldThrough.toString()]);
      await manager.query(`UPDATE trip_versions SET chunk = NULL, checkpoint = NULL WHERE trip_id = $1 AND id = $2`, [tripId, foldThrough.toString()]);
      const [, deleted]: [unknown, number] = await manager.query(`DELETE FROM trip_versions WHERE trip_id = $1 AND id < $2`, [tripId, foldThrough.toString()]);
      return deleted;
    });
  }
  return forgotten;
}
