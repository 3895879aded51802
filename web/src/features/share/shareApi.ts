/** The share page's calls: the public trip behind a link, and the owner's fuller trip details. */
import { ZPublicTrip, ZTripDetail } from '@caravan/shared';
import { apiCall } from '../../lib/api.ts';

/** SPEC-2 §7 caching: the public trip 5 minutes. */
export const PUBLIC_TRIP_STALE_MS = 5 * 60_000;
/** Same key and freshness as the trip page, so both share one cached answer. */
export const tripDetailsKey = (tripId: string) => ['trip', tripId, 'details'] as const;
export const TRIP_DETAILS_STALE_MS = 2 * 60_000;

export const shareApi = {
  publicTrip: (shareToken: string) => apiCall(ZPublicTrip, '/trips/public', { body: { shareToken }, fallback: 'Failed to fetch public trip' }),
  details: (tripId: string) => apiCall(ZTripDetail, '/trips/details', { body: { tripId } }),
};
