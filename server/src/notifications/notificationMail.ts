/**
 * Sends the notifications that are due by e-mail (stored with `email_due` by the projection, whichever process
 * wrote the event, or by the reminder sweep), but those of members who chose the daily digest (./notificationDigest.ts). Each batch is claimed in one statement (SKIP LOCKED), so several API processes never send one
 * twice; a message the mail server refuses is logged and not retried (at most once, like the invitation's).
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '@caravan/engine';
import type { NotificationKind } from '@caravan/shared';
import { notificationEmail, type Mailer } from '../providers/mail/index.ts';

export const NOTIFICATION_MAIL_EVERY_MS = 2000;

/** {origin}/trips/{tripId}: where a notification's e-mail leads. */
export const tripLink = (publicOrigin: string, tripId: string) => `${publicOrigin.replace(/\/+$/, '')}/trips/${tripId}`;
const BATCH = 50;

interface Due {
  id: string;
  email: string;
  kind: NotificationKind;
  actor_name: string;
  data: Record<string, unknown>;
  trip_id: string;
  trip_title: string;
}

export async function sendDueNotificationMail(deps: { dataSource: DataSource; mailer: Mailer; logger: Pick<Logger, 'warn'>; publicOrigin: string }): Promise<number> {
  const due: Due[] = await deps.dataSource.query(
    `WITH claimed AS (
       UPDATE notifications SET email_due = false
        WHERE id IN (SELECT n.id FROM notifications n
                      WHERE n.email_due AND NOT EXISTS (SELECT 1 FROM notification_email_delivery d WHERE d.user_id = n.user_id AND d.digest)
                      ORDER BY n.created_at LIMIT ${BATCH} FOR UPDATE OF n SKIP LOCKED)
        RETURNING id, user_id, kind, actor_name, data, trip_id)
     SELECT c.id, u.email, c.kind, c.actor_name, c.data, c.trip_id, t.title AS trip_title
       FROM claimed c JOIN users u ON u.id = c.user_id JOIN trips t ON t.id = c.trip_id`,
  );
  for (const row of due) {
    const link = tripLink(deps.publicOrigin, row.trip_id);
    try {
      await deps.mailer.send({ to: row.email, ...notificationEmail({ kind: row.kind, actorName: row.actor_name, tripTitle: row.trip_title, data: row.data, link }) });
    } catch (err) {
      deps.logger.warn({ err, notificationId: row.id }, 'a notification e-mail could not be sent');
    }
  }
  return due.length;
}

/** Sends due notification e-mail every NOTIFICATION_MAIL_EVERY_MS until stopped. */
export function startNotificationMail(deps: Parameters<typeof sendDueNotificationMail>[0]): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sendDueNotificationMail(deps)).catch((err) => deps.logger.warn({ err }, 'sending notification e-mail failed'));
  }, NOTIFICATION_MAIL_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
