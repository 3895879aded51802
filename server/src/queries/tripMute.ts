/** A member's mute of one trip (engine/src/notifications/notificationDeriver.ts stores nothing for them while on). */
import type { DataSource } from 'typeorm';

export async function tripMuted(dataSource: DataSource, userId: number, tripId: string): Promise<boolean> {
  const rows: unknown[] = await dataSource.query(`SELECT 1 FROM notification_trip_mutes WHERE trip_id = $1 AND user_id = $2`, [tripId, userId]);
  return rows.length > 0;
}

export async function tripMuteSaved(dataSource: DataSource, userId: number, tripId: string, muted: boolean): Promise<boolean> {
  await dataSource.query(
    muted
      ? `INSERT INTO notification_trip_mutes (trip_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
      : `DELETE FROM notification_trip_mutes WHERE trip_id = $1 AND user_id = $2`,
    [tripId, userId],
  );
  return muted;
}
