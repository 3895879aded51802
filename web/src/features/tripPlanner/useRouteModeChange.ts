/** The owner's Route / Bucket List switch: a REST call (the server mirrors it into the document's meta). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTripDetail } from '@caravan/shared';
import { useToast } from '../../lib/toastStore.ts';
import { tripKeys } from '../../lib/tripQueries.ts';
import { tripPageMessages } from './messages.ts';
import { tripApi } from './tripApi.ts';

export function useRouteModeChange(tripId: string): (routeMode: boolean) => void {
  const toast = useToast();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (routeMode: boolean) => tripApi.routeMode(tripId, routeMode),
    onSuccess: ({ routeMode }) => {
      queryClient.setQueryData<TTripDetail>(tripKeys.details(tripId), (old) => old && { ...old, routeMode });
      toast.success(routeMode ? tripPageMessages.switchedToRoute : tripPageMessages.switchedToBucketList);
    },
    onError: () => toast.error(tripPageMessages.routeModeFailed),
  });
  return change.mutate;
}
