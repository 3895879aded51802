/** After a change made by call: refetch the trip's details and any share-page copy of it. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

export const publicTripKey = (shareToken: string) => ['public-trip', shareToken] as const;

export function useRefreshTrip(tripId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['trip', tripId] });
    void queryClient.invalidateQueries({ queryKey: ['public-trip'] });
  }, [queryClient, tripId]);
}
