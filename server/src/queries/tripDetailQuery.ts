/**
 * /trips/details from the projection tables, one query per table: the trip with the caller's membership
 * (access as the join, so a non-member finds nothing), then stops, journal entries and their photos side
 * by side. No query per stop or per entry: the page must stay fast at 50 stops with journals.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type TTripDetail, type TTripRole, type TTripStop } from '@caravan/shared';
import { photoUrl } from '../commands/photoStorer.ts';
import { AppError } from '../lib/appError.ts';
import { canReadTripDetails } from '../policies/tripPolicy.ts';
import {
  presentStop,
  presentTripDetail,
  type JournalEntryRecord,
  type StopRecord,
  type TripRecord,
} from '../presenters/tripDetail.ts';

type Db = DataSource | EntityManager;

export const TRIP_COLUMNS = `t.id, t.owner_id AS "ownerId", t.title, t.description, t.hero_image AS "heroImage",
  t.created_at AS "createdAt", t.route_mode AS "routeMode", t.is_public AS "isPublic", t.share_token AS "shareToken"`;

export async function tripDetailQuery(db: Db, tripId: string, userId: number): Promise<TTripDetail> {
  const [trip]: Array<TripRecord & { role: TTripRole }> = await db.query(
    `SELECT ${TRIP_COLUMNS}, m.role
       FROM trips t
       JOIN trip_members m ON m.trip_id = t.id AND m.user_id = $2
      WHERE t.id = $1`,
    [tripId, userId],
  );
  if (!trip || !canReadTripDetails(trip.role)) throw new AppError('not_found', messages.trips.notFound);
  return presentTripDetail(trip, trip.role, await tripStopsQuery(db, tripId));
}

/** A trip's stops in order, each with its journal entries; only `stopIds` when given. */
export async function tripStopsQuery(db: Db, tripId: string, stopIds?: string[]): Promise<TTripStop[]> {
  const only = stopIds ? ` AND stop_id = ANY($2::uuid[])` : '';
  const params = stopIds ? [tripId, stopIds] : [tripId];
  const [stops, entries, photos] = await Promise.all([
    db.query(
      `SELECT id, trip_id AS "tripId", name, address, notes, latitude, longitude, stop_order AS "stopOrder", visited, visited_at AS "visitedAt",
              planned_arrival_date AS "plannedArrivalDate", auto_scheduled AS "autoScheduled",
              estimated_drive_minutes AS "estimatedDriveMinutes", journal_content AS "journalContent", photos,
              created_at AS "createdAt"
         FROM stops
        WHERE trip_id = $1${stopIds ? ' AND id = ANY($2::uuid[])' : ''}
        ORDER BY stop_order, pos, id`,
      params,
    ) as Promise<StopRecord[]>,
    db.query(
      `SELECT id, stop_id AS "stopId", content, entry_date AS "entryDate", created_at AS "createdAt"
         FROM journal_entries
        WHERE trip_id = $1${only}`,
      params,
    ) as Promise<Array<Omit<JournalEntryRecord, 'photos'>>>,
    db.query(
      `SELECT p.id, p.journal_entry_id AS "journalEntryId"
         FROM photos p
        WHERE p.trip_id = $1 AND p.journal_entry_id IS NOT NULL${
          stopIds ? ` AND p.journal_entry_id IN (SELECT id FROM journal_entries WHERE trip_id = $1${only})` : ''
        }
        ORDER BY p.journal_entry_id, p.position, p.created_at, p.id`,
      params,
    ) as Promise<Array<{ id: string; journalEntryId: string }>>,
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
