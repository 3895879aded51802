/**
 * Hands due push deliveries (stored with their notification in the commit's transaction, whichever process wrote
 * the event) to the devices' push services. A batch is claimed in one statement (SKIP LOCKED) that moves its
 * rows' `due_at` a lease ahead, so several API processes never hand one over twice while they run; a process
 * that dies mid-batch leaves its rows to be claimed again when the lease ends.
 * A 404/410 forgets the device; 429/5xx or no answer tries again later (Retry-After, else doubling waits) up to
 * MAX_ATTEMPTS; any other refusal drops that delivery.
 */
import type { DataSource } from 'typeorm';
import type { Logger } from '@caravan/engine';
import type { NotificationKind } from '@caravan/shared';
import { pushPayload } from './pushPayload.ts';
import type { PushOutcome, PushSender } from './pushSender.ts';

export const PUSH_EVERY_MS = 500;
const BATCH = 100;
/** Pushes in flight at once per process. */
const PARALLEL = 16;
const LEASE_SECONDS = 60;
export const MAX_ATTEMPTS = 5;
const FIRST_WAIT_SECONDS = 10;
const LONGEST_WAIT_SECONDS = 3600;

interface Due {
  notification_id: string;
  subscription_id: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  kind: NotificationKind;
  actor_name: string;
  data: Record<string, unknown>;
  trip_id: string;
  trip_title: string;
  stop_id: string | null;
}

export interface PushDeliveryDeps {
  dataSource: DataSource;
  send: PushSender;
  logger: Pick<Logger, 'warn'>;
}

/** Claims and hands over one batch; answers how many it claimed. */
export async function sendDuePushes(deps: PushDeliveryDeps): Promise<number> {
  const due: Due[] = await deps.dataSource.query(
    `WITH claimed AS (
       UPDATE push_deliveries d SET attempts = d.attempts + 1, due_at = now() + interval '${LEASE_SECONDS} seconds'
        WHERE (d.notification_id, d.subscription_id) IN (
          SELECT notification_id, subscription_id FROM push_deliveries WHERE due_at <= now() ORDER BY due_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING d.notification_id, d.subscription_id, d.attempts)
     SELECT c.*, s.endpoint, s.p256dh, s.auth, n.kind, n.actor_name, n.data, n.trip_id, n.stop_id, t.title AS trip_title
       FROM claimed c
       JOIN push_subscriptions s ON s.id = c.subscription_id
       JOIN notifications n ON n.id = c.notification_id
       JOIN trips t ON t.id = n.trip_id`,
  );
  let next = 0;
  const sent: Due[] = [];
  const worker = async () => {
    while (next < due.length) {
      const row = due[next++];
      const payload = pushPayload({ id: row.notification_id, kind: row.kind, actorName: row.actor_name, tripId: row.trip_id, tripTitle: row.trip_title, stopId: row.stop_id, data: row.data });
      const outcome = await deps.send(row, payload);
      if (outcome.kind === 'sent') sent.push(row);
      else await settle(deps, row, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
  // The batch's handed-over deliveries in one statement: most of a batch, most of the time.
  if (sent.length) {
    await deps.dataSource.query(
      `DELETE FROM push_deliveries WHERE (notification_id, subscription_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [sent.map((row) => row.notification_id), sent.map((row) => row.subscription_id)],
    );
  }
  return due.length;
}

async function settle(deps: PushDeliveryDeps, row: Due, outcome: Exclude<PushOutcome, { kind: 'sent' }>): Promise<void> {
  const key = [row.notification_id, row.subscription_id];
  if (outcome.kind === 'gone') {
    // Its other deliveries go with it.
    await deps.dataSource.query(`DELETE FROM push_subscriptions WHERE id = $1`, [row.subscription_id]);
  } else if (outcome.kind === 'later' && row.attempts < MAX_ATTEMPTS) {
    const wait = Math.min(LONGEST_WAIT_SECONDS, outcome.afterSeconds ?? FIRST_WAIT_SECONDS * 2 ** (row.attempts - 1));
    await deps.dataSource.query(`UPDATE push_deliveries SET due_at = now() + make_interval(secs => $3) WHERE notification_id = $1 AND subscription_id = $2`, [...key, wait]);
  } else {
    deps.logger.warn({ notificationId: row.notification_id, reason: outcome.reason, attempts: row.attempts }, 'a push notification could not be delivered');
    await deps.dataSource.query(`DELETE FROM push_deliveries WHERE notification_id = $1 AND subscription_id = $2`, key);
  }
}

/** Hands due pushes over every PUSH_EVERY_MS, batch after batch while batches come full, until stopped. */
export function startPushDelivery(deps: PushDeliveryDeps): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const drain = async () => {
    while ((await sendDuePushes(deps)) === BATCH);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = drain()
      .catch((err) => deps.logger.warn({ err }, 'sending push notifications failed'))
      .finally(() => (busy = false));
  }, PUSH_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
