/**
 * The persisted form of trip documents (docs/architecture.md#a-trip-changes-through-two-doors): a compacted
 * snapshot in `trip_docs` and an append-only log of updates in `trip_doc_updates`. Callers hold the `trip_docs`
 * row lock while appending, so a trip's log ids commit in increasing order and "catch up after id N" never
 * skips a row.
 */
import * as Y from 'yjs';
import type { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../db/dataSource.ts';
import { storedUpdatesOf } from './storedUpdates.ts';
import { upsertActivitySql, type ActivityRow } from './projection.ts';
import { json } from './projectionValues.ts';
import { deleteOtherStopsSql, upsertStopsSql, type StopsPlan } from './stopsProjection.ts';

export const TRIP_DOC_CHANNEL = 'trip_doc_updates';

type Db = DataSource | EntityManager;

/** What a process holding a document after log row `afterId` must apply to be current. */
export interface CatchUp {
  compactedThrough: bigint;
  /** The snapshot, when rows this process has not applied were folded into it. */
  state: Uint8Array | null;
  rows: Array<{ id: bigint; update: Uint8Array }>;
}

/** A catch-up as one Yjs update (the snapshot alone when the log is empty, as after a compaction). */
export function catchUpAsUpdate(caught: CatchUp): Uint8Array {
  const parts = storedUpdatesOf(caught);
  return parts.length === 1 ? parts[0] : Y.mergeUpdates(parts);
}

/** Locks the trip's document row and reads it as it is once locked; null when the trip has no document yet. */
export async function lockTripDoc(manager: EntityManager, tripId: string): Promise<{ compactedThrough: bigint; lastUpdateId: bigint } | null> {
  const rows = await queryPrepared<{ compacted_through: string; last_update_id: string }>(
    manager,
    { name: 'caravan_trip_doc_lock', text: `SELECT compacted_through, last_update_id FROM trip_docs WHERE trip_id = $1 FOR UPDATE` },
    [tripId],
  );
  return rows[0] ? { compactedThrough: BigInt(rows[0].compacted_through), lastUpdateId: BigInt(rows[0].last_update_id) } : null;
}

/**
 * Snapshot (when needed) and log rows after `afterId`, read in one statement so a compaction committing
 * meanwhile cannot make rows vanish between two reads. null when the trip has no document.
 */
export async function readCatchUp(db: Db, tripId: string, afterId: bigint): Promise<CatchUp | null> {
  type Row = { compacted_through: string; state: Buffer | null; id: string | null; update: Buffer | null };
  const rows = await queryPrepared<Row>(
    db,
    { name: 'caravan_trip_doc_catch_up', text: `SELECT d.compacted_through,
            CASE WHEN d.compacted_through > $2 AND row_number() OVER (ORDER BY u.id) = 1 THEN d.state END AS state,
            u.id, u.update
       FROM trip_docs d
       LEFT JOIN trip_doc_updates u ON u.trip_id = d.trip_id AND u.id > GREATEST($2, d.compacted_through)
      WHERE d.trip_id = $1
      ORDER BY u.id` },
    [tripId, afterId.toString()],
  );
  if (!rows.length) return null;
  return {
    compactedThrough: BigInt(rows[0].compacted_through),
    state: rows[0].state,
    rows: rows.filter((row) => row.id !== null).map((row) => ({ id: BigInt(row.id!), update: row.update! })),
  };
}

/** Stores a first snapshot unless another process stored one first; true when this one won. */
export async function insertSnapshot(db: Db, tripId: string, state: Uint8Array, schemaVersion: number): Promise<boolean> {
  const inserted: unknown[] = await db.query(
    `INSERT INTO trip_docs (trip_id, state, schema_version) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM trips WHERE id = $1)
     ON CONFLICT (trip_id) DO NOTHING RETURNING trip_id`,
    [tripId, Buffer.from(state), schemaVersion],
  );
  return inserted.length > 0;
}

/** Appends an update under the row lock and tells every process holding the document (delivered at commit). */
export async function appendUpdate(
  manager: EntityManager,
  tripId: string,
  update: Uint8Array,
  origin: string,
  userId: number | null,
): Promise<bigint> {
  const rows = await queryPrepared<{ id: string }>(
    manager,
    { name: 'caravan_trip_doc_append', text: `WITH appended AS (
       INSERT INTO trip_doc_updates (trip_id, update, origin, user_id)
       VALUES ($1, $2, $3, (SELECT id FROM users WHERE id = $4)) RETURNING id
     ), marked AS (
       UPDATE trip_docs SET last_update_id = appended.id FROM appended WHERE trip_docs.trip_id = $1
     )
     SELECT id, pg_notify($5, $1 || ':' || id) FROM appended` },
    [tripId, Buffer.from(update), origin, userId, TRIP_DOC_CHANNEL],
  );
  return BigInt(rows[0].id);
}

/** One trip's batch for `appendManyIfCurrent`. */
export interface CurrentAppend {
  tripId: string;
  /** The newest log row the writer has applied; the append happens only if it is still the trip's newest. */
  expectedLastId: bigint;
  update: Uint8Array;
  origin: string;
  userId: number | null;
  stops: StopsPlan | null;
  /** The batch's activity rows (./projection.ts `activityRow`), silent ones only: none of them derives a notification. */
  activity: ActivityRow[];
}

/**
 * Appends each trip's batch, with its changed stop rows, its activity rows and its NOTIFY, in ONE statement and so
 * one transaction: the fast path of a write that touched only stops and silent activity. A trip's batch is written
 * only if its log still ends at `expectedLastId` (bumping `last_update_id` takes the same row lock as `lockTripDoc`,
 * so log ids still commit in order). One transaction for many trips matters because PostgreSQL serialises the
 * commits of notifying transactions, WAL flush included: a commit per trip capped the benchmark's 200 busy trips at
 * ~140 commits a second. Returns the new log id of each trip written; a trip missing from it was not current. Each
 * trip at most once per call.
 */
export async function appendManyIfCurrent(dataSource: DataSource, appends: CurrentAppend[]): Promise<Map<string, bigint>> {
  // Sorted, so two processes' groups lock the trips they share in the same order (as the plans go); a deadlock
  // PostgreSQL breaks fails one group, whose trips AppendGroup then commits one by one.
  const sorted = [...appends].sort((a, b) => a.tripId.localeCompare(b.tripId));
  const rows = await queryPrepared<{ trip_id: string; id: string }>(
    dataSource,
    APPEND_MANY_IF_CURRENT,
    [
      sorted.map((append) => append.tripId),
      sorted.map((append) => append.expectedLastId.toString()),
      sorted.map((append) => Buffer.from(append.update)),
      sorted.map((append) => append.origin),
      sorted.map((append) => append.userId),
      sorted.map((append) => append.stops?.deleteOthers ?? false),
      jsonArray(sorted.map((append) => JSON.stringify(append.stops?.ids ?? []))),
      jsonArray(sorted.map((append) => append.stops?.changedRows ?? '[]')),
      TRIP_DOC_CHANNEL,
      jsonArray(sorted.map((append) => json(append.activity))),
    ],
  );
  return new Map(rows.map((row) => [row.trip_id, BigInt(row.id)]));
}

/**
 * Folds the log up to `throughId` into the snapshot; `state` must already contain those rows. The rows no version
 * of the trip's history holds yet stay (readers skip them, being at or below compacted_through): the next version
 * takes them and deletes them (engine/src/history/versionTaker.ts). A trip with no history yet keeps none.
 */
export async function compact(manager: EntityManager, tripId: string, state: Uint8Array, throughId: bigint) {
  await manager.query(
    `UPDATE trip_docs SET state = $2, compacted_through = $3, updated_at = now() WHERE trip_id = $1`,
    [tripId, Buffer.from(state), throughId.toString()],
  );
  await manager.query(
    `DELETE FROM trip_doc_updates WHERE trip_id = $1
        AND id <= LEAST($2::bigint, coalesce((SELECT through FROM trip_history WHERE trip_id = $1), $2::bigint))`,
    [tripId, throughId.toString()],
  );
}

/**
 * JSON texts as one JSON array: sent as one jsonb, not as a jsonb[], whose elements pg escapes for the array literal
 * (~50 µs a commit of a 10-stop trip's rows, 5 % of the collab process's CPU per move in bench:scale).
 */
const jsonArray = (texts: string[]): string => `[${texts.join(',')}]`;
/** The elements of a jsonb array parameter, in order, as a jsonb[] for unnest. */
const elementsOf = (parameter: string) => `ARRAY(SELECT value FROM jsonb_array_elements(${parameter}::jsonb) WITH ORDINALITY ORDER BY ordinality)`;

/**
 * `appendManyIfCurrent`'s statement: per entry (unnest of the arrays) the guard, then for the entries it let
 * through (`written`) the append, the stop rows, the activity rows and the NOTIFY. A trip whose planned stop rows
 * were not all written fails the whole statement (`caravan_refuse`), as `writeStops` fails its transaction.
 */
const APPEND_MANY_IF_CURRENT = { name: 'caravan_trip_doc_append_many_if_current', text: `WITH entry AS (
       SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::bytea[], $4::text[], $5::int[], $6::boolean[], ${elementsOf('$7')}, ${elementsOf('$8')}, ${elementsOf('$10')})
         AS e(trip_id, expected, update, origin, user_id, delete_others, keep_ids, changed_rows, activity_rows)
     ), marked AS (
       UPDATE trip_docs d SET last_update_id = nextval('trip_doc_updates_id_seq')
         FROM entry e WHERE d.trip_id = e.trip_id AND d.last_update_id = e.expected
       RETURNING d.trip_id, d.last_update_id AS id
     ), written AS (
       SELECT e.*, m.id FROM marked m JOIN entry e ON e.trip_id = m.trip_id
     ), appended AS (
       INSERT INTO trip_doc_updates (id, trip_id, update, origin, user_id)
       SELECT w.id, w.trip_id, w.update, w.origin, (SELECT id FROM users WHERE id = w.user_id) FROM written w
       RETURNING trip_id, id
     ), deleted AS (
       ${deleteOtherStopsSql('w.trip_id', 'ARRAY(SELECT jsonb_array_elements_text(w.keep_ids)::uuid)', 'w.delete_others', 'written w')}
     ), upserted AS (
       ${upsertStopsSql('w.trip_id', 'w.changed_rows', 'written w')}
     ), activity AS (
       ${upsertActivitySql('w.trip_id', 'w.activity_rows', 'written w')}
     ), upserted_count AS (
       SELECT trip_id, count(*) AS n FROM upserted GROUP BY trip_id
     )
     SELECT a.trip_id, a.id, pg_notify($9, a.trip_id || ':' || a.id)
       FROM appended a JOIN written w ON w.trip_id = a.trip_id LEFT JOIN upserted_count u ON u.trip_id = a.trip_id
      WHERE CASE WHEN coalesce(u.n, 0) = jsonb_array_length(w.changed_rows) THEN true
                 ELSE caravan_refuse('the stop rows of trip ' || a.trip_id || ' would differ from its document') END` };
