/**
 * Restoring (owner and editors): the whole version, or one stop or one entry of it, as a new forward change every
 * member sees live. The toast says what came back and carries Undo, which restores the version the server took
 * right before (the answer's `before`). Failures are said in words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api.ts';
import { useToastStore } from '../../../lib/toastStore.ts';
import { historyApi, historyKeys } from '../../../lib/tripHistory/historyApi.ts';
import { historyMessages as text } from './messages.ts';

export interface RestoreRequest {
  versionId: string;
  only?: { stopId: string } | { root: string; key: string };
  /** What comes back, in words ("Astoria", "the trip"). */
  what: string;
}

export function useRestore(tripId: string, onRestored?: (request: RestoreRequest) => void) {
  const queryClient = useQueryClient();
  const show = useToastStore((state) => state.show);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: historyKeys.all(tripId) });

  const undo = useMutation({
    mutationFn: (versionId: string) => historyApi.restore(tripId, versionId),
    onSuccess: () => show(text.undone, 'success'),
    onError: (error) => show(text.undoFailed(errorMessage(error)), 'error'),
    onSettled: refresh,
  });

  const restore = useMutation({
    mutationFn: ({ versionId, only }: RestoreRequest) => historyApi.restore(tripId, versionId, only),
    onSuccess: ({ before }, request) => {
      const { what } = request;
      show(text.restored(what), 'success', {
        label: text.undo,
        ariaLabel: text.undoLabel(what),
        altText: text.undoAlt,
        onAction: () => undo.mutate(before.id),
      });
      onRestored?.(request);
    },
    onError: (error) => show(text.restoreFailed(errorMessage(error)), 'error'),
    onSettled: refresh,
  });

  return {
    restore: (request: RestoreRequest) => restore.mutate(request),
    pending: restore.isPending || undo.isPending,
  };
}
