/**
 * The trip header's "Offline map" (docs/product.md#map): a dialog to keep the route's base map on this device,
 * update it after the route changed, or delete it. For a member who agreed (asked once, in this dialog after their
 * first pack), the pack of a trip starting within a week is made or updated by itself while its page is open.
 */
import { memo, useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseActions } from '../../../components/DialogFormActions.tsx';
import { OfflinePackBody } from '../../../components/offlineMap/OfflinePackBody.tsx';
import { offlinePackMessages as text } from '../../../lib/messages/offlinePackMessages.ts';
import { useAutoPackChoice } from '../../../lib/offlineMap/autoPacks.ts';
import { useDeletePack } from '../../../lib/offlineMap/useDeletePack.ts';
import { useOfflinePack } from '../../../lib/offlineMap/useOfflinePack.ts';

interface Props {
  userId: number;
  tripId: string;
  tripTitle: string;
  /** The trip starts within a week (and has not ended): an automatic pack is due for a member who agreed. */
  startsSoon: boolean;
}

export const OfflineMapControl = memo(function OfflineMapControl({ userId, tripId, tripTitle, startsSoon }: Props) {
  const [open, setOpen] = useState(false);
  const [auto, chooseAuto] = useAutoPackChoice(userId);
  const autoDue = startsSoon && auto === 'yes';
  const offline = useOfflinePack({ userId, tripId, tripTitle, wantPlan: open || autoDue });
  const remove = useDeletePack(userId);
  const { activity, state, start, busy } = offline;
  const planReady = offline.plan.isSuccess;

  // One automatic try per page: a failure or a cancel waits for the member or the next visit.
  const tried = useRef(false);
  useEffect(() => {
    if (!autoDue || tried.current || !planReady || busy || state === 'current' || !navigator.onLine) return;
    tried.current = true;
    void start();
  }, [autoDue, planReady, busy, state, start]);

  const percent = activity.kind === 'downloading' ? Math.floor((100 * activity.progress.done) / Math.max(1, activity.progress.total)) : 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button small" title={text.openHint}>
          {busy ? text.openDownloading(percent) : text.open}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog offline-map-dialog">
          <Dialog.Title>{text.title}</Dialog.Title>
          <Dialog.Description>{text.description}</Dialog.Description>
          <OfflinePackBody
            supported={offline.supported}
            available={offline.available}
            plan={offline.plan.isSuccess ? 'ready' : offline.plan.isError ? 'error' : 'loading'}
            estimate={offline.estimate}
            pack={offline.pack}
            state={state}
            activity={activity}
            onStart={() => void start()}
            onCancel={offline.cancel}
            onDelete={() => remove.mutate(tripId)}
            deleting={remove.isPending}
            auto={auto}
            onAutoChange={chooseAuto}
          />
          <DialogCloseActions label={text.close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
});
