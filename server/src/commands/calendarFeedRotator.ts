/**
 * Gives a trip's calendar feed a new secret (owner only): the old address stops working at once,
 * for a link that went further than meant. A trip without a feed gets one. Returns the new secret.
 */
import type { DataSource } from 'typeorm';
import type { TCalendarFeedRequest } from '@caravan/shared';
import { hashToken, randomToken } from '@caravan/engine';

export async function calendarFeedRotator(dataSource: DataSource, { tripId }: TCalendarFeedRequest): Promise<string> {
  const secret = randomToken();
  await dataSource.query(
    `INSERT INTO trip_calendar_feeds (trip_id, secret, secret_sha256) VALUES ($1, $2, $3)
     ON CONFLICT (trip_id) DO UPDATE SET secret = excluded.secret, secret_sha256 = excluded.secret_sha256, created_at = now()`,
    [tripId, secret, hashToken(secret)],
  );
  return secret;
}
