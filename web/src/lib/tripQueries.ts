/**
 * Cache keys and calls that several screens share, so they share one cached answer: My Trips' list (accepting
 * an invitation refreshes it; the landing page shows it to a signed-in user), a trip's details (trip page, share page for its owner, and the views that
 * refetch after a change) and the share page's public copy of a trip.
 */
import { myTripsCalls } from '@caravan/shared';
import { call } from './api.ts';

export const TRIPS_KEY = ['trips'] as const;
/** Under the list's key, so whatever refreshes the list (a trip created or deleted) refreshes these too. */
export const TRIP_PREVIEWS_KEY = [...TRIPS_KEY, 'previews'] as const;

/** The user's trips and their cards' previews: My Trips, and the landing page of a signed-in user. */
export const tripListApi = {
  list: () => call(myTripsCalls.list),
  previews: () => call(myTripsCalls.previews),
};

export const tripKeys = {
  /** Everything cached about one trip (a prefix: invalidating it refetches the details too). */
  all: (tripId: string) => ['trip', tripId] as const,
  details: (tripId: string) => [...tripKeys.all(tripId), 'details'] as const,
};

export const PUBLIC_TRIP_KEY = ['public-trip'] as const;
export const publicTripKey = (shareToken: string) => [...PUBLIC_TRIP_KEY, shareToken] as const;

/** Caching: collaboration trip detail 2 minutes. */
export const TRIP_DETAILS_STALE_MS = 2 * 60_000;
