import { historyMessages as text } from './messages.ts';

/** A small Restore beside one stop or one entry of a version (shown to owners and editors only). */
interface Props {
  label: string;
  pending: boolean;
  onRestore: () => void;
}

export function RestoreButton({ label, pending, onRestore }: Props) {
  return (
    <button type="button" className="button small" aria-label={label} disabled={pending} onClick={onRestore}>
      {pending ? text.restoring : text.restoreStop}
    </button>
  );
}
