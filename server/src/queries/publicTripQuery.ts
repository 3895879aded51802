/**
 * /trips/public: the read-only trip behind a share link, to anyone. Only a trip that is public right now
 * and holds this exact token answers; a revoked token (the trip went private) finds nothing.
 */
import type { DataSource } from 'typeorm';
import { messages, SHARE_TOKEN_MAX_LENGTH, type TPublicTrip } from '@caravan/shared';
import { AppError, queryPrepared } from '@caravan/engine';
import { presentPublicStop, presentPublicTrip, type TripRecord } from '../presenters/tripDetail.ts';
import { presentStops, tripWithStopsColumns, type TripStopsColumns } from './tripDetailQuery.ts';

/** Tokens are base64url; anything else (a NUL byte, which PostgreSQL text refuses, say) names no trip. */
const SHARE_TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;

const PUBLIC_TRIP = { name: 'caravan_public_trip', text: tripWithStopsColumns('t.share_token = $1 AND t.is_public') };

export async function publicTripQuery(dataSource: DataSource, shareToken: string): Promise<TPublicTrip> {
  const isToken = shareToken.length <= SHARE_TOKEN_MAX_LENGTH && SHARE_TOKEN_CHARACTERS.test(shareToken);
  const rows = isToken ? await queryPrepared<TripRecord & TripStopsColumns>(dataSource, PUBLIC_TRIP, [shareToken]) : [];
  const trip = rows[0];
  if (!trip) throw new AppError('not_found', messages.trips.notFound);
  return presentPublicTrip(trip, presentStops(trip).map(presentPublicStop));
}
