/**
 * The daily digest: for each member who chose it, once per UTC day (from DIGEST_HOUR_UTC), one e-mail listing
 * their unread notifications not yet e-mailed. The member's day is claimed and their rows taken in one
 * transaction (the claim's row lock), so several API processes or a restart never send one twice; a message the
 * mail server refuses is logged and not retried, like every notification e-mail.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '@caravan/engine';
import type { NotificationKind } from '@caravan/shared';
import { notificationDigestEmail, type Mailer } from '../providers/mail/index.ts';
import { tripLink } from './notificationMail.ts';

/** The digest goes out at the first sweep from this hour (UTC) on. */
export const DIGEST_HOUR_UTC = 7;
const MEMBERS_PER_SWEEP = 50;

interface Taken {
  user_id: number;
  email: string;
  kind: NotificationKind;
  actor_name: string;
  data: Record<string, unknown>;
  trip_id: string;
  trip_title: string;
}

export interface DigestDeps {
  dataSource: DataSource;
  mailer: Mailer;
  logger: Pick<Logger, 'warn'>;
  publicOrigin: string;
}

/** Sends the digests due at `now`; answers how many went out. */
export async function sendDueDigests(deps: DigestDeps, now: Date): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const today = now.toISOString().slice(0, 10);
  const taken: Taken[] = await deps.dataSource.transaction(async (manager) => {
    const members: Array<{ user_id: number }> = await manager.query(
      `WITH claimed AS (
         UPDATE notification_email_delivery d SET digest_sent_on = $1
          WHERE d.user_id IN (SELECT e.user_id FROM notification_email_delivery e
                               WHERE e.digest AND (e.digest_sent_on IS NULL OR e.digest_sent_on < $1)
                                 AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = e.user_id AND n.email_due)
                               LIMIT ${MEMBERS_PER_SWEEP} FOR UPDATE SKIP LOCKED)
          RETURNING d.user_id)
       SELECT user_id FROM claimed`,
      [today],
    );
    if (!members.length) return [];
    // Read ones are taken too: the member has seen them, so no e-mail is due for them any more.
    return manager.query(
      `WITH claimed AS (
         UPDATE notifications SET email_due = false WHERE user_id = ANY($1::int[]) AND email_due
         RETURNING user_id, kind, actor_name, data, trip_id, read_at, created_at)
       SELECT c.user_id, u.email, c.kind, c.actor_name, c.data, c.trip_id, t.title AS trip_title
         FROM claimed c JOIN users u ON u.id = c.user_id JOIN trips t ON t.id = c.trip_id
        WHERE c.read_at IS NULL AND u.status = 'active'
          AND (c.kind = 'trip_invited' OR EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = c.trip_id AND m.user_id = c.user_id))
        ORDER BY c.user_id, c.created_at`,
      [members.map((member) => member.user_id)],
    );
  });
  const byMember = new Map<string, Taken[]>();
  for (const row of taken) byMember.set(row.email, [...(byMember.get(row.email) ?? []), row]);
  for (const [email, rows] of byMember) {
    const items = rows.map((row) => ({ kind: row.kind, actorName: row.actor_name, tripTitle: row.trip_title, data: row.data, link: tripLink(deps.publicOrigin, row.trip_id) }));
    try {
      await deps.mailer.send({ to: email, ...notificationDigestEmail(items) });
    } catch (err) {
      deps.logger.warn({ err, userId: rows[0].user_id }, 'a notification digest could not be sent');
    }
  }
  return byMember.size;
}
