/**
 * Builds the first document of a trip from its rows (trips created before live documents, or by SQL):
 * runs once per trip, the first time the trip is opened.
 */
import * as Y from 'yjs';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ACTIVITY_LIMIT,
  TRIP_DOC_SCHEMA_VERSION,
  activityArray,
  commentsMap,
  readMentions,
  metaMap,
  recordMap,
  roadSettingsOf,
  stopsMap,
  suggestionsMap,
} from '@caravan/shared';

type Db = DataSource | EntityManager;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A `date` column as pg reads it (a Date at local midnight) written back as 'YYYY-MM-DD'. */
function calendarDate(value: Date | null | undefined): string | null {
  if (!value) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** A row's plan fields, only those it has (a stop never planned keeps its document entry small, and reads empty). */
function planOf(row: Record<string, unknown>) {
  const plan = { kind: row.kind, stayMinutes: row.stay_minutes, fixedTime: row.fixed_time, openingHours: row.opening_hours, lodging: row.lodging, refuels: row.refuels };
  const present = Object.entries(plan).filter(([, value]) => value !== null && value !== undefined);
  return { ...Object.fromEntries(present), ...(row.overnight === true && { overnight: true }) };
}

export async function seedTripDoc(db: Db, tripId: string): Promise<Y.Doc | null> {
  const [trip] = await db.query(
    `SELECT * FROM trips WHERE id = $1`,
    [tripId],
  );
  if (!trip) return null;
  const [stops, suggestions, comments, activity] = await Promise.all([
    db.query(`SELECT * FROM stops WHERE trip_id = $1 ORDER BY stop_order, pos, id`, [tripId]),
    db.query(
      `SELECT s.*, u.display_name, u.avatar_url FROM stop_suggestions s LEFT JOIN users u ON u.id = s.suggested_by
        WHERE s.trip_id = $1`,
      [tripId],
    ),
    db.query(
      `SELECT c.*, u.display_name, u.avatar_url FROM comments c LEFT JOIN users u ON u.id = c.user_id
        WHERE c.trip_id = $1`,
      [tripId],
    ),
    db.query(
      `SELECT a.*, u.display_name, u.avatar_url FROM activities a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.trip_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2`,
      [tripId, ACTIVITY_LIMIT],
    ),
  ]);

  const doc = new Y.Doc();
  doc.transact(() => {
    const meta = metaMap(doc);
    meta.set('schemaVersion', TRIP_DOC_SCHEMA_VERSION);
    meta.set('title', trip.title);
    meta.set('description', trip.description);
    meta.set('routeMode', trip.route_mode);
    meta.set('isPublic', trip.is_public);
    meta.set('heroImage', trip.hero_image);
    // Absent from a schema older than the road settings (a document seeded during an upgrade): their defaults.
    const settings = roadSettingsOf({
      arrivalTime: trip.arrival_time,
      dailyDriveLimitMinutes: trip.daily_drive_limit_minutes,
      startDate: calendarDate(trip.start_date),
      departureTime: trip.departure_time,
      earliestDeparture: trip.earliest_departure,
      warnAfterSunset: trip.warn_after_sunset,
      vehicle: trip.vehicle,
    });
    for (const [key, value] of Object.entries(settings)) meta.set(key, value);
    meta.set('membersVersion', 0);
    meta.set('journalsVersion', 0);
    for (const row of stops) {
      const owned = row.visited || row.visited_at || row.planned_arrival_date || row.auto_scheduled;
      stopsMap(doc).set(
        row.id,
        recordMap({
          name: row.name,
          address: row.address,
          notes: row.notes,
          latitude: row.latitude,
          longitude: row.longitude,
          pos: row.pos,
          estimatedDriveMinutes: row.estimated_drive_minutes,
          ...(row.drive_leg && { driveLeg: row.drive_leg }),
          journalContent: row.journal_content,
          photos: row.photos,
          createdAt: iso(row.created_at),
          ...planOf(row),
          ...(owned && {
            visited: row.visited,
            visitedAt: iso(row.visited_at),
            plannedArrivalDate: iso(row.planned_arrival_date),
            autoScheduled: row.auto_scheduled,
          }),
        }),
      );
    }
    for (const row of suggestions) {
      suggestionsMap(doc).set(
        row.id,
        recordMap({
          id: row.id,
          name: row.name,
          address: row.address,
          notes: row.notes,
          latitude: row.latitude,
          longitude: row.longitude,
          status: row.status,
          suggestedBy: row.suggested_by,
          suggestedByDisplayName: row.display_name ?? 'Former member',
          suggestedByAvatarUrl: row.avatar_url,
          reviewedBy: row.reviewed_by,
          reviewedAt: iso(row.reviewed_at),
          approvedStopId: row.approved_stop_id,
          createdAt: iso(row.created_at),
        }),
      );
    }
    for (const row of comments) {
      commentsMap(doc).set(
        row.id,
        recordMap({
          id: row.id,
          stopId: row.stop_id,
          userId: row.user_id,
          content: row.content,
          resolved: row.resolved,
          createdAt: iso(row.created_at),
          userDisplayName: row.display_name ?? 'Former member',
          userAvatarUrl: row.avatar_url,
          mentions: readMentions(row.mentions),
        }),
      );
    }
    activityArray(doc).push(
      activity.reverse().map((row: Record<string, any>) =>
        recordMap({
          id: row.id,
          activityType: row.activity_type,
          activityData: row.activity_data,
          userId: row.user_id,
          displayName: row.display_name ?? 'Former member',
          avatarUrl: row.avatar_url,
          createdAt: iso(row.created_at),
        }),
      ),
    );
  });
  return doc;
}
