/**
 * A trip's versions as stored (the migration TripHistory says the tables' shape): their rows, and the updates
 * that make a version's document. A version's document is the history's base plus every chunk after it up to the
 * version, merged; the updates between two versions are the chunks between them, each with its editor.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { TVersionKind } from '@caravan/shared';
import { queryPrepared } from '../db/dataSource.ts';
import type { EditorUpdate } from './versionChunk.ts';
import type { VersionSource } from './versionDocs.ts';

type Db = DataSource | EntityManager;

export interface VersionRow {
  tripId: string;
  id: bigint;
  takenAt: Date;
  kind: TVersionKind;
  name: string | null;
  editors: number[];
  summary: string;
}

interface StoredVersionRow {
  trip_id: string;
  id: string;
  taken_at: Date;
  kind: TVersionKind;
  name: string | null;
  editors: number[];
  summary: string;
}

export const VERSION_COLUMNS = `trip_id, id, taken_at, kind, name, editors, summary`;

export function versionOf(row: StoredVersionRow): VersionRow {
  return { tripId: row.trip_id, id: BigInt(row.id), takenAt: row.taken_at, kind: row.kind, name: row.name, editors: row.editors, summary: row.summary };
}

/** Newest first, older than `before` when given: one index range scan. */
export async function listVersions(db: Db, tripId: string, limit: number, before?: bigint): Promise<VersionRow[]> {
  const rows = await queryPrepared<StoredVersionRow>(
    db,
    { name: 'caravan_trip_versions_list', text: `SELECT ${VERSION_COLUMNS} FROM trip_versions
      WHERE trip_id = $1 AND id < coalesce($2::bigint, 9223372036854775807) ORDER BY id DESC LIMIT $3` },
    [tripId, before?.toString() ?? null, limit],
  );
  return rows.map(versionOf);
}

export async function findVersion(db: Db, tripId: string, id: bigint): Promise<VersionRow | null> {
  const rows = await queryPrepared<StoredVersionRow>(
    db,
    { name: 'caravan_trip_versions_find', text: `SELECT ${VERSION_COLUMNS} FROM trip_versions WHERE trip_id = $1 AND id = $2` },
    [tripId, id.toString()],
  );
  return rows[0] ? versionOf(rows[0]) : null;
}

/** The newest version, or null for a trip with none. */
export async function latestVersion(db: Db, tripId: string): Promise<VersionRow | null> {
  return (await listVersions(db, tripId, 1))[0] ?? null;
}


/**
 * Where a version's document starts, as a subquery for the trip $1 and the version $2: the newest checkpoint at or
 * before $2 the retention has not folded, else the history's base (`start` is its position, `state` its bytes).
 */
const START_OF_VERSION = `SELECT h.trip_id, coalesce(c.id, h.base_through) AS start, coalesce(c.checkpoint, h.base) AS state
       FROM trip_history h
       LEFT JOIN LATERAL (SELECT id, checkpoint FROM trip_versions
                           WHERE trip_id = h.trip_id AND id > h.base_through AND id <= $2 AND checkpoint IS NOT NULL
                           ORDER BY id DESC LIMIT 1) c ON true
      WHERE h.trip_id = $1 AND h.base_through <= $2`;

/**
 * The trip as it was at version `id` (or at the base's position): the nearest checkpoint at or before it (else the
 * base), then every chunk after that up to the version in the versions' order (null for no such version). Read in
 * one statement so a retention fold committing meanwhile cannot leave a start and chunks that disagree.
 */
export async function versionSource(db: Db, tripId: string, id: bigint): Promise<VersionSource | null> {
  type Row = { state: Buffer | null; chunk: Buffer | null; found: boolean };
  const rows = await queryPrepared<Row>(
    db,
    { name: 'caravan_trip_version_updates', text: `SELECT CASE WHEN row_number() OVER (ORDER BY v.id) = 1 THEN s.state END AS state, v.chunk,
            s.start = $2 OR EXISTS (SELECT 1 FROM trip_versions f WHERE f.trip_id = $1 AND f.id = $2) AS found
       FROM (${START_OF_VERSION}) s
       LEFT JOIN trip_versions v ON v.trip_id = s.trip_id AND v.id > s.start AND v.id <= $2
      ORDER BY v.id` },
    [tripId, id.toString()],
  );
  if (!rows.length || !rows[0].found) return null;
  return { state: rows[0].state!, compressed: true, chunks: rows.flatMap((row) => (row.chunk ? [row.chunk] : [])) };
}

/**
 * Whether version `id` should keep its document as a checkpoint: the chunks since the one it would start from weigh
 * as much as that start's own bytes. So checkpoints never take more room than the chunks, and building a version
 * applies at most about one state's worth of chunks.
 */
export async function checkpointDue(db: Db, tripId: string, id: bigint): Promise<boolean> {
  const rows = await queryPrepared<{ due: boolean }>(
    db,
    { name: 'caravan_trip_version_checkpoint_due', text: `SELECT s.start < $2 AND (SELECT coalesce(sum(octet_length(v.chunk)), 0) FROM trip_versions v
              WHERE v.trip_id = s.trip_id AND v.id > s.start AND v.id <= $2) >= octet_length(s.state) AS due
       FROM (${START_OF_VERSION}) s` },
    [tripId, id.toString()],
  );
  return rows[0]?.due ?? false;
}

/**
 * The chunks after version `from` up to version `id`, to apply over `from`'s document (a state kept in memory);
 * null when `id` is no version of the trip, or when a retention fold has taken versions after `from` into the base
 * (the caller then builds from the base, `versionSource`).
 */
export async function versionChunksAfter(db: Db, tripId: string, from: bigint, id: bigint): Promise<Uint8Array[] | null> {
  type Row = { chunk: Buffer | null; usable: boolean };
  const rows = await queryPrepared<Row>(
    db,
    { name: 'caravan_trip_version_updates_after', text: `SELECT v.chunk, h.base_through <= $2
            AND (h.base_through = $3 OR EXISTS (SELECT 1 FROM trip_versions f WHERE f.trip_id = $1 AND f.id = $3)) AS usable
       FROM trip_history h
       LEFT JOIN trip_versions v ON v.trip_id = h.trip_id AND v.id > $2 AND v.id <= $3
      WHERE h.trip_id = $1
      ORDER BY v.id` },
    [tripId, from.toString(), id.toString()],
  );
  if (!rows.length || !rows[0].usable) return null;
  return rows.flatMap((row) => (row.chunk ? [row.chunk] : []));
}

/** What changed after one version: the chunks after it (compressed, as stored), and the log rows no version holds yet. */
export interface ChangesAfter {
  chunks: Uint8Array[];
  rows: EditorUpdate[];
  /** Every member who made any of them. */
  editors: number[];
}

/**
 * What changed after version `from` up to version `to` (or up to now, the log rows no version holds yet included):
 * the chunks after `from`, each naming its editors, for attribution.
 */
export async function changesAfter(db: Db, tripId: string, from: bigint, to: bigint | null): Promise<ChangesAfter> {
  const chunks = await queryPrepared<{ chunk: Buffer | null; editors: number[] }>(
    db,
    { name: 'caravan_trip_version_changes_after', text: `SELECT chunk, editors FROM trip_versions
      WHERE trip_id = $1 AND id > $2 AND id <= coalesce($3::bigint, 9223372036854775807) ORDER BY id` },
    [tripId, from.toString(), to?.toString() ?? null],
  );
  const editors = new Set(chunks.flatMap((row) => row.editors));
  const changes: ChangesAfter = { chunks: chunks.flatMap((row) => (row.chunk ? [row.chunk] : [])), rows: [], editors: [] };
  if (to === null) {
    const rows = await queryPrepared<{ update: Buffer; user_id: number | null }>(
      db,
      { name: 'caravan_trip_unversioned_rows', text: `SELECT u.update, u.user_id FROM trip_doc_updates u JOIN trip_history h ON h.trip_id = u.trip_id
        WHERE u.trip_id = $1 AND u.id > h.through ORDER BY u.id` },
      [tripId],
    );
    changes.rows = rows.map((row) => ({ userId: row.user_id, update: row.update }));
    for (const row of rows) if (row.user_id !== null) editors.add(row.user_id);
  }
  changes.editors = [...editors];
  return changes;
}
