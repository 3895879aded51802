/**
 * The trip's history (docs/product.md#trip-history): "Name this version" for owners and editors, Compare and "Since
 * I last looked", and the versions newest first, each to view (read-only, on the page) or to compare with the trip
 * now. A comparison replaces the list in the dialog until "All versions".
 */
import { useId, useState } from 'react';
import type { TTripVersion } from '@caravan/shared';
import { DialogCloseActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { ChangesView } from './ChangesView.tsx';
import { CompareForm, versionLabel, type Comparison } from './CompareForm.tsx';
import { historyMessages as text } from './messages.ts';
import { NameVersionForm } from './NameVersionForm.tsx';
import { RestoreNotice } from './RestoreNotice.tsx';
import { useHistoryList } from './useHistoryList.ts';
import type { useRestore } from './useRestore.ts';
import { VersionList } from './VersionList.tsx';
import './history.css';

export interface HistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tripId: string;
  /** Owner or editor: may name versions and restore. */
  canEdit: boolean;
  /** The member's last look at the trip on this device before this visit. */
  lastLook: string | null;
  stopNames: ReadonlyMap<string, string>;
  /** Owners and editors: Restore beside what a comparison shows. */
  restorer: ReturnType<typeof useRestore> | null;
  /** Shows the version read-only on the trip page (the dialog closes). */
  onView: (version: TTripVersion) => void;
  /** See DialogFrame's focusOnClose. */
  focusOnClose?: () => HTMLElement | null;
}

export function HistoryDialog({ open, onOpenChange, focusOnClose, ...content }: HistoryDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.title} description={text.description} focusOnClose={focusOnClose} wide>
      <HistoryContent {...content} />
      <DialogCloseActions label={text.close} />
    </DialogFrame>
  );
}

function HistoryContent({ tripId, canEdit, lastLook, stopNames, restorer, onView }: Omit<HistoryDialogProps, 'open' | 'onOpenChange' | 'focusOnClose'>) {
  const id = useId();
  const list = useHistoryList(tripId);
  const [comparison, setComparison] = useState<Comparison | null>(null);

  if (comparison)
    return (
      <div className="history-dialog-body">
        <button type="button" className="button small ghost" onClick={() => setComparison(null)}>
          {text.backToVersions}
        </button>
        {restorer && <RestoreNotice restorer={restorer} />}
        <ChangesView
          tripId={tripId}
          fromVersionId={comparison.from.id}
          toVersionId={comparison.to?.id ?? null}
          fromLabel={versionLabel(comparison.from)}
          toLabel={comparison.to ? versionLabel(comparison.to) : text.now}
          stopNames={stopNames}
          restorer={restorer}
          inDialog
        />
      </div>
    );
  return (
    <div className="history-dialog-body">
      {restorer && <RestoreNotice restorer={restorer} />}
      {canEdit && <NameVersionForm tripId={tripId} />}
      <CompareForm tripId={tripId} versions={list.versions} lastLook={lastLook} onCompare={setComparison} />
      <VersionList list={list} headingId={`${id}-versions`} onView={onView} onChangesSince={(version) => setComparison({ from: version, to: null })} />
    </div>
  );
}
