/**
 * The bell's entries: the caller's notifications with those of one kind on one trip that came close together
 * folded into one entry (an "island": each within NOTIFICATION_GROUP_GAP_MS of the one before it), newest first,
 * paged by the last entry's id. Each entry is its newest notification plus how many it holds, how many of them are
 * unread, and their ids (the newest NOTIFICATION_PAGE_MAX, enough to mark the entry read in one call).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_GROUP_GAP_MS, NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_SIZE, type TNotificationGroup } from '@caravan/shared';
import { presentNotification, STILL_SHOWN, type NotificationRow } from './notificationList.ts';

export async function notificationGroups(
  db: DataSource | EntityManager,
  userId: number,
  { limit, before }: { limit?: number; before?: string },
): Promise<TNotificationGroup[]> {
  const rows: Array<NotificationRow & { count: number; unread: number; ids: string[] }> = await db.query(
    `WITH shown AS (
       SELECT n.id, n.trip_id, n.kind, n.created_at, n.read_at IS NULL AS unread,
              coalesce(n.created_at - lag(n.created_at) OVER (PARTITION BY n.trip_id, n.kind ORDER BY n.created_at, n.id)
                       > make_interval(secs => $4 / 1000.0), true) AS starts
         FROM notifications n
        WHERE n.user_id = $1 AND n.in_app AND ${STILL_SHOWN}
     ), islands AS (
       SELECT *, count(*) FILTER (WHERE starts) OVER (PARTITION BY trip_id, kind ORDER BY created_at, id) AS island FROM shown
     ), grouped AS (
       SELECT (array_agg(id ORDER BY created_at DESC, id DESC))[1:$5] AS ids, count(*)::int AS count,
              count(*) FILTER (WHERE unread)::int AS unread
         FROM islands GROUP BY trip_id, kind, island
     )
     SELECT n.id, n.kind, n.trip_id, t.title AS trip_title, n.stop_id, n.actor_name, n.data, n.read_at IS NOT NULL AS read,
            n.created_at, g.count, g.unread, g.ids
       FROM grouped g JOIN notifications n ON n.id = g.ids[1] JOIN trips t ON t.id = n.trip_id
      WHERE ($3::uuid IS NULL OR (n.created_at, n.id) < (SELECT created_at, id FROM notifications WHERE id = $3 AND user_id = $1))
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $2`,
    [userId, limit ?? NOTIFICATION_PAGE_SIZE, before ?? null, NOTIFICATION_GROUP_GAP_MS, NOTIFICATION_PAGE_MAX],
  );
  return rows.map((row) => ({ ...presentNotification(row), read: row.unread === 0, count: row.count, unread: row.unread, ids: row.ids }));
}
