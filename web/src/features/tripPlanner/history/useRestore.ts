/**
 * Restoring (owner and editors): the whole version, or one stop or one entry of it, as a new forward change every
 * member sees live. The toast says what came back and carries Undo, which restores the version the server took
 * right before (the answer's `before`). Failures are said in words. The last restore and its Undo are also kept for as
 * long as a toast would show (`last`), and the last failure (`error`), for the history dialog to say itself; a
 * restore is undone once, whichever Undo is pressed.
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
  /**
   * Made in the history dialog: said there (`last`, `error`), not in a toast, which would sit behind the modal
   * dialog and take its first Escape.
   */
  inDialog?: boolean;
}

export function useRestore(tripId: string, onRestored?: (request: RestoreRequest) => void) {
  const queryClient = useQueryClient();
  const show = useToastStore((state) => state.show);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: historyKeys.all(tripId) });
  const [last, setLast] = useState<{ what: string; beforeId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const undone = useRef(new Set<string>());
  // Gone with the toast (an Undo toast shows twice as long as others).
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => setLast(null), TOAST_DURATION_MS * 2);
    return () => clearTimeout(timer);
  }, [last]);

  const undo = useMutation({
    mutationFn: ({ versionId }: { versionId: string; inDialog: boolean }) => historyApi.restore(tripId, versionId),
    onMutate: () => setError(null),
    onSuccess: (_answer, { inDialog }) => {
      if (!inDialog) show(text.undone, 'success');
    },
    onError: (failure, { inDialog }) => (inDialog ? setError(text.undoFailed(errorMessage(failure))) : show(text.undoFailed(errorMessage(failure)), 'error')),
    onSettled: refresh,
  });

  const restore = useMutation({
    mutationFn: ({ versionId, only }: RestoreRequest) => historyApi.restore(tripId, versionId, only),
    onMutate: () => setError(null),
    onSuccess: ({ before }, request) => {
      const { what, inDialog = false } = request;
      if (!inDialog)
        show(text.restored(what), 'success', {
          label: text.undo,
          ariaLabel: text.undoLabel(what),
          altText: text.undoAlt,
          onAction: () => undoOnce(before.id, false),
        });
      setLast({ what, beforeId: before.id });
      onRestored?.(request);
    },
    onError: (failure, { inDialog }) => (inDialog ? setError(text.restoreFailed(errorMessage(failure))) : show(text.restoreFailed(errorMessage(failure)), 'error')),
    onSettled: refresh,
  });

  function undoOnce(beforeId: string, inDialog: boolean) {
    setLast(null);
    if (undone.current.has(beforeId)) return;
    undone.current.add(beforeId);
    undo.mutate({ versionId: beforeId, inDialog });
  }

  return {
    restore: (request: RestoreRequest) => restore.mutate(request),
    pending: restore.isPending || undo.isPending,
    /** The last restore, while its Undo is offered. */
    last,
    /** The last failure of a restore or Undo made in the dialog, in words. */
    error,
    /** Undoes the last restore from the dialog. */
    undoLast: () => last && undoOnce(last.beforeId, true),
  };
}
