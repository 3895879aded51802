/** A member's notification choices per kind: in the app, by e-mail and by push, on unless they turned them off. */
import type { DataSource } from 'typeorm';
import { EMAILED_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind, type TNotificationPreference } from '@caravan/shared';

export async function notificationPreferences(dataSource: DataSource, userId: number): Promise<TNotificationPreference[]> {
  const rows: Array<{ kind: string; in_app: boolean; email: boolean; push: boolean }> = await dataSource.query(
    `SELECT kind, in_app, email, push FROM notification_preferences WHERE user_id = $1`,
    [userId],
  );
  return NOTIFICATION_KINDS.map((kind) => {
    const row = rows.find((each) => each.kind === kind);
    const emailable = EMAILED_NOTIFICATION_KINDS.includes(kind);
    return { kind, inApp: row?.in_app ?? true, email: emailable && (row?.email ?? true), push: row?.push ?? true, emailable };
  });
}

/** Saves one kind's choices; a push choice left out keeps the one stored (on when none is). */
export async function notificationPreferenceSaved(
  dataSource: DataSource,
  userId: number,
  choice: { kind: NotificationKind; inApp: boolean; email: boolean; push?: boolean },
): Promise<TNotificationPreference[]> {
  await dataSource.query(
    `INSERT INTO notification_preferences (user_id, kind, in_app, email, push) VALUES ($1, $2, $3, $4, coalesce($5, true))
     ON CONFLICT (user_id, kind) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email,
       push = coalesce($5, notification_preferences.push)`,
    [userId, choice.kind, choice.inApp, choice.email, choice.push ?? null],
  );
  return notificationPreferences(dataSource, userId);
}
