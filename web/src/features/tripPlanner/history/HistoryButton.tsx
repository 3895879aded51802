/**
 * The trip header's "History": opens the trip history dialog (every member; naming and restoring are for owners and
 * editors). Viewing a version closes it with focus on the version's banner rather than back on the button.
 */
import { useRef, useState, type Ref } from 'react';
import { HistoryDialog, type HistoryDialogProps } from './HistoryDialog.tsx';
import { historyMessages as text } from './messages.ts';
import { VERSION_BANNER_HEADING } from './VersionBanner.tsx';

type Props = Omit<HistoryDialogProps, 'open' | 'onOpenChange' | 'focusOnClose'> & { buttonRef?: Ref<HTMLButtonElement> };

export function HistoryButton({ buttonRef, onView, ...props }: Props) {
  const [open, setOpen] = useState(false);
  const viewing = useRef(false);
  return (
    <>
      <button type="button" ref={buttonRef} className="button small" title={text.openHint} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text.open}
      </button>
      <HistoryDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          viewing.current = false;
          setOpen(next);
        }}
        focusOnClose={() => (viewing.current ? document.querySelector<HTMLElement>(`[${VERSION_BANNER_HEADING}]`) : null)}
        onView={(version) => {
          viewing.current = true;
          setOpen(false);
          onView(version);
        }}
      />
    </>
  );
}
