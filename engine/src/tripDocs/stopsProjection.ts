/**
 * The `stops` rows projected from a trip document. A single move renumbers stop_order across the list, so
 * every row is compared with what this process last wrote, and only the rows that differ are written. Rows
 * are keyed by (trip, stop id): a trip's ids never reach another trip's rows. A write that leaves any planned
 * row unwritten fails its commit (docs/architecture.md#a-trip-changes-through-two-doors).
 */
import * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { orderedStopMaps, progressStopFields, readStop, STOP_KINDS, ZDriveLeg, ZLodging, type DocStop, type RecordMap } from '@caravan/shared';
import { queryPrepared } from '../db/dataSource.ts';
import { bool, int, json, num, text, time, uuidOrNull } from './projectionValues.ts';

const ZDelayMinutes = progressStopFields.delayMinutes;

/** Each stop's row as last written (JSON), by id. */
export type ProjectedStops = ReadonlyMap<string, string>;

export interface StopsPlan {
  /** Every stop in the document; rows of other stops are deleted when `deleteOthers`. */
  ids: string[];
  deleteOthers: boolean;
  /** The rows to upsert, as the text of one jsonb array. */
  changedRows: string;
  changedCount: number;
  /** The rows as they will be once written. */
  projected: ProjectedStops;
}

/** What to write so the rows match `doc`, given the rows as last written (`previous`; null: unknown). */
export function planStops(doc: Y.Doc, previous: ProjectedStops | null): StopsPlan {
  const projected = new Map<string, string>();
  for (const { id, map } of orderedStopMaps(doc)) {
    if (uuidOrNull(id)) projected.set(id, `{"stop_order":${projected.size},${rowTail(id, map)}`);
  }
  const changed = [...projected.entries()].filter(([id, row]) => previous?.get(id) !== row);
  return {
    ids: [...projected.keys()],
    deleteOthers: !previous || [...previous.keys()].some((id) => !projected.has(id)),
    changedRows: `[${changed.map(([, row]) => row).join(',')}]`,
    changedCount: changed.length,
    projected,
  };
}

/**
 * A stop's row but its order, as JSON text after the opening brace, kept per stop map while the map holds the same
 * entries: a move changes one stop's key yet renumbers every stop, and the others' fields need not be read again.
 * An entry is a Yjs item, whose plain value never changes (a new value is a new item; a removal marks it deleted);
 * a map holding anything else (a nested type can change inside an unchanged item) is read every time.
 */
interface RowTail {
  items: Y.Item[];
  deleted: boolean[];
  tail: string;
}
const rowTails = new WeakMap<RecordMap, RowTail>();

function rowTail(id: string, map: RecordMap): string {
  const items = [...(map as unknown as { _map: Map<string, Y.Item> })._map.values()];
  const cached = rowTails.get(map);
  const same = cached?.items.length === items.length && items.every((item, at) => item === cached.items[at] && item.deleted === cached.deleted[at]);
  if (same) return cached!.tail;
  const tail = json(stopRow(readStop(id, map))).slice(1);
  if (items.every((item) => item.deleted || item.content instanceof Y.ContentAny)) {
    rowTails.set(map, { items, deleted: items.map((item) => item.deleted), tail });
  }
  return tail;
}

/** A stop's row but its order (stop_order: where the stop stands among the trip's). */
function stopRow(stop: DocStop) {
  return {
    id: stop.id,
    name: text(stop.name) ?? '',
    address: text(stop.address),
    notes: text(stop.notes),
    latitude: num(stop.latitude) ?? 0,
    longitude: num(stop.longitude) ?? 0,
    pos: text(stop.pos) ?? '',
    visited: bool(stop.visited),
    visited_at: time(stop.visitedAt),
    planned_arrival_date: time(stop.plannedArrivalDate),
    auto_scheduled: bool(stop.autoScheduled),
    estimated_drive_minutes: int(stop.estimatedDriveMinutes),
    journal_content: text(stop.journalContent),
    // An array, not its JSON text: the rows travel as one jsonb value, a string here would land as a jsonb string.
    photos: Array.isArray(stop.photos) ? stop.photos.filter((p) => typeof p === 'string').map((p) => text(p)) : null,
    // A stop stored without one gets the time it was first projected (kept while the stop's entries are).
    created_at: time(stop.createdAt) ?? new Date().toISOString(),
    // An object, not its JSON text (as photos); only a leg of the document's shape is projected.
    drive_leg: ZDriveLeg.safeParse(stop.driveLeg).data ?? null,
    kind: STOP_KINDS.includes(stop.kind as never) ? stop.kind : null,
    stay_minutes: int(stop.stayMinutes),
    fixed_time: text(stop.fixedTime),
    opening_hours: text(stop.openingHours),
    overnight: bool(stop.overnight),
    // Lodging belongs to an overnight stop only: a value left behind when overnight turned off is not the stop's.
    lodging: bool(stop.overnight) ? (ZLodging.safeParse(stop.lodging).data ?? null) : null,
    refuels: typeof stop.refuels === 'boolean' ? stop.refuels : null,
    arrived_at: time(stop.arrivedAt),
    // Only a delay of the document's range: the column's check refuses any other, and the schedule reads none then.
    delay_minutes: ZDelayMinutes.safeParse(stop.delayMinutes).data ?? null,
  };
}

export async function writeStops(manager: EntityManager, tripId: string, plan: StopsPlan): Promise<void> {
  if (plan.deleteOthers) {
    await queryPrepared(manager, DELETE_OTHER_STOPS, [tripId, plan.ids]);
  }
  if (plan.changedCount) {
    const written = await queryPrepared(manager, UPSERT_STOPS, [tripId, plan.changedRows]);
    if (written.length !== plan.changedCount) throw new ProjectionDivergedError(tripId);
  }
}

/** The rows a commit wrote would differ from its document: the commit is refused whole. */
export class ProjectionDivergedError extends Error {
  constructor(readonly tripId: string) {
    super(`the stop rows of trip ${tripId} would differ from its document`);
  }
}

/** Deletes the trip's stop rows whose id is not in `ids` (when `condition` holds); `using`: tables the others name. */
export const deleteOtherStopsSql = (trip: string, ids: string, condition = 'true', using?: string) =>
  `DELETE FROM stops${using ? ` USING ${using}` : ''} WHERE stops.trip_id = ${trip} AND NOT (stops.id = ANY(${ids}::uuid[])) AND ${condition}`;

/** Inserts or updates the stop rows in the jsonb array `rows`, returning each row's trip; `from`: tables the others name. */
export const upsertStopsSql = (trip: string, rows: string, from?: string) =>
  `INSERT INTO stops (id, trip_id, name, address, notes, latitude, longitude, pos, stop_order, visited, visited_at,
                      planned_arrival_date, auto_scheduled, estimated_drive_minutes, journal_content, photos, created_at, drive_leg,
                      kind, stay_minutes, fixed_time, opening_hours, overnight, lodging, refuels, arrived_at, delay_minutes)
   SELECT r.id, ${trip}, r.name, r.address, r.notes, r.latitude, r.longitude, r.pos, r.stop_order, r.visited, r.visited_at,
          r.planned_arrival_date, r.auto_scheduled, r.estimated_drive_minutes, r.journal_content, r.photos, r.created_at, r.drive_leg,
          r.kind, r.stay_minutes, r.fixed_time, r.opening_hours, r.overnight, r.lodging, r.refuels, r.arrived_at, r.delay_minutes
     FROM ${from ? `${from}, ` : ''}jsonb_to_recordset(${rows}::jsonb) AS r(id uuid, name text, address text, notes text, latitude float8,
          longitude float8, pos text, stop_order int, visited boolean, visited_at timestamptz,
          planned_arrival_date timestamptz, auto_scheduled boolean, estimated_drive_minutes int,
          journal_content text, photos jsonb, created_at timestamptz, drive_leg jsonb,
          kind text, stay_minutes int, fixed_time text, opening_hours text, overnight boolean, lodging jsonb, refuels boolean,
          arrived_at timestamptz, delay_minutes int)
   ON CONFLICT (trip_id, id) DO UPDATE SET
     name = EXCLUDED.name, address = EXCLUDED.address, notes = EXCLUDED.notes, latitude = EXCLUDED.latitude,
     longitude = EXCLUDED.longitude, pos = EXCLUDED.pos, stop_order = EXCLUDED.stop_order,
     visited = EXCLUDED.visited, visited_at = EXCLUDED.visited_at,
     planned_arrival_date = EXCLUDED.planned_arrival_date, auto_scheduled = EXCLUDED.auto_scheduled,
     estimated_drive_minutes = EXCLUDED.estimated_drive_minutes, journal_content = EXCLUDED.journal_content,
     photos = EXCLUDED.photos, drive_leg = EXCLUDED.drive_leg, kind = EXCLUDED.kind, stay_minutes = EXCLUDED.stay_minutes,
     fixed_time = EXCLUDED.fixed_time, opening_hours = EXCLUDED.opening_hours, overnight = EXCLUDED.overnight,
     lodging = EXCLUDED.lodging, refuels = EXCLUDED.refuels, arrived_at = EXCLUDED.arrived_at,
     delay_minutes = EXCLUDED.delay_minutes, updated_at = now()
   RETURNING stops.trip_id`;

const DELETE_OTHER_STOPS = { name: 'caravan_stops_delete_others', text: deleteOtherStopsSql('$1', '$2') };
const UPSERT_STOPS = { name: 'caravan_stops_upsert', text: upsertStopsSql('$1', '$2') };
