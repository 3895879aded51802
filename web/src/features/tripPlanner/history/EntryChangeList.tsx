/** "What changed" to one part's entries (expenses, checklist items, polls): added, removed, changed, and who. */
import type { TTripChanges } from '@caravan/shared';
import { entryFieldChanges, namesOf, valueWords } from './changeValues.ts';
import { historyMessages as text } from './messages.ts';
import { RestoreButton } from './RestoreButton.tsx';

type EntryChange = TTripChanges['entries'][number];

interface Props {
  part: string;
  entries: EntryChange[];
  members: TTripChanges['members'];
  headingId: string;
  /** Present for owners and editors: brings the entry back as it was in the comparison's first version. */
  onRestoreEntry?: (entry: EntryChange) => void;
  restoring: boolean;
}

export function EntryChangeList({ part, entries, members, headingId, onRestoreEntry, restoring }: Props) {
  return (
    <section className="history-changes-part" aria-labelledby={headingId}>
      <h4 id={headingId}>{text.entriesHeading(part)}</h4>
      <ul className="history-change-list">
        {entries.map((entry) => (
          <li key={`${entry.root}/${entry.key}`} className={`history-change history-change-${entry.kind}`}>
            <div className="history-change-line">
              <span>
                <strong>{text.entryChange(entry.kind, entry.label)}</strong> <span className="muted">{text.by(namesOf(entry.by, members))}</span>
              </span>
              {onRestoreEntry && entry.kind !== 'added' && (
                <RestoreButton label={text.restoreEntryLabel(entry.label)} pending={restoring} onRestore={() => onRestoreEntry(entry)} />
              )}
            </div>
            {entry.kind === 'changed' && (
              <ul className="history-fields">
                {entryFieldChanges(entry.before, entry.after).map((field) => (
                  <li key={field.field}>{text.fieldChange(field.field ? text.field(field.field) : entry.label, valueWords(field.before), valueWords(field.after))}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
