/** After a change made by call: refetch the trip's details and any share-page copy of it. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PUBLIC_TRIP_KEY, tripKeys } from '../../lib/tripQueries.ts';

export function useRefreshTrip(tripId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: tripKeys.all(tripId) });
    void queryClient.invalidateQueries({ queryKey: PUBLIC_TRIP_KEY });
  }, [queryClient, tripId]);
}
