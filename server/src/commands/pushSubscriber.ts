/**
 * The caller's devices that receive notifications by push. An endpoint is one browser's: subscribing it moves it to
 * the caller (another account that had it there loses it and its pending pushes), and the caller keeps the newest
 * PUSH_DEVICES_MAX; only on a push service this server sends to (pushServiceHosts.ts). Unsubscribing an endpoint the server no longer holds is no error: the device is off either way.
 */
import type { DataSource } from 'typeorm';
import { messages, PUSH_DEVICES_MAX } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { isKnownPushService } from '../notifications/push/pushServiceHosts.ts';

export async function pushSubscribed(
  dataSource: DataSource,
  pushServiceHosts: readonly string[],
  userId: number,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<number> {
  if (!isKnownPushService(subscription.endpoint, pushServiceHosts)) throw new AppError('validation', messages.push.unknownService);
  return dataSource.transaction(async (manager) => {
    await manager.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2`, [subscription.endpoint, userId]);
    await manager.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
      [userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
    );
    await manager.query(
      `DELETE FROM push_subscriptions WHERE user_id = $1
         AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT ${PUSH_DEVICES_MAX})`,
      [userId],
    );
    return pushDeviceCount(manager, userId);
  });
}

export async function pushUnsubscribed(dataSource: DataSource, userId: number, endpoint: string): Promise<number> {
  await dataSource.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2`, [endpoint, userId]);
  return pushDeviceCount(dataSource, userId);
}

async function pushDeviceCount(db: Pick<DataSource, 'query'>, userId: number): Promise<number> {
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM push_subscriptions WHERE user_id = $1`, [userId]);
  return count;
}
