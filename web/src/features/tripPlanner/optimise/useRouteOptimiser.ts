/**
 * "Optimise route" (docs/product.md#optimise-route), the dialog's state: the options (end at the last stop,
 * pinned stops), the server's proposal for them, and Apply. Apply writes the proposed order into the live
 * document as this tab's own single transaction, so every member sees it at once and one Undo reverts it. A
 * proposal made from an order that is no longer the document's is never applied: the preview runs again instead.
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { arrangeStops, orderedStops, type TOptimiseRouteResponse } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import { tripApi } from '../tripApi.ts';

const text = tripPageMessages.optimise;

const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** Whether applying this proposal would move any stop. */
export const reorders = (proposal: TOptimiseRouteResponse) => !sameOrder(proposal.order, proposal.fromOrder);

export function useRouteOptimiser(tripId: string, connection: TripConnection, onApplied: () => void) {
  const toast = useToast();
  const [endAtLast, setEndAtLastState] = useState(false);
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const [proposal, setProposal] = useState<TOptimiseRouteResponse | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Answers to an earlier request (options changed since) are dropped.
  const latestRequest = useRef(0);

  const preview = useMutation({
    mutationFn: async (request: { endAtLast: boolean; pinned: ReadonlySet<string> }) => {
      const asked = ++latestRequest.current;
      const answer = await tripApi.optimiseRoute({ tripId, endAtLast: request.endAtLast, pinnedStopIds: [...request.pinned] });
      return { asked, answer };
    },
    onSuccess: ({ asked, answer }) => {
      if (asked === latestRequest.current) setProposal(answer);
    },
  });

  const optionsChanged = () => {
    latestRequest.current++;
    setProposal(null);
    setNotice(null);
  };
  const setEndAtLast = (value: boolean) => {
    setEndAtLastState(value);
    optionsChanged();
  };
  const togglePin = (stopId: string) => {
    const next = new Set(pinned);
    if (!next.delete(stopId)) next.add(stopId);
    setPinned(next);
    optionsChanged();
  };
  const runPreview = () => {
    setNotice(null);
    preview.mutate({ endAtLast, pinned });
  };

  const apply = useCallback(() => {
    if (!proposal) return;
    const current = orderedStops(connection.doc).map((stop) => stop.id);
    if (!sameOrder(current, proposal.fromOrder)) {
      setProposal(null);
      setNotice(text.stale);
      preview.mutate({ endAtLast, pinned });
      return;
    }
    // Its own Undo step: not merged with an edit made just before, nor with one made just after.
    connection.undoManager.stopCapturing();
    connection.transact(() => arrangeStops(connection.doc, proposal.order));
    connection.undoManager.stopCapturing();
    toast.success(text.applied);
    onApplied();
  }, [proposal, connection, preview, endAtLast, pinned, toast, onApplied]);

  return {
    endAtLast,
    setEndAtLast,
    pinned,
    togglePin,
    preview: runPreview,
    previewing: preview.isPending,
    previewError: preview.isError ? errorMessage(preview.error, text.previewFailed) : null,
    proposal,
    notice,
    apply,
  };
}
