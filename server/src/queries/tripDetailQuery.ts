/**
 * /trips/details from the projection tables, each read once, no query per stop or per entry: the page
 * must stay fast at 50 stops with journals. First the trip joined to the caller's membership (access as
 * the join: a non-member finds no row, and nothing else is read) with the trip document's version; then,
 * unless the presented stops kept for that version are at hand (TripStopsCache), one statement that
 * aggregates the trip's stops, journal entries and their photos to a JSON column each.
 *
 * It is the most read call there is, hence prepared statements on the pg pool (parsed and planned once per
 * connection) rather than TypeORM, and JSON built by PostgreSQL (one value to parse instead of a row
 * object and three Dates per record).
 */
import type { DataSource } from 'typeorm';
import { messages, type TTripRole, type TTripStop, canReadTripDetails } from '@caravan/shared';
import { AppError, queryPrepared } from '@caravan/engine';
import { photoUrl } from '../lib/photoUrls.ts';
import type { DetailAnswer } from '../lib/detailAnswer.ts';
import { joinAnswer, type TripStopsCache } from '../lib/tripStopsCache.ts';
import { tripAccessRows } from './tripAccessRows.ts';
import {
  presentStop,
  presentTripDetail,
  type JournalEntryRecord,
  type StopRecord,
  type TripRecord,
} from '../presenters/tripDetail.ts';

const TRIP_COLUMNS = `t.id, t.owner_id AS "ownerId", t.title, t.description, t.hero_image AS "heroImage",
  t.created_at AS "createdAt", t.route_mode AS "routeMode", t.is_public AS "isPublic", t.share_token AS "shareToken",
  t.arrival_time AS "arrivalTime", t.daily_drive_limit_minutes AS "dailyDriveLimitMinutes", t.start_date::text AS "startDate",
  t.departure_time AS "departureTime", t.earliest_departure AS "earliestDeparture", t.warn_after_sunset AS "warnAfterSunset", t.vehicle`;

/** A timestamptz as Date#toISOString writes it (the export query reads dates so too). */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The JSON columns `stops`, `entries` and `photos` of the trip `t`; `stopFilter` narrows them to some
 * stops (it is given the column holding a stop id).
 */
function stopColumns(stopFilter?: (stopId: string) => string): string {
  const where = (stopId: string) => (stopFilter ? ` AND ${stopFilter(stopId)}` : '');
  const photosOf = stopFilter
    ? ` AND p.journal_entry_id IN (SELECT j.id FROM journal_entries j WHERE j.trip_id = t.id${where('j.stop_id')})`
    : '';
  return `
    (SELECT coalesce(json_agg(json_build_object(
              'id', s.id, 'tripId', s.trip_id, 'name', s.name, 'address', s.address, 'notes', s.notes,
              'latitude', s.latitude, 'longitude', s.longitude, 'stopOrder', s.stop_order, 'visited', s.visited,
              'visitedAt', ${iso('s.visited_at')}, 'plannedArrivalDate', ${iso('s.planned_arrival_date')},
              'autoScheduled', s.auto_scheduled, 'estimatedDriveMinutes', s.estimated_drive_minutes, 'driveLeg', s.drive_leg,
              'journalContent', s.journal_content, 'photos', s.photos, 'createdAt', ${iso('s.created_at')},
              'kind', s.kind, 'stayMinutes', s.stay_minutes, 'fixedTime', s.fixed_time, 'openingHours', s.opening_hours,
              'overnight', s.overnight, 'lodging', s.lodging, 'refuels', s.refuels)
            ORDER BY s.stop_order, s.pos, s.id), '[]')
       FROM stops s WHERE s.trip_id = t.id${where('s.id')}) AS stops,
    (SELECT coalesce(json_agg(json_build_object(
              'id', j.id, 'stopId', j.stop_id, 'content', j.content,
              'entryDate', ${iso('j.entry_date')}, 'createdAt', ${iso('j.created_at')})), '[]')
       FROM journal_entries j WHERE j.trip_id = t.id${where('j.stop_id')}) AS entries,
    (SELECT coalesce(json_agg(json_build_object('id', p.id, 'journalEntryId', p.journal_entry_id)
            ORDER BY p.journal_entry_id, p.position, p.created_at, p.id), '[]')
       FROM photos p
      WHERE p.trip_id = t.id AND p.journal_entry_id IS NOT NULL${photosOf}) AS photos`;
}

/** What `stopColumns` adds to a row. */
export interface TripStopsColumns {
  stops: StopRecord[];
  entries: Array<Omit<JournalEntryRecord, 'photos'>>;
  photos: Array<{ id: string; journalEntryId: string }>;
}

/** The trip's document version: its newest log row. Null while the trip has no document, and then nothing is cached. */
const DOC_VERSION = `(SELECT d.last_update_id FROM trip_docs d WHERE d.trip_id = t.id)::text`;

/** `t.id` for the stop columns without reading the trips table again. */
const TRIP_ID_PARAMETER = `(SELECT $1::uuid AS id) t`;

/**
 * One JSON column rather than twelve: pg sets up a parser per column of every result it reads. For several
 * (trip, caller) pairs at once (tripAccessRows.ts): `i` is each pair's place in the arrays, a pair with no
 * membership has no row. The row comes as text, parsed only when no answer is kept for that very text: it holds
 * everything the trip part of the answer is made from (the trip's columns, the caller's role, the document's version).
 */
const TRIP_ACCESS = {
  name: 'caravan_trip_access_batch',
  text: `SELECT x.i::int AS i, json_build_object(
             'id', t.id, 'ownerId', t.owner_id, 'title', t.title, 'description', t.description, 'heroImage', t.hero_image,
             'createdAt', ${iso('t.created_at')}, 'routeMode', t.route_mode, 'isPublic', t.is_public,
             'arrivalTime', t.arrival_time, 'dailyDriveLimitMinutes', t.daily_drive_limit_minutes,
             'startDate', t.start_date::text, 'departureTime', t.departure_time, 'earliestDeparture', t.earliest_departure, 'warnAfterSunset', t.warn_after_sunset, 'vehicle', t.vehicle, 'shareToken', t.share_token, 'role', m.role, 'version', ${DOC_VERSION})::text AS trip
           FROM unnest($1::uuid[], $2::int[]) WITH ORDINALITY AS x(trip_id, user_id, i)
           JOIN trips t ON t.id = x.trip_id
           JOIN trip_members m ON m.trip_id = t.id AND m.user_id = x.user_id`,
};

type AccessRow = TripRecord & { role: TTripRole; version: string | null };

/** Each request's access row as JSON text, read together with the others' that arrived in the same turn of the event loop. */
const accessRowsOf = tripAccessRows<string>(TRIP_ACCESS);

/** The version again, from the snapshot the stops are read in: that is the one they are kept under. */
const TRIP_STOPS = {
  name: 'caravan_trip_stops',
  text: `SELECT ${DOC_VERSION} AS version, ${stopColumns()} FROM ${TRIP_ID_PARAMETER}`,
};

const SOME_STOPS = {
  name: 'caravan_some_stops',
  text: `SELECT ${stopColumns((stopId) => `${stopId} = ANY($2::uuid[])`)} FROM ${TRIP_ID_PARAMETER}`,
};

/**
 * The /trips/details answer as JSON bytes with its ETag: the trip as this caller sees it, the stops as everyone does.
 * The caller's access row is read on every call (a removed member finds none); an answer already made from the same
 * row text, at the version whose stops are kept, is sent again as it is.
 */
export async function tripDetailResponse(
  dataSource: DataSource,
  cache: TripStopsCache,
  tripId: string,
  userId: number,
): Promise<DetailAnswer> {
  const row = await accessRowsOf(dataSource).load({ tripId, userId });
  if (row === undefined) throw new AppError('not_found', messages.trips.notFound);
  const made = cache.madeFrom(tripId, row);
  if (made) return made;
  const trip = JSON.parse(row) as AccessRow;
  if (!canReadTripDetails(trip.role)) throw new AppError('not_found', messages.trips.notFound);
  const { stops: _, ...head } = presentTripDetail(trip, trip.role, []);
  const tripPart = JSON.stringify(head);
  const kept = trip.version === null ? null : cache.answer(trip.id, trip.version, row, tripPart);
  if (kept) return kept;
  const [columns] = await queryPrepared<TripStopsColumns & { version: string | null }>(dataSource, TRIP_STOPS, [trip.id]);
  const stops = Buffer.from(JSON.stringify(presentStops(columns)));
  if (columns.version === null) return joinAnswer(tripPart, stops);
  cache.set(trip.id, columns.version, stops);
  // Stops read at another version than the access row's are kept, but this answer is not kept under the row's text.
  if (columns.version !== trip.version) return joinAnswer(tripPart, stops);
  // Stops larger than the whole cache are not kept.
  return cache.answer(trip.id, columns.version, row, tripPart) ?? joinAnswer(tripPart, stops);
}

/** Some stops of a trip, each with its journal entries, in trip order. */
export async function tripStopsQuery(dataSource: DataSource, tripId: string, stopIds: string[]): Promise<TTripStop[]> {
  const rows = await queryPrepared<TripStopsColumns>(dataSource, SOME_STOPS, [tripId, stopIds]);
  return presentStops(rows[0], { renumber: false });
}

/** One stop of a trip with its journal entries; not found when it is gone (deleted by someone else just now). */
export async function tripStopQuery(dataSource: DataSource, tripId: string, stopId: string): Promise<TTripStop> {
  const [stop] = await tripStopsQuery(dataSource, tripId, [stopId]);
  if (!stop) throw new AppError('not_found', messages.stops.notFound);
  return stop;
}

/** The columns of `stopColumns` as presented stops; the whole list is renumbered from 0 by position. */
export function presentStops({ stops, entries, photos }: TripStopsColumns, { renumber = true } = {}): TTripStop[] {
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
    presentStop({ ...stop, stopOrder: renumber ? index : stop.stopOrder }, entriesByStop.get(stop.id) ?? []),
  );
}

/** For the public trip: the trip's columns and its stops' columns, by share token. */
export const tripWithStopsColumns = (where: string) => `SELECT ${TRIP_COLUMNS}, ${stopColumns()} FROM trips t WHERE ${where}`;
