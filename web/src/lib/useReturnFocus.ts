/**
 * Focus back on the control that opened a Radix dialog when it closes. Radix returns focus to its
 * Dialog.Trigger only; dialogs opened from a plain button (mounted only while open) would drop focus to
 * the page's top. Spread the result on Dialog.Content.
 */
import { useRef } from 'react';

/** `instead`: where focus goes when the dialog's own action took the reader elsewhere (null: back to the opener). */
export function useReturnFocus(instead?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Runs before Radix moves focus into the dialog, so the opener still has it.
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      (instead?.() ?? opener.current)?.focus();
    },
  };
}
