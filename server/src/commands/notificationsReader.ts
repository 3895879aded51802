/**
 * Marks the caller's notifications read: one (another member's is "not found"), several (a grouped entry of the
 * bell; others' ids are skipped) or all. Answers the unread count left.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { unreadNotificationCount } from '../queries/notificationList.ts';

export async function notificationMarkedRead(dataSource: DataSource, userId: number, id: string): Promise<number> {
  const rows: unknown[] = await dataSource.query(
    `WITH marked AS (UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 AND in_app RETURNING id)
     SELECT id FROM marked`,
    [id, userId],
  );
  if (!rows.length) throw new AppError('not_found', messages.notifications.notFound);
  return unreadNotificationCount(dataSource, userId);
}

export async function allNotificationsMarkedRead(dataSource: DataSource, userId: number): Promise<number> {
  await dataSource.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
  return unreadNotificationCount(dataSource, userId);
}

export async function notificationsMarkedRead(dataSource: DataSource, userId: number, ids: string[]): Promise<number> {
  await dataSource.query(`UPDATE notifications SET read_at = now() WHERE id = ANY($1::uuid[]) AND user_id = $2 AND read_at IS NULL`, [ids, userId]);
  return unreadNotificationCount(dataSource, userId);
}
