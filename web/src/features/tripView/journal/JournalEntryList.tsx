/** The editor's list of a stop's entries, newest first, each a 150-character preview with Edit and Delete. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { JOURNAL_PREVIEW_EDITOR_CHARS, journalPreview, uiMessages, type JournalEntryView } from '@caravan/shared';
import { journalDate } from './journalDate.ts';

const text = uiMessages.tripView.journal;

interface Props {
  entries: JournalEntryView[];
  selectedId: string | null;
  onEdit: (entry: JournalEntryView) => void;
  onDelete: (entry: JournalEntryView) => void;
  busy: boolean;
}

export function JournalEntryList({ entries, selectedId, onEdit, onDelete, busy }: Props) {
  if (entries.length === 0) return <p className="empty-text">{text.noEntriesEditor}</p>;
  return (
    <ul className="journal-entry-list" aria-label={text.entriesHeading}>
      {entries.map((entry) => {
        const date = journalDate(entry.entryDate);
        return (
          <li key={entry.id} className={entry.id === selectedId ? 'selected' : undefined}>
            <div className="journal-entry-summary">
              <span className="journal-date">{date}</span>
              <span className="small">{journalPreview(entry, JOURNAL_PREVIEW_EDITOR_CHARS)}</span>
            </div>
            <div className="journal-entry-actions">
              <button type="button" className="button small" aria-label={text.editEntryLabel(date)} onClick={() => onEdit(entry)}>
                {text.editEntry}
              </button>
              <AlertDialog.Root>
                <AlertDialog.Trigger asChild>
                  <button type="button" className="button small danger ghost" aria-label={text.deleteEntryLabel(date)} disabled={busy}>
                    {text.deleteEntry}
                  </button>
                </AlertDialog.Trigger>
                <AlertDialog.Portal>
                  <AlertDialog.Overlay className="dialog-overlay" />
                  <AlertDialog.Content className="dialog">
                    <AlertDialog.Title>{text.deleteTitle}</AlertDialog.Title>
                    <AlertDialog.Description>{text.deleteConfirm}</AlertDialog.Description>
                    <div className="dialog-actions">
                      <AlertDialog.Cancel asChild>
                        <button type="button" className="button ghost">
                          {uiMessages.tripView.cancel}
                        </button>
                      </AlertDialog.Cancel>
                      <AlertDialog.Action asChild>
                        <button type="button" className="button danger" onClick={() => onDelete(entry)}>
                          {text.deleteEntry}
                        </button>
                      </AlertDialog.Action>
                    </div>
                  </AlertDialog.Content>
                </AlertDialog.Portal>
              </AlertDialog.Root>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
