/**
 * The trip's details for the page: loaded from /trips/details, and kept on this device (the few header
 * fields and the caller's role, not the stops) so the page also opens offline, when the live document
 * comes from the local cache and the call cannot be made. The stops themselves come from the document.
 */
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TTripDetail } from '@caravan/shared';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { tripDetailsApi } from '../../lib/tripDetailsApi.ts';
import { TRIP_DETAILS_STALE_MS, tripKeys } from '../../lib/tripQueries.ts';

export type TripSummary = Pick<
  TTripDetail,
  'id' | 'userId' | 'title' | 'description' | 'heroImage' | 'isPublic' | 'shareToken' | 'routeMode' | 'role'
>;

export type TripSummaryState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; summary: TripSummary; details: TTripDetail | null };

const cacheKey = (tripId: string, userId: number) => `caravan-trip-summary:${userId}:${tripId}`;

function readCached(tripId: string, userId: number): TripSummary | null {
  try {
    const text = localStorage.getItem(cacheKey(tripId, userId));
    return text ? (JSON.parse(text) as TripSummary) : null;
  } catch {
    return null;
  }
}

function summarize(details: TTripDetail): TripSummary {
  const { id, userId, title, description, heroImage, isPublic, shareToken, routeMode, role } = details;
  return { id, userId, title, description, heroImage, isPublic, shareToken, routeMode, role };
}

/** A refusal (404 for a trip the user may not see, 400 for a malformed id) is final; a failed network is not. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

export function useTripSummary(tripId: string, userId: number): TripSummaryState {
  const query = useQuery({
    queryKey: tripKeys.details(tripId),
    queryFn: () => tripDetailsApi.details(tripId),
    staleTime: TRIP_DETAILS_STALE_MS,
    retry: (failures, error) => !isFinal(error) && failures < 2,
  });
  const cached = useMemo(() => readCached(tripId, userId), [tripId, userId]);

  useEffect(() => {
    if (query.data) localStorage.setItem(cacheKey(tripId, userId), JSON.stringify(summarize(query.data)));
    else if (query.error instanceof ApiError && query.error.status === 404) localStorage.removeItem(cacheKey(tripId, userId));
  }, [query.data, query.error, tripId, userId]);

  // A refusal wins over data from before it: the user may have been removed from the trip since.
  if (query.error && isFinal(query.error)) {
    return (query.error as ApiError).status === 404
      ? { status: 'not-found' }
      : { status: 'error', message: errorMessage(query.error) };
  }
  if (query.data) return { status: 'ready', summary: summarize(query.data), details: query.data };
  if (cached) return { status: 'ready', summary: cached, details: null };
  if (query.error) return { status: 'error', message: errorMessage(query.error) };
  return { status: 'loading' };
}
