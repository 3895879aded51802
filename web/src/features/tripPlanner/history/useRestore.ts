/**
 * Restoring (owner and editors): the whole version, or one stop or one entry of it, as a new forward change every
 * member sees live. The toast says what came back and carries Undo, which restores the version the server took
 * right before (the answer's `before`). Failures are said in words. The last restore and its Undo are also kept for as
 * long as the toast shows (`last`), for a view to offer where the toast cannot be reached (behind a modal dialog);
 * a restore is undone once, whichever Undo is pressed.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@caravan/shared';
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
  const [last, setLast] = useState<{ what: string; beforeId: string } | null>(null);
  const undone = useRef(new Set<string>());
  // Gone with the toast (an Undo toast shows twice as long as others).
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => setLast(null), TOAST_DURATION_MS * 2);
    return () => clearTimeout(timer);
  }, [last]);

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
        onAction: () => undoOnce(before.id),
      });
      setLast({ what, beforeId: before.id });
      onRestored?.(request);
    },
    onError: (error) => show(text.restoreFailed(errorMessage(error)), 'error'),
    onSettled: refresh,
  });

  function undoOnce(beforeId: string) {
    setLast(null);
    if (undone.current.has(beforeId)) return;
    undone.current.add(beforeId);
    undo.mutate(beforeId);
  }

  return {
    restore: (request: RestoreRequest) => restore.mutate(request),
    pending: restore.isPending || undo.isPending,
    /** The last restore, while its Undo is offered. */
    last,
    undoLast: () => last && undoOnce(last.beforeId),
  };
}
