/** The last restore and its Undo, inside the history dialog: the toast's Undo sits behind the modal dialog there. */
import { historyMessages as text } from './messages.ts';
import type { useRestore } from './useRestore.ts';

export function RestoreNotice({ restorer }: { restorer: ReturnType<typeof useRestore> }) {
  const { last } = restorer;
  return (
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
  );
}
