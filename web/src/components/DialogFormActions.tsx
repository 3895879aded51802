/**
 * The foot of a form inside a Radix dialog: a ghost Cancel that closes the dialog (focus returns to its
 * trigger) and the primary submit button, which shows `pendingLabel` and stays disabled while the save runs.
 * DialogCloseActions is the foot of a dialog with nothing to submit: its one button closes it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { SubmitButton } from './SubmitButton.tsx';

interface Props {
  cancelLabel: string;
  submitLabel: string;
  /** What the submit button says while the save runs; `submitLabel` when not given. */
  pendingLabel?: string;
  pending: boolean;
  /** Disabled for another reason too (nothing chosen yet). */
  disabled?: boolean;
}

export function DialogFormActions({ cancelLabel, submitLabel, pendingLabel, pending, disabled = false }: Props) {
  return (
    <div className="dialog-actions">
      <Dialog.Close type="button" className="button ghost">
        {cancelLabel}
      </Dialog.Close>
      <SubmitButton label={submitLabel} pendingLabel={pendingLabel} pending={pending} disabled={disabled} />
    </div>
  );
}

interface CloseProps {
  label: string;
  /** A ghost button, where closing is a Cancel beside what the dialog itself does (Set location). */
  ghost?: boolean;
}

export function DialogCloseActions({ label, ghost = false }: CloseProps) {
  return (
    <div className="dialog-actions">
      <Dialog.Close type="button" className={ghost ? 'button ghost' : 'button'}>
        {label}
      </Dialog.Close>
    </div>
  );
}
