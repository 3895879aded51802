/** "What changed" to the stops: added, removed, moved, changed (a rename in words of its own), each field before → after and who. */
import type { TTripChanges } from '@caravan/shared';
import { fieldValueWords, namesOf, valueWords } from './changeValues.ts';
import { historyMessages as text } from './messages.ts';
import { RestoreButton } from './RestoreButton.tsx';

interface Props {
  changes: TTripChanges;
  headingId: string;
  /** Present for owners and editors: brings the stop back as it was in the comparison's first version. */
  onRestoreStop?: (stopId: string, name: string) => void;
  restoring: boolean;
}

type StopChange = TTripChanges['stops'][number];

function changeTitle(change: StopChange): string {
  const rename = change.fields.find((field) => field.field === 'name');
  if (change.kind === 'changed' && rename && change.fields.length === 1) return text.renamed(valueWords(rename.before), valueWords(rename.after));
  return text.stopChange(change.kind, change.name);
}

export function StopChangeList({ changes, headingId, onRestoreStop, restoring }: Props) {
  if (changes.stops.length === 0) return null;
  return (
    <section className="history-changes-part" aria-labelledby={headingId}>
      <h4 id={headingId}>{text.stopsHeading}</h4>
      <ul className="history-change-list">
        {changes.stops.map((change) => (
          <li key={change.stopId} className={`history-change history-change-${change.kind}`}>
            <div className="history-change-line">
              <span>
                <strong>{changeTitle(change)}</strong> <span className="muted">{text.by(namesOf(change.by, changes.members))}</span>
              </span>
              {onRestoreStop && change.kind !== 'added' && (
                <RestoreButton label={text.restoreStopLabel(change.name)} pending={restoring} onRestore={() => onRestoreStop(change.stopId, change.name)} />
              )}
            </div>
            {change.fields.length > 0 && (
              <ul className="history-fields">
                {change.fields.map((field) => (
                  <li key={field.field}>{text.fieldChange(text.field(field.field), fieldValueWords(field.field, field.before), fieldValueWords(field.field, field.after))}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
