/**
 * Suggest Stop (docs/product.md#suggestions) for editors and viewers: a name of at least 2 characters, an optional
 * address from the type-ahead (which also gives the coordinates) and notes of at most 500 characters.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { orderedStops, SUGGESTION_NOTES_MAX_LENGTH } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { LocationTypeahead } from '../../components/LocationTypeahead.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useToast } from '../../lib/toastStore.ts';
import { collaborationApi } from './collaborationApi.ts';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;
export const SUGGESTION_NAME_MIN_LENGTH = 2;

const empty = { name: '', address: '', notes: '', latitude: null as number | null, longitude: null as number | null };

export function SuggestStopTab({ tripId, doc }: { tripId: string; doc: Y.Doc | null }) {
  const id = useId();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const suggest = useMutation({
    mutationFn: collaborationApi.suggest,
    onSuccess: () => {
      toast.success(text.suggestionSubmitted);
      setForm(empty);
    },
    onError: (caught) => toast.error(errorMessage(caught, text.suggestionFailed)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.name.trim().length < SUGGESTION_NAME_MIN_LENGTH) return setError(text.nameTooShort);
    if (form.notes.length > SUGGESTION_NOTES_MAX_LENGTH) return setError(text.notesTooLong);
    setError(null);
    suggest.mutate({
      tripId,
      name: form.name.trim(),
      address: form.address.trim() || null,
      latitude: form.latitude,
      longitude: form.longitude,
      notes: form.notes.trim() || null,
    });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text.suggestTitle}</h3>
      <p className="muted small">{text.suggestDescription}</p>
      <form className="form" onSubmit={submit} noValidate>
        <label>
          {text.stopName}
          <input value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
        </label>
        <LocationTypeahead
          label={text.address}
          near={doc ? orderedStops(doc) : undefined}
          value={form.address}
          onChange={(address) => setForm({ ...form, address, latitude: null, longitude: null })}
          onSelect={(location) =>
            setForm({
              ...form,
              name: form.name || location.name,
              address: location.address,
              latitude: location.latitude,
              longitude: location.longitude,
            })
          }
        />
        <label>
          {text.notes}
          <textarea rows={3} value={form.notes} onChange={(event) => setForm({ ...form, notes: event.target.value })} />
          <small className={form.notes.length > SUGGESTION_NOTES_MAX_LENGTH ? 'over-limit' : undefined}>
            {text.notesCount(form.notes.length, SUGGESTION_NOTES_MAX_LENGTH)}
          </small>
        </label>
        <FormError message={error} />
        <SubmitButton label={text.submitSuggestion} pendingLabel={text.submittingSuggestion} pending={suggest.isPending} />
      </form>
    </section>
  );
}
