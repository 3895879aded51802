/**
 * What "Optimise route" and "Plan my days" share: the options (end at the last stop, pinned stops), the server's
 * proposal for them (an answer to options changed since is dropped), and Apply. Apply writes the proposal into the
 * live document as this tab's own single transaction, so every member sees it at once and one Undo reverts it; a
 * proposal made from an order that is no longer the document's is never applied: the preview runs again instead.
 * Right before the write the trip history marks the trip as it was (`before`, at most a moment's wait).
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
  /** Runs right before the write (the history's mark of the trip as it was); never fails, waits briefly. */
  before: () => Promise<void>;
}

export function useOrderProposal<Proposal extends OrderProposal>({ connection, onApplied, ask, write, text, before }: OrderProposalOptions<Proposal>) {
  const toast = useToast();
  const [endAtLast, setEndAtLastState] = useState(false);
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const latestRequest = useRef(0);
  const [applying, setApplying] = useState(false);

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

  const isStale = (proposal: Proposal) => !sameOrder(orderedStops(connection.doc).map((stop) => stop.id), proposal.fromOrder);
  const previewAgain = () => {
    setProposal(null);
    setNotice(text.stale);
    preview.mutate({ endAtLast, pinned });
  };

  const apply = async () => {
    if (!proposal || applying) return;
    if (isStale(proposal)) return previewAgain();
    setApplying(true);
    await before();
    setApplying(false);
    // The order may have changed while the mark was taken.
    if (isStale(proposal)) return previewAgain();
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
    applying,
    apply: () => void apply(),
  };
}
