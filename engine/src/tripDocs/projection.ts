/**
 * Writes the rows derived from a trip document (docs/architecture.md#a-trip-changes-through-two-doors): stops,
 * stop_suggestions, comments and activities, in the transaction that persists the update. The rows are
 * derived data, so every value is sanitised here rather than trusted: no client value may fail a commit (only
 * stop rows that could not match the document do, see ./stopsProjection.ts). What is newly stored here (an activity
 * entry, a pending suggestion) is also what members are notified of (../notifications/notificationDeriver.ts).
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import {
  activityArray,
  commentsMap,
  readMentions,
  readRecord,
  suggestionsMap,
  type DocActivity,
  type DocComment,
  type DocSuggestion,
} from '@caravan/shared';
import { bool, int, json, num, text, time, uuidOrNull } from './projectionValues.ts';
import { eventsOfActivity, eventOfNewSuggestion, storeNotifications } from '../notifications/notificationDeriver.ts';
import { planStops, writeStops, type ProjectedStops } from './stopsProjection.ts';
import type { TouchedRecords } from './touchedRecords.ts';

/**
 * Writes the rows of the touched records. `projectedStops`: the stop rows as this process last wrote them,
 * when nothing else wrote stops since (null: rewrite them all). Returns the stop rows as they now are.
 */
export async function projectTouched(
  manager: EntityManager,
  tripId: string,
  doc: Y.Doc,
  touched: TouchedRecords,
  projectedStops: ProjectedStops | null,
): Promise<ProjectedStops | null> {
  let stops = projectedStops;
  if (touched.stops) {
    const plan = planStops(doc, projectedStops);
    await writeStops(manager, tripId, plan);
    stops = plan.projected;
  }
  if (touched.suggestions.size) await projectSuggestions(manager, tripId, doc, touched.suggestions);
  if (touched.comments.size) await projectComments(manager, tripId, doc, touched.comments);
  if (touched.activity.size) await projectActivity(manager, tripId, doc, touched.activity);
  return stops;
}

/** Upserts the touched records that still exist and deletes those that no longer do. */
async function upsertOrDelete<T extends { id: string }>(
  manager: EntityManager,
  table: string,
  tripId: string,
  ids: Set<string>,
  present: T[],
  upsert: (rows: T[]) => Promise<unknown>,
) {
  const gone = [...ids].filter((id) => !present.some((row) => row.id === id));
  if (gone.length) {
    await manager.query(`DELETE FROM ${table} WHERE trip_id = $1 AND id::text = ANY($2::text[])`, [tripId, gone]);
  }
  if (present.length) await upsert(present);
}

function readTouched<T>(map: Y.Map<Y.Map<unknown>>, ids: Set<string>): Array<T & { id: string }> {
  const rows: Array<T & { id: string }> = [];
  for (const id of ids) {
    const record = map.get(id);
    if (record) rows.push({ ...readRecord<T>(record), id });
  }
  return rows;
}

async function projectSuggestions(manager: EntityManager, tripId: string, doc: Y.Doc, ids: Set<string>) {
  type Row = DocSuggestion & { reviewedBy?: number | null; reviewedAt?: string | null; approvedStopId?: string | null };
  const present = readTouched<Row>(suggestionsMap(doc), ids);
  let stored: Array<{ id: string; status: string; inserted: boolean }> = [];
  await upsertOrDelete(manager, 'stop_suggestions', tripId, ids, present, async (rows) => {
    stored = await manager.query(
      `INSERT INTO stop_suggestions (id, trip_id, suggested_by, name, address, notes, latitude, longitude, status,
                                     reviewed_by, reviewed_at, approved_stop_id, created_at)
       SELECT r.id, $1, (SELECT id FROM users WHERE id = r.suggested_by), r.name, r.address, r.notes, r.latitude,
              r.longitude, r.status, (SELECT id FROM users WHERE id = r.reviewed_by), r.reviewed_at,
              r.approved_stop_id, r.created_at
         FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, suggested_by int, name text, address text, notes text,
              latitude float8, longitude float8, status text, reviewed_by int, reviewed_at timestamptz,
              approved_stop_id uuid, created_at timestamptz)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, address = EXCLUDED.address, notes = EXCLUDED.notes, latitude = EXCLUDED.latitude,
         longitude = EXCLUDED.longitude, status = EXCLUDED.status, reviewed_by = EXCLUDED.reviewed_by,
         reviewed_at = EXCLUDED.reviewed_at, approved_stop_id = EXCLUDED.approved_stop_id
       WHERE stop_suggestions.trip_id = $1
       RETURNING id, status, (xmax = 0) AS inserted`,
      [
        tripId,
        json(
          rows.map((row) => ({
            id: row.id,
            suggested_by: int(row.suggestedBy),
            name: text(row.name) ?? '',
            address: text(row.address),
            notes: text(row.notes),
            latitude: num(row.latitude),
            longitude: num(row.longitude),
            status: ['pending', 'approved', 'denied', 'archived'].includes(row.status) ? row.status : 'pending',
            reviewed_by: int(row.reviewedBy),
            reviewed_at: time(row.reviewedAt),
            approved_stop_id: uuidOrNull(row.approvedStopId),
            created_at: time(row.createdAt) ?? new Date().toISOString(),
          })),
        ),
      ],
    );
  });
  for (const row of stored.filter((row) => row.inserted && row.status === 'pending')) {
    const suggestion = present.find((each) => each.id === row.id)!;
    const event = await eventOfNewSuggestion(manager, tripId, {
      id: row.id,
      suggestedBy: int(suggestion.suggestedBy),
      suggestedByDisplayName: text(suggestion.suggestedByDisplayName) ?? '',
      name: text(suggestion.name) ?? '',
      createdAt: time(suggestion.createdAt) ?? new Date().toISOString(),
    });
    await storeNotifications(manager, tripId, event);
  }
}

async function projectComments(manager: EntityManager, tripId: string, doc: Y.Doc, ids: Set<string>) {
  const present = readTouched<DocComment>(commentsMap(doc), ids).filter((row) => uuidOrNull(row.stopId));
  await upsertOrDelete(manager, 'comments', tripId, ids, present, (rows) =>
    manager.query(
      `INSERT INTO comments (id, trip_id, stop_id, user_id, content, resolved, created_at, mentions)
       SELECT r.id, $1, r.stop_id, (SELECT id FROM users WHERE id = r.user_id), r.content, r.resolved, r.created_at, r.mentions
         FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, stop_id uuid, user_id int, content text, resolved boolean,
              created_at timestamptz, mentions jsonb)
       ON CONFLICT (id) DO UPDATE SET content = EXCLUDED.content, resolved = EXCLUDED.resolved, updated_at = now()
       WHERE comments.trip_id = $1`,
      [
        tripId,
        json(
          rows.map((row) => ({
            id: row.id,
            stop_id: row.stopId,
            user_id: int(row.userId),
            content: text(row.content) ?? '',
            resolved: bool(row.resolved),
            created_at: time(row.createdAt) ?? new Date().toISOString(),
            mentions: readMentions(row.mentions),
          })),
        ),
      ],
    ),
  );
}

/** An activity entry's row as the activities statements take it (jsonb_to_recordset): sanitised like every row here. */
export interface ActivityRow {
  id: string;
  user_id: number | null;
  activity_type: string;
  activity_data: object;
  created_at: string;
}

/**
 * The activity entries `ids` that are still in the document. Only the touched entries are read whole: a busy trip
 * commits one or two of its 200 every few batches.
 */
export function touchedActivity(doc: Y.Doc, ids: ReadonlySet<string>): DocActivity[] {
  if (!ids.size) return [];
  return activityArray(doc)
    .toArray()
    .filter((map) => ids.has(map.get('id') as string))
    .map((map) => readRecord<DocActivity>(map))
    .filter((entry) => uuidOrNull(entry.id));
}

export const activityRow = (entry: DocActivity): ActivityRow => ({
  id: entry.id,
  user_id: int(entry.userId),
  activity_type: text(entry.activityType) ?? 'trip_updated',
  activity_data: entry.activityData && typeof entry.activityData === 'object' ? entry.activityData : {},
  created_at: time(entry.createdAt) ?? new Date().toISOString(),
});

/**
 * Stores activity rows: new ones inserted, one the document changed since (a move folded into it) updated. Kept for
 * good: the document holds only the newest entries, so nothing is deleted here. `rows` and `trip` name the JSON rows
 * and the trip id of the statement it is part of; RETURNING gives each row's id and whether it was inserted.
 */
export const upsertActivitySql = (trip: string, rows: string, from?: string) => `
  INSERT INTO activities (id, trip_id, user_id, activity_type, activity_data, created_at)
  SELECT r.id, ${trip}, (SELECT id FROM users WHERE id = r.user_id), r.activity_type, r.activity_data, r.created_at
    FROM ${from ? `${from}, ` : ''}jsonb_to_recordset(${rows}) AS r(id uuid, user_id int, activity_type text, activity_data jsonb,
         created_at timestamptz)
  ON CONFLICT (id) DO UPDATE SET activity_data = EXCLUDED.activity_data
    WHERE activities.trip_id = EXCLUDED.trip_id
  RETURNING id, (xmax = 0) AS inserted`;

async function projectActivity(manager: EntityManager, tripId: string, doc: Y.Doc, ids: Set<string>) {
  const entries = touchedActivity(doc, ids);
  if (!entries.length) return;
  const stored: Array<{ id: string; inserted: boolean }> = await manager.query(upsertActivitySql('$1', '$2::jsonb'), [
    tripId,
    json(entries.map(activityRow)),
  ]);
  // Only entries stored for the first time tell anyone: a re-projection or a folded move tells nobody again.
  const fresh = new Set(stored.filter((row) => row.inserted).map((row) => row.id));
  for (const entry of entries.filter((entry) => fresh.has(entry.id))) {
    for (const event of await eventsOfActivity(manager, tripId, doc, entry)) await storeNotifications(manager, tripId, event);
  }
}
