/** Deletes a trip's pack from this device (its files no other pack uses with it), for the trip page and the account page. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../toastStore.ts';
import { offlinePackMessages as text } from '../messages/offlinePackMessages.ts';
import { deletePack } from './packStore.ts';
import { offlinePackKeys } from './useOfflinePack.ts';

export function useDeletePack(userId: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (tripId: string) => deletePack(userId, tripId),
    onSuccess: () => toast.success(text.removed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offlinePackKeys.all }),
  });
}
