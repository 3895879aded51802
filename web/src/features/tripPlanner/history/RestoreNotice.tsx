/**
 * The history dialog's word on a restore made in it: "Restored …" with Undo, or the failure. Not a toast: a toast
 * would sit behind the modal dialog and take its first Escape.
 */
import { historyMessages as text } from './messages.ts';
import type { useRestore } from './useRestore.ts';

export function RestoreNotice({ restorer }: { restorer: ReturnType<typeof useRestore> }) {
  const { last, error } = restorer;
  return (
    <>
      <div className="history-restore-status" role="status" aria-live="polite">
        {last && (
          <p className="history-restore-notice">
            <span>{text.restored(last.what)}</span>
            <button type="button" className="button small" aria-label={text.undoLabel(last.what)} disabled={restorer.pending} onClick={restorer.undoLast}>
              {text.undo}
            </button>
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );
}
