/** The share page's call: the public trip behind a link (the owner's fuller details: lib/tripQueries.ts). */
import { calls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

/** Caching: the public trip 5 minutes. */
export const PUBLIC_TRIP_STALE_MS = 5 * 60_000;

export const shareApi = {
  publicTrip: (shareToken: string) => call(calls.trips.public, { shareToken }, { fallback: 'Failed to fetch public trip' }),
};
