/**
 * Takes a version of a trip: the log rows since the trip's last version merged into one chunk (./versionChunk.ts),
 * stored at the log's position, under the trip document's row lock so appends, compactions and other takers wait
 * (a few ms). The rows now held by the version and already folded into the snapshot are deleted: the log's
 * compaction leaves them (tripDocLog.ts's `compact`) until a version holds them.
 *
 * A trip's first version starts its history: the snapshot, as compacted, becomes the base the chunks build on.
 */
import type { EntityManager } from 'typeorm';
import type { TVersionKind } from '@caravan/shared';
import { queryPrepared } from '../db/dataSource.ts';
import { chunkOf, compressState, encodeChunk } from './versionChunk.ts';
import { findVersion, VERSION_COLUMNS, versionOf, type VersionRow } from './tripVersions.ts';

export interface VersionRequest {
  kind: TVersionKind;
  /** A member's name for it (`named`). */
  name?: string | null;
}

export interface TakenVersion {
  version: VersionRow;
  /** False when nothing changed since the trip's last version, which is answered (named or marked as asked). */
  created: boolean;
}

/**
 * Takes a version in `manager`'s transaction (its trip document row locked here, if the caller has not already).
 * null when the trip has no document, or has never changed (there is no position to name yet).
 */
export async function takeVersion(manager: EntityManager, tripId: string, request: VersionRequest, now: Date = new Date()): Promise<TakenVersion | null> {
  type Head = { compacted_through: string; last_update_id: string; through: string | null; state: Buffer | null };
  const [head] = await queryPrepared<Head>(
    manager,
    { name: 'caravan_trip_version_head', text: `SELECT d.compacted_through, d.last_update_id, h.through, CASE WHEN h.trip_id IS NULL THEN d.state END AS state
       FROM trip_docs d LEFT JOIN trip_history h ON h.trip_id = d.trip_id WHERE d.trip_id = $1 FOR UPDATE OF d` },
    [tripId],
  );
  if (!head) return null;
  const compactedThrough = BigInt(head.compacted_through);
  const position = BigInt(head.last_update_id) > compactedThrough ? BigInt(head.last_update_id) : compactedThrough;
  const fresh = head.through === null;
  const from = fresh ? compactedThrough : BigInt(head.through!);
  if (position === 0n) return null;

  if (position <= from) {
    const existing = await findVersion(manager, tripId, position);
    if (existing) return { version: await markExisting(manager, existing, request), created: false };
    // Only a fresh history gets here: the trip as compacted is its first version, the base itself.
  }
  if (fresh) {
    await manager.query(`INSERT INTO trip_history (trip_id, base, base_through, through) VALUES ($1, $2, $3, $3)`, [
      tripId,
      compressState(head.state!),
      compactedThrough.toString(),
    ]);
  }
  const rows =
    position > from
      ? await queryPrepared<{ update: Buffer; user_id: number | null }>(
          manager,
          { name: 'caravan_trip_version_rows', text: `SELECT update, user_id FROM trip_doc_updates WHERE trip_id = $1 AND id > $2 AND id <= $3 ORDER BY id` },
          [tripId, from.toString(), position.toString()],
        )
      : [];
  const chunk = rows.length ? chunkOf(rows.map((row) => ({ userId: row.user_id, update: row.update }))) : null;
  const editors = chunk ? chunk.editors.flatMap((editor) => (editor.userId === null ? [] : [editor.userId])) : [];
  const inserted = await queryPrepared<Parameters<typeof versionOf>[0]>(
    manager,
    { name: 'caravan_trip_version_insert', text: `INSERT INTO trip_versions (trip_id, id, taken_at, kind, name, editors, chunk)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${VERSION_COLUMNS}` },
    [tripId, position.toString(), now, request.kind, request.name ?? null, editors, chunk && encodeChunk(chunk)],
  );
  await manager.query(`UPDATE trip_history SET through = $2 WHERE trip_id = $1`, [tripId, position.toString()]);
  // The snapshot holds the rows up to compacted_through, and now this version does too.
  await manager.query(`DELETE FROM trip_doc_updates WHERE trip_id = $1 AND id <= $2`, [tripId, compactedThrough.toString()]);
  return { version: versionOf(inserted[0]), created: true };
}

/** Nothing changed since `existing`: a name names it, a before-change mark marks an automatic one. */
async function markExisting(manager: EntityManager, existing: VersionRow, request: VersionRequest): Promise<VersionRow> {
  const rename = request.kind === 'named';
  const mark = request.kind !== 'auto' && existing.kind === 'auto';
  if (!rename && !mark) return existing;
  const rows = await queryPrepared<Parameters<typeof versionOf>[0]>(
    manager,
    { name: 'caravan_trip_version_mark', text: `UPDATE trip_versions SET kind = $3, name = $4 WHERE trip_id = $1 AND id = $2 RETURNING ${VERSION_COLUMNS}` },
    [existing.tripId, existing.id.toString(), request.kind, rename ? (request.name ?? null) : existing.name],
  );
  return versionOf(rows[0]);
}
