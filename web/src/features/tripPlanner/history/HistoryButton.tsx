/**
 * The trip header's "History": opens the trip history dialog (every member; naming and restoring are for owners and
 * editors), loaded on the first click. Viewing a version closes it with focus on the version's banner rather than
 * back on the button.
 */
import { lazy, Suspense, useRef, useState, type Ref } from 'react';
import { VERSION_BANNER_HEADING } from './bannerHeading.ts';
import type { HistoryDialogProps } from './HistoryDialog.tsx';
import { historyMessages as text } from './messages.ts';

// Loaded on the first click: the trip page's own chunk stays as it was.
const HistoryDialog = lazy(() => import('./HistoryDialog.tsx').then((module) => ({ default: module.HistoryDialog })));

type Props = Omit<HistoryDialogProps, 'open' | 'onOpenChange' | 'focusOnClose'> & { buttonRef?: Ref<HTMLButtonElement> };

export function HistoryButton({ buttonRef, onView, ...props }: Props) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing runs the dialog's own focus return.
  const [opened, setOpened] = useState(false);
  const viewing = useRef(false);
  const openDialog = () => {
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      <button type="button" ref={buttonRef} className="button small" title={text.openHint} aria-haspopup="dialog" onClick={openDialog}>
        {text.open}
      </button>
      {opened && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </>
  );
}
