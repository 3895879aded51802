/**
 * A modal dialog's frame: the overlay, its title and description, and focus back on the control that
 * opened it when it closes (useReturnFocus). What the dialog holds (a form, a list) is the caller's.
 */
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from '../lib/useReturnFocus.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** For a dialog that lists stops or sets several of them. */
  wide?: boolean;
  /** Where focus goes on closing when not back to the opener (the dialog led elsewhere); null: the opener. */
  focusOnClose?: () => HTMLElement | null;
  children: ReactNode;
}

export function DialogFrame({ open, onOpenChange, title, description, wide = false, focusOnClose, children }: Props) {
  const returnFocus = useReturnFocus(focusOnClose);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={wide ? 'dialog dialog-wide' : 'dialog'} {...returnFocus}>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
