/** The trip header's "History": opens the trip history dialog (every member; naming and restoring are for owners and editors). */
import { useState } from 'react';
import { HistoryDialog, type HistoryDialogProps } from './HistoryDialog.tsx';
import { historyMessages as text } from './messages.ts';

export function HistoryButton(props: Omit<HistoryDialogProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button small" title={text.openHint} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text.open}
      </button>
      <HistoryDialog
        {...props}
        open={open}
        onOpenChange={setOpen}
        onView={(version) => {
          setOpen(false);
          props.onView(version);
        }}
      />
    </>
  );
}
