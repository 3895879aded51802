/** A member's mute of one trip: whether it is on, and turning it on or off (with a toast that says which). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../lib/api.ts';
import { notificationMessages as text } from '../../lib/messages/notificationMessages.ts';
import { useToast } from '../../lib/toastStore.ts';
import { api, NOTIFICATIONS_KEY } from './notificationsApi.ts';

const muteKey = (tripId: string) => [...NOTIFICATIONS_KEY, 'mute', tripId];

export function useTripMuted(tripId: string, enabled = true) {
  return useQuery({ queryKey: muteKey(tripId), queryFn: () => call(api.tripMute, { tripId }), enabled });
}

export function useSetTripMute() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ tripId, muted }: { tripId: string; tripTitle: string; muted: boolean }) => call(api.setTripMute, { tripId, muted }),
    onSuccess: (answer, { tripId, tripTitle }) => {
      queryClient.setQueryData(muteKey(tripId), answer);
      toast.success(answer.muted ? text.mutedTrip(tripTitle) : text.unmutedTrip(tripTitle));
    },
    onError: (error) => toast.error(errorMessage(error, text.muteFailed)),
  });
}
