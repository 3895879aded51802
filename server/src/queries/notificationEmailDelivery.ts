/** A member's choice of how notification e-mails arrive: each as it happens (no row), or one daily digest. */
import type { DataSource } from 'typeorm';
import type { EmailDelivery } from '@caravan/shared';

export async function emailDelivery(dataSource: DataSource, userId: number): Promise<EmailDelivery> {
  const [row]: Array<{ digest: boolean }> = await dataSource.query(`SELECT digest FROM notification_email_delivery WHERE user_id = $1`, [userId]);
  return row?.digest ? 'digest' : 'each';
}

/**
 * Saves the choice. Choosing 'each' again leaves what waited for the digest to the ordinary dispatcher, which sends
 * it at once; the day's digest, once sent, stays sent (switching back and forth sends no second one that day).
 */
export async function emailDeliverySaved(dataSource: DataSource, userId: number, choice: EmailDelivery): Promise<EmailDelivery> {
  await dataSource.query(
    `INSERT INTO notification_email_delivery (user_id, digest) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET digest = EXCLUDED.digest`,
    [userId, choice === 'digest'],
  );
  return emailDelivery(dataSource, userId);
}
