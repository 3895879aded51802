/**
 * /trips/public: the read-only trip behind a share link, to anyone. Only a trip that is public right now
 * and holds this exact token answers; a revoked token (the trip went private) finds nothing.
 */
import type { DataSource } from 'typeorm';
import { messages, SHARE_TOKEN_MAX_LENGTH, type TPublicTrip } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';
import { presentPublicTrip, type TripRecord } from '../presenters/tripDetail.ts';
import { TRIP_COLUMNS, tripStopsQuery } from './tripDetailQuery.ts';

/** Tokens are base64url; anything else (a NUL byte, which PostgreSQL text refuses, say) names no trip. */
const SHARE_TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;

export async function publicTripQuery(dataSource: DataSource, shareToken: string): Promise<TPublicTrip> {
  const [trip]: TripRecord[] =
    shareToken.length > SHARE_TOKEN_MAX_LENGTH || !SHARE_TOKEN_CHARACTERS.test(shareToken)
      ? []
      : await dataSource.query(`SELECT ${TRIP_COLUMNS} FROM trips t WHERE t.share_token = $1 AND t.is_public`, [shareToken]);
  if (!trip) throw new AppError('not_found', messages.trips.notFound);
  return presentPublicTrip(trip, await tripStopsQuery(dataSource, trip.id));
}
