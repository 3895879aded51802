/**
 * The trip behind a share link (docs/product.md#shared-trip): the public trip for everyone; for its owner (the
 * trip's userId is the signed-in user's id) also the fuller details by trip id, which carry the journal editing
 * rights.
 */
import { useQuery } from '@tanstack/react-query';
import type { TPublicTrip } from '@caravan/shared';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { tripDetailsApi } from '../../lib/tripDetailsApi.ts';
import { publicTripKey, TRIP_DETAILS_STALE_MS, tripKeys } from '../../lib/tripQueries.ts';
import { PUBLIC_TRIP_STALE_MS, shareApi } from './shareApi.ts';

/** A refusal (404: private now, or no such link) is the answer; only failed networks and 5xx are retried. */
const retry = (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 3;

export type SharedTripState =
  | { status: 'loading' }
  | { status: 'error'; message: string | null }
  | { status: 'ready'; trip: TPublicTrip; isOwner: boolean; userId: number | null };

export function useSharedTrip(shareToken: string): SharedTripState {
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.user.id : null;
  const shared = useQuery({
    queryKey: publicTripKey(shareToken),
    queryFn: () => shareApi.publicTrip(shareToken),
    staleTime: PUBLIC_TRIP_STALE_MS,
    retry,
  });
  const isOwner = userId !== null && shared.data?.userId === userId;
  const details = useQuery({
    // The trip page's key, call and freshness: both pages share one cached answer.
    queryKey: tripKeys.details(shared.data?.id ?? ''),
    queryFn: () => tripDetailsApi.details(shared.data!.id),
    enabled: isOwner,
    staleTime: TRIP_DETAILS_STALE_MS,
    retry,
  });

  if (shared.isError) return { status: 'error', message: errorMessage(shared.error, '') || null };
  if (!shared.data) return { status: 'loading' };
  // Nobody waits for the session check: the read-only view shows at once, and becomes the owner's once known.
  if (isOwner && details.data) return { status: 'ready', trip: details.data, isOwner: true, userId };
  return { status: 'ready', trip: shared.data, isOwner: false, userId };
}
