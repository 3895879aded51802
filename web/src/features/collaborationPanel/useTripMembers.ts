/**
 * The trip's members (/trips/members), kept on this device so the panel names them after a reload offline, as the
 * page's header is (features/tripPlanner/useTripSummary.ts): the last answer is stored in localStorage under the
 * trip caches' prefix (signing out forgets it, lib/collab/tripCache.ts) and starts the query as stale data, which
 * the server's answer replaces whenever there is a connection. A refusal (removed from the trip) forgets it.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZTripMembersResponse, type TTripMember } from '@caravan/shared';
import { ApiError } from '../../lib/api.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';

const cacheKey = (tripId: string, userId: number) => `caravan-trip-members:${userId}:${tripId}`;

function readCached(key: string): TTripMember[] | undefined {
  try {
    const parsed = ZTripMembersResponse.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function store(key: string, members: TTripMember[] | null): void {
  try {
    if (members) localStorage.setItem(key, JSON.stringify(members));
    else localStorage.removeItem(key);
  } catch {
    // No localStorage (a locked-down browser): the list is simply not kept.
  }
}

export function useTripMembers(tripId: string, userId: number) {
  const key = cacheKey(tripId, userId);
  const query = useQuery({
    queryKey: collabKeys.members(tripId),
    queryFn: () => collaborationApi.members(tripId),
    initialData: () => readCached(key),
    // Kept data is as old as can be: fetched again at once whenever there is a connection.
    initialDataUpdatedAt: 0,
  });
  // The kept list has dataUpdatedAt 0; any later time is an answer of the server's.
  const answered = query.dataUpdatedAt > 0 ? query.data : undefined;
  useEffect(() => {
    if (answered) store(key, answered);
    else if (query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500) store(key, null);
  }, [answered, query.error, key]);
  return query;
}
