/**
 * Reads of a trip's calendar feed (docs/product.md#calendar-feed): the owner's view of its secret, and the trip
 * a feed request's secret opens. The request is looked up by the secret's SHA-256, then compared with the
 * stored secret in constant time, so neither the index nor the comparison tells a guesser how close they came.
 */
import type { DataSource } from 'typeorm';
import { hashToken, sameToken, type Trip } from '@caravan/engine';

/** The trip's feed secret, or null when it has no feed. */
export async function calendarFeedSecret(dataSource: DataSource, tripId: string): Promise<string | null> {
  const rows: Array<{ secret: string }> = await dataSource.query(`SELECT secret FROM trip_calendar_feeds WHERE trip_id = $1`, [tripId]);
  return rows[0]?.secret ?? null;
}

/** The trip's export fields, and its owner: the feed's work counts as the owner's. */
export type FeedTrip = Pick<Trip, 'id' | 'title' | 'description' | 'ownerId'>;

/** The trip whose feed has this secret; null for a secret that was never made, or was rotated or revoked. */
export async function tripOfCalendarFeed(dataSource: DataSource, secret: string): Promise<FeedTrip | null> {
  const rows: Array<FeedTrip & { secret: string }> = await dataSource.query(
    `SELECT t.id, t.title, t.description, t.owner_id AS "ownerId", f.secret
       FROM trip_calendar_feeds f JOIN trips t ON t.id = f.trip_id
      WHERE f.secret_sha256 = $1`,
    [hashToken(secret)],
  );
  const row = rows[0];
  if (!row || !sameToken(row.secret, secret)) return null;
  const { secret: _, ...trip } = row;
  return trip;
}
