/**
 * Makes a trip's calendar feed (owner only) unless it has one: a new secret of 256 random bits.
 * An existing feed is left as it is, so a second click never breaks a calendar already subscribed.
 * Returns the feed's secret.
 */
import type { DataSource } from 'typeorm';
import type { TCalendarFeedRequest } from '@caravan/shared';
import { calendarFeedSecret } from '../queries/calendarFeedQuery.ts';
import { hashToken, randomToken } from '@caravan/engine';

export async function calendarFeedCreator(dataSource: DataSource, { tripId }: TCalendarFeedRequest): Promise<string> {
  const secret = randomToken();
  await dataSource.query(
    `INSERT INTO trip_calendar_feeds (trip_id, secret, secret_sha256) VALUES ($1, $2, $3) ON CONFLICT (trip_id) DO NOTHING`,
    [tripId, secret, hashToken(secret)],
  );
  return (await calendarFeedSecret(dataSource, tripId)) ?? secret;
}
