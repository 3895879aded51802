/**
 * Which trips are due an automatic version (docs/product.md#trip-history): their log has rows no version holds yet,
 * and either the last came `settleMs` ago (the burst settled) or the first came `maxMs` ago (editing never
 * paused for long; a version at most every `maxMs` of it). Rows no member wrote (the drive legs the server derives
 * after an edit) wait for the next member's edit: alone they are no version anyone would look for. The log holds
 * only recent rows, so this reads little.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../db/dataSource.ts';

export const VERSION_SETTLE_MS = 2 * 60_000;
export const VERSION_MAX_MS = 10 * 60_000;

export async function tripsDueForVersion(
  db: DataSource | EntityManager,
  now: Date,
  settleMs: number = VERSION_SETTLE_MS,
  maxMs: number = VERSION_MAX_MS,
): Promise<string[]> {
  const rows = await queryPrepared<{ trip_id: string }>(
    db,
    { name: 'caravan_trips_due_for_version', text: `SELECT u.trip_id FROM trip_doc_updates u LEFT JOIN trip_history h ON h.trip_id = u.trip_id
      WHERE u.id > coalesce(h.through, 0)
      GROUP BY u.trip_id
     HAVING bool_or(u.user_id IS NOT NULL)
        AND (max(u.created_at) <= $1::timestamptz - make_interval(secs => $2) OR min(u.created_at) <= $1::timestamptz - make_interval(secs => $3))` },
    [now, settleMs / 1000, maxMs / 1000],
  );
  return rows.map((row) => row.trip_id);
}
