/**
 * /trips/details from the projection tables, one query per table: the trip with the caller's membership
 * (access as the join, so a non-member finds nothing), stops, journal entries and their photos, all four
 * side by side. No query per stop or per entry: the page must stay fast at 50 stops with journals.
 *
 * The page is the most read call there is, so its statements go to the pg pool as prepared statements
 * (parsed and planned once per connection) rather than through TypeORM.
 */
import type { DataSource } from 'typeorm';
import type { QueryConfig } from 'pg';
import { messages, type TTripDetail, type TTripRole, type TTripStop } from '@caravan/shared';
import { photoUrl } from '../commands/photoStorer.ts';
import { pgPool } from '../db/dataSource.ts';
import { AppError } from '../lib/appError.ts';
import { canReadTripDetails } from '../policies/tripPolicy.ts';
import {
  presentStop,
  presentTripDetail,
  type JournalEntryRecord,
  type StopRecord,
  type TripRecord,
} from '../presenters/tripDetail.ts';

export const TRIP_COLUMNS = `t.id, t.owner_id AS "ownerId", t.title, t.description, t.hero_image AS "heroImage",
  t.created_at AS "createdAt", t.route_mode AS "routeMode", t.is_public AS "isPublic", t.share_token AS "shareToken"`;

const TRIP_WITH_ROLE = {
  name: 'caravan_trip_with_role',
  text: `SELECT ${TRIP_COLUMNS}, m.role
           FROM trips t
           JOIN trip_members m ON m.trip_id = t.id AND m.user_id = $2
          WHERE t.id = $1`,
};

const STOP_COLUMNS = `id, trip_id AS "tripId", name, address, notes, latitude, longitude, stop_order AS "stopOrder", visited,
  visited_at AS "visitedAt", planned_arrival_date AS "plannedArrivalDate", auto_scheduled AS "autoScheduled",
  estimated_drive_minutes AS "estimatedDriveMinutes", journal_content AS "journalContent", photos, created_at AS "createdAt"`;
const ENTRY_COLUMNS = `id, stop_id AS "stopId", content, entry_date AS "entryDate", created_at AS "createdAt"`;
const PHOTO_ORDER = `ORDER BY p.journal_entry_id, p.position, p.created_at, p.id`;

/** The three reads of a trip's stops: every stop, or only some (`$2`). */
const tripStatements = {
  stops: `SELECT ${STOP_COLUMNS} FROM stops WHERE trip_id = $1 ORDER BY stop_order, pos, id`,
  entries: `SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE trip_id = $1`,
  photos: `SELECT p.id, p.journal_entry_id AS "journalEntryId" FROM photos p
            WHERE p.trip_id = $1 AND p.journal_entry_id IS NOT NULL ${PHOTO_ORDER}`,
};
const someStopStatements = {
  stops: `SELECT ${STOP_COLUMNS} FROM stops WHERE trip_id = $1 AND id = ANY($2::uuid[]) ORDER BY stop_order, pos, id`,
  entries: `SELECT ${ENTRY_COLUMNS} FROM journal_entries WHERE trip_id = $1 AND stop_id = ANY($2::uuid[])`,
  photos: `SELECT p.id, p.journal_entry_id AS "journalEntryId" FROM photos p
            WHERE p.trip_id = $1 AND p.journal_entry_id IS NOT NULL
              AND p.journal_entry_id IN (SELECT id FROM journal_entries WHERE trip_id = $1 AND stop_id = ANY($2::uuid[]))
            ${PHOTO_ORDER}`,
};

const prepared = (name: string, text: string, values: unknown[]): QueryConfig => ({ name: `caravan_${name}`, text, values });

async function rows<T>(dataSource: DataSource, query: QueryConfig): Promise<T[]> {
  return (await pgPool(dataSource).query(query)).rows as T[];
}

export async function tripDetailQuery(dataSource: DataSource, tripId: string, userId: number): Promise<TTripDetail> {
  // The stop reads do not wait for the access check: they are thrown away unless it finds the caller.
  const [[trip], stops] = await Promise.all([
    rows<TripRecord & { role: TTripRole }>(dataSource, { ...TRIP_WITH_ROLE, values: [tripId, userId] }),
    tripStopsQuery(dataSource, tripId),
  ]);
  if (!trip || !canReadTripDetails(trip.role)) throw new AppError('not_found', messages.trips.notFound);
  return presentTripDetail(trip, trip.role, stops);
}

/** A trip's stops in order, each with its journal entries; only `stopIds` when given. */
export async function tripStopsQuery(dataSource: DataSource, tripId: string, stopIds?: string[]): Promise<TTripStop[]> {
  const [statements, prefix, values] = stopIds
    ? [someStopStatements, 'some_stops', [tripId, stopIds]]
    : [tripStatements, 'trip_stops', [tripId]];
  const [stops, entries, photos] = await Promise.all([
    rows<StopRecord>(dataSource, prepared(`${prefix}_stops`, statements.stops, values)),
    rows<Omit<JournalEntryRecord, 'photos'>>(dataSource, prepared(`${prefix}_entries`, statements.entries, values)),
    rows<{ id: string; journalEntryId: string }>(dataSource, prepared(`${prefix}_photos`, statements.photos, values)),
  ]);

  const photosByEntry = new Map<string, string[]>();
  for (const photo of photos) {
    const list = photosByEntry.get(photo.journalEntryId);
    if (list) list.push(photoUrl(photo.id));
    else photosByEntry.set(photo.journalEntryId, [photoUrl(photo.id)]);
  }
  const entriesByStop = new Map<string, JournalEntryRecord[]>();
  for (const entry of entries) {
    const record = { ...entry, photos: photosByEntry.get(entry.id) ?? [] };
    const list = entriesByStop.get(entry.stopId);
    if (list) list.push(record);
    else entriesByStop.set(entry.stopId, [record]);
  }
  // In the whole list the position is the order (the projection renumbers from 0 anyway).
  return stops.map((stop, index) =>
    presentStop({ ...stop, stopOrder: stopIds ? stop.stopOrder : index }, entriesByStop.get(stop.id) ?? []),
  );
}
