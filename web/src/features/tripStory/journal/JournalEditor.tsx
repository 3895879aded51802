/**
 * 'Edit Journal for' a stop (docs/product.md#journal): its entries (one created or edited at a time), the entry's
 * date, text ('Journal Entry', 8 rows) and photos, the stop's comment thread, Cancel and Save Changes.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  isLegacyEntryId,
  localCalendarDate,
  stopJournalEntries,
  toCalendarDate,
  type JournalEntryView,
  type TTripStop,
} from '@caravan/shared';
import { CommentThread } from '../comments/CommentThread.tsx';
import { tripViewMessages } from '../messages.ts';
import { PhotoUploader } from '../photos/PhotoUploader.tsx';
import { useTripViewContext } from '../tripViewContext.ts';
import { JournalEntryList } from './JournalEntryList.tsx';
import { useJournalMutations } from './useJournalMutations.ts';

const text = tripViewMessages.journal;
export const JOURNAL_TEXTAREA_ROWS = 8;

interface Draft {
  entryId: string | null;
  content: string;
  photos: string[];
  entryDate: string;
}

const newDraft = (): Draft => ({ entryId: null, content: '', photos: [], entryDate: localCalendarDate() });

const draftOf = (entry: JournalEntryView): Draft => ({
  entryId: entry.id,
  content: entry.content ?? '',
  photos: entry.photos ?? [],
  entryDate: toCalendarDate(entry.entryDate) ?? localCalendarDate(),
});

export function JournalEditor({ stop, onClose }: { stop: TTripStop; onClose: () => void }) {
  const id = useId();
  const { tripId, isMember } = useTripViewContext();
  const entries = stopJournalEntries(stop);
  const [draft, setDraft] = useState<Draft>(newDraft);
  const [error, setError] = useState<string | null>(null);
  const { save, remove } = useJournalMutations(stop);
  const legacy = draft.entryId !== null && isLegacyEntryId(draft.entryId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.content.trim() && draft.photos.length === 0) return setError(text.emptyEntry);
    setError(null);
    save.mutate(
      { entryId: draft.entryId, content: draft.content.trim() ? draft.content : null, photos: draft.photos, entryDate: draft.entryDate },
      { onSuccess: onClose },
    );
  }

  return (
    <section className="journal-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text.editorTitle(stop.name)}</h3>
      <div className="journal-editor-entries">
        <div className="section-header">
          <h4>{text.entriesHeading}</h4>
          <button type="button" className="button small" onClick={() => setDraft(newDraft())} disabled={draft.entryId === null}>
            {text.newEntry}
          </button>
        </div>
        <JournalEntryList
          entries={entries}
          selectedId={draft.entryId}
          onEdit={(entry) => setDraft(draftOf(entry))}
          onDelete={(entry) =>
            remove.mutate(entry, { onSuccess: () => draft.entryId === entry.id && setDraft(newDraft()) })
          }
          busy={remove.isPending}
        />
      </div>
      <form id={`${id}-form`} className="form" onSubmit={submit} noValidate>
        <h4>{draft.entryId === null ? text.newEntryHeading : text.editingEntry}</h4>
        <label>
          {text.entryDate}
          <input
            type="date"
            value={draft.entryDate}
            disabled={legacy}
            required
            onChange={(event) => setDraft({ ...draft, entryDate: event.target.value || localCalendarDate() })}
          />
        </label>
        <label>
          {text.entryLabel}
          <textarea
            rows={JOURNAL_TEXTAREA_ROWS}
            placeholder={text.placeholder}
            value={draft.content}
            onChange={(event) => setDraft({ ...draft, content: event.target.value })}
          />
        </label>
        <PhotoUploader photos={draft.photos} onChange={(photos) => setDraft({ ...draft, photos })} stopName={stop.name} />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
      </form>
      {isMember && <CommentThread tripId={tripId} stopId={stop.id} />}
      <div className="dialog-actions">
        <button type="button" className="button ghost" onClick={onClose}>
          {tripViewMessages.cancel}
        </button>
        <button type="submit" form={`${id}-form`} className="button primary" disabled={save.isPending}>
          {save.isPending ? tripViewMessages.saving : tripViewMessages.saveChanges}
        </button>
      </div>
    </section>
  );
}
