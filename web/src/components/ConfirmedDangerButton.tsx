/**
 * A ghost danger button (Delete, Remove) whose action runs only once confirmed: it opens a ConfirmDialog
 * whose confirm button repeats the button's label.
 */
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  label: string;
  /** Names what is removed for screen readers ("Remove Ann"), where the visible label alone is ambiguous. */
  ariaLabel: string;
  small?: boolean;
  disabled?: boolean;
  title: string;
  description: string;
  cancelLabel: string;
  onConfirm: () => void;
}

export function ConfirmedDangerButton({ label, ariaLabel, small = false, disabled = false, title, description, cancelLabel, onConfirm }: Props) {
  const trigger = (
    <button type="button" className={small ? 'button small danger ghost' : 'button danger ghost'} aria-label={ariaLabel} disabled={disabled}>
      {label}
    </button>
  );
  return <ConfirmDialog trigger={trigger} title={title} description={description} cancelLabel={cancelLabel} confirmLabel={label} onConfirm={onConfirm} />;
}
