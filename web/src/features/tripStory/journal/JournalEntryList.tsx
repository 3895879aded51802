/** The editor's list of a stop's entries, newest first, each a 150-character preview with Edit and Delete. */
import { JOURNAL_PREVIEW_EDITOR_CHARS, journalPreview, type JournalEntryView } from '@caravan/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { tripViewMessages } from '../messages.ts';
import { journalDate } from './journalDate.ts';

const text = tripViewMessages.journal;

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
              <ConfirmDialog
                trigger={
                  <button type="button" className="button small danger ghost" aria-label={text.deleteEntryLabel(date)} disabled={busy}>
                    {text.deleteEntry}
                  </button>
                }
                title={text.deleteTitle}
                description={text.deleteConfirm}
                cancelLabel={tripViewMessages.cancel}
                confirmLabel={text.deleteEntry}
                onConfirm={() => onDelete(entry)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
