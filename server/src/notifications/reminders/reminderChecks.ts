/**
 * The reminders due at `now`, as notification events: each keyed by (kind, subject, date) into its source id
 * (reminderSourceId), so the notifications' unique (source, member) stores each once, however many sweeps and
 * processes find it. Who may be told (members only, active accounts, their choices) is storeNotifications's rule.
 */
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { NotificationEvent } from '@caravan/engine';
import { plannedCalendarDate, type NotificationKind } from '@caravan/shared';
import { possibleTomorrows, tomorrowIn, tripZones } from './tripTomorrow.ts';

export type TripEvent = NotificationEvent & { tripId: string };

/** A stable uuid for one reminder: the same kind, subject and date always give the same id. */
export function reminderSourceId(kind: NotificationKind, subjectId: string, date: string): string {
  const hex = createHash('md5').update(`${kind}:${subjectId}:${date}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const reminder = (now: Date, tripId: string, kind: NotificationKind, key: [string, string], data: Record<string, unknown>, userIds: number[]): TripEvent => ({
  tripId,
  kind,
  sourceId: reminderSourceId(kind, ...key),
  actorId: null,
  actorName: '',
  stopId: null,
  data,
  createdAt: now.toISOString(),
  to: { userIds },
});

/** Checklist items due tomorrow (the trip's tomorrow), for their assignee. */
export async function itemsDueTomorrow(db: DataSource, now: Date): Promise<TripEvent[]> {
  const { from, to } = possibleTomorrows(now);
  const rows: Array<{ trip_id: string; subject_id: string; user_id: number; due_date: string; data: Record<string, unknown> }> = await db.query(
    `SELECT trip_id, subject_id, user_id, due_date::text AS due_date, data FROM reminder_facts
      WHERE kind = 'item_due' AND due_date BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  const zones = await tripZones(db, rows.map((row) => row.trip_id));
  return rows
    .filter((row) => tomorrowIn(now, zones.get(row.trip_id)!) === row.due_date)
    .map((row) => reminder(now, row.trip_id, 'item_due', [row.subject_id, row.due_date], row.data, [row.user_id]));
}

/** Trips whose first day is tomorrow (their tomorrow), for every member. */
export async function tripsStartingTomorrow(db: DataSource, now: Date): Promise<TripEvent[]> {
  const { from, to } = possibleTomorrows(now);
  // Day one is the start date, or the first stop's planned date when that is later or the only one (the day model's).
  const rows: Array<{ id: string; start_date: string | null; planned: Date | null; members: number[] }> = await db.query(
    `SELECT t.id, t.start_date::text AS start_date, first.planned_arrival_date AS planned,
            ARRAY(SELECT user_id FROM trip_members m WHERE m.trip_id = t.id) AS members
       FROM trips t
       LEFT JOIN LATERAL (SELECT planned_arrival_date FROM stops s WHERE s.trip_id = t.id ORDER BY stop_order LIMIT 1) first ON true
      WHERE t.start_date BETWEEN $1::date AND $2::date
         OR (first.planned_arrival_date AT TIME ZONE 'UTC')::date BETWEEN $1::date - 1 AND $2::date + 1`,
    [from, to],
  );
  const zones = await tripZones(db, rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const planned = plannedCalendarDate(row.planned);
    const startDate = row.start_date && planned ? (planned > row.start_date ? planned : row.start_date) : (row.start_date ?? planned);
    if (!startDate || tomorrowIn(now, zones.get(row.id)!) !== startDate) return [];
    return [reminder(now, row.id, 'trip_starting', [row.id, startDate], { startDate }, row.members)];
  });
}

/** Open polls closing within a day, for each member who has not voted. */
export async function pollsClosingSoon(db: DataSource, now: Date): Promise<TripEvent[]> {
  const rows: Array<{ trip_id: string; subject_id: string; closes_at: Date; data: Record<string, unknown>; waiting: number[] }> = await db.query(
    `SELECT f.trip_id, f.subject_id, f.closes_at, f.data,
            ARRAY(SELECT m.user_id FROM trip_members m WHERE m.trip_id = f.trip_id AND NOT (m.user_id = ANY(f.voters))) AS waiting
       FROM reminder_facts f
      WHERE f.kind = 'poll_closing' AND f.closes_at > $1 AND f.closes_at <= $1::timestamptz + interval '1 day'`,
    [now.toISOString()],
  );
  return rows.map((row) => reminder(now, row.trip_id, 'poll_closing', [row.subject_id, row.closes_at.toISOString()], row.data, row.waiting));
}

/** Members who owe money on a trip and had no settle-up reminder for it in the last 7 days. */
export async function settleUpReminders(db: DataSource, now: Date): Promise<TripEvent[]> {
  const rows: Array<{ trip_id: string; user_id: number; data: Record<string, unknown> }> = await db.query(
    `SELECT f.trip_id, f.user_id, f.data FROM reminder_facts f
      WHERE f.kind = 'settle_up'
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.kind = 'settle_up' AND n.user_id = f.user_id AND n.trip_id = f.trip_id
                          AND n.created_at > $1::timestamptz - interval '7 days')`,
    [now.toISOString()],
  );
  const today = now.toISOString().slice(0, 10);
  return rows.map((row) => reminder(now, row.trip_id, 'settle_up', [`${row.trip_id}:${row.user_id}`, today], row.data, [row.user_id]));
}
