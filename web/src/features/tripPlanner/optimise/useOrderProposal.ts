/**
 * What "Optimise route" and "Plan my days" share: the options (end at the last stop, pinned stops), the server's
 * proposal for them (an answer to options changed since is dropped), and Apply. Apply writes the proposal into the
 * live document as this tab's own single transaction, so every member sees it at once and one Undo reverts it; a
 * proposal made from an order that is no longer the document's is never applied: the preview runs again instead.
 */
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { orderedStops } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';

/** The order a proposal was made from, and the one it proposes. */
export interface OrderProposal {
  fromOrder: string[];
  order: string[];
}

export const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

interface OrderProposalOptions<Proposal extends OrderProposal> {
  connection: TripConnection;
  onApplied: () => void;
  /** Asks the server for a proposal. */
  ask: (options: { endAtLast: boolean; pinnedStopIds: string[] }) => Promise<Proposal>;
  /** Writes the proposal into the document, inside Apply's transaction. */
  write: (proposal: Proposal) => void;
  text: { stale: string; applied: string; previewFailed: string };
}

export function useOrderProposal<Proposal extends OrderProposal>({ connection, onApplied, ask, write, text }: OrderProposalOptions<Proposal>) {
  const toast = useToast();
  const [endAtLast, setEndAtLastState] = useState(false);
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const latestRequest = useRef(0);

  const preview = useMutation({
    mutationFn: async (request: { endAtLast: boolean; pinned: ReadonlySet<string> }) => {
      const asked = ++latestRequest.current;
      return { asked, answer: await ask({ endAtLast: request.endAtLast, pinnedStopIds: [...request.pinned] }) };
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

  const apply = () => {
    if (!proposal) return;
    if (!sameOrder(orderedStops(connection.doc).map((stop) => stop.id), proposal.fromOrder)) {
      setProposal(null);
      setNotice(text.stale);
      preview.mutate({ endAtLast, pinned });
      return;
    }
    // Its own Undo step: not merged with an edit made just before, nor with one made just after.
    connection.undoManager.stopCapturing();
    connection.transact(() => write(proposal));
    connection.undoManager.stopCapturing();
    toast.success(text.applied);
    onApplied();
  };

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
