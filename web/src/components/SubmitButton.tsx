/**
 * A form's primary submit button: disabled while its request runs (so a double click sends once), and
 * showing `pendingLabel` meanwhile when the form has one.
 */
interface Props {
  label: string;
  pending: boolean;
  /** What the button says while the request runs; `label` when not given. */
  pendingLabel?: string;
  /** Disabled for another reason too (nothing chosen yet). */
  disabled?: boolean;
}

export function SubmitButton({ label, pending, pendingLabel = label, disabled = false }: Props) {
  return (
    <button type="submit" className="button primary" disabled={disabled || pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
