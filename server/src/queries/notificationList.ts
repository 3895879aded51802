/**
 * The caller's notifications shown in the app (newest first, paged by the last one's id) and their unread count: of
 * trips they are still a member of (an invitation's before they are one).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_PAGE_SIZE, type TNotification } from '@caravan/shared';

type Db = DataSource | EntityManager;

export const STILL_SHOWN = `(n.kind = 'trip_invited' OR EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = n.trip_id AND m.user_id = n.user_id))`;

/** A notification's row as the list queries select it (with its trip's title), and as the calls answer it. */
export interface NotificationRow {
  id: string;
  kind: TNotification['kind'];
  trip_id: string;
  trip_title: string;
  stop_id: string | null;
  actor_name: string;
  data: Record<string, unknown>;
  read: boolean;
  created_at: Date;
}

export const presentNotification = (row: NotificationRow): TNotification => ({
  id: row.id,
  kind: row.kind,
  tripId: row.trip_id,
  tripTitle: row.trip_title,
  stopId: row.stop_id,
  actorName: row.actor_name,
  data: row.data,
  read: row.read,
  createdAt: row.created_at.toISOString(),
});

export async function notificationList(db: Db, userId: number, { limit, before }: { limit?: number; before?: string }): Promise<TNotification[]> {
  const rows: NotificationRow[] = await db.query(
    `SELECT n.id, n.kind, n.trip_id, t.title AS trip_title, n.stop_id, n.actor_name, n.data, n.read_at IS NOT NULL AS read,
            n.created_at
       FROM notifications n JOIN trips t ON t.id = n.trip_id
      WHERE n.user_id = $1 AND n.in_app AND ${STILL_SHOWN}
        AND ($3::uuid IS NULL OR (n.created_at, n.id) < (SELECT created_at, id FROM notifications WHERE id = $3 AND user_id = $1))
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $2`,
    [userId, limit ?? NOTIFICATION_PAGE_SIZE, before ?? null],
  );
  return rows.map(presentNotification);
}

export async function unreadNotificationCount(db: Db, userId: number): Promise<number> {
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM notifications n WHERE n.user_id = $1 AND n.in_app AND n.read_at IS NULL AND ${STILL_SHOWN}`, [
    userId,
  ]);
  return count;
}
