/**
 * Suggest Stop (docs/product.md#suggestions) for editors and viewers: a name of at least 2 characters, an optional
 * address from the type-ahead (which also gives the coordinates) and notes of at most 500 characters. As in Add
 * Manually (the same look-up, usePlaceLookup), a suggestion never goes without a position by accident: with no
 * suggestion picked, coordinates typed in the address or name are its position, else the address (or the name) is
 * looked up; when nothing is found the form says so and offers 'Place on map' or 'Suggest without a position'.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { orderedStops, SUGGESTION_NOTES_MAX_LENGTH, type LatLng, type TCreateSuggestionRequest } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { LocationTypeahead } from '../../components/LocationTypeahead.tsx';
import { PlaceLookupStatus } from '../../components/PlaceLookupStatus.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { searchBias } from '../../lib/locationSearch.ts';
import { useToast } from '../../lib/toastStore.ts';
import { usePlaceLookup } from '../../lib/usePlaceLookup.ts';
import { collaborationApi } from './collaborationApi.ts';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;
export const SUGGESTION_NAME_MIN_LENGTH = 2;

const empty = { name: '', address: '', notes: '', latitude: null as number | null, longitude: null as number | null };

interface Props {
  tripId: string;
  doc: Y.Doc | null;
  /** Asks for a click on the trip's map; without it, a place not found can only be suggested without a position. */
  onPickOnMap?: (name: string, onPicked: (position: LatLng) => void) => void;
}

export function SuggestStopTab({ tripId, doc, onPickOnMap }: Props) {
  const id = useId();
  const [form, setFormState] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const lookup = usePlaceLookup<TCreateSuggestionRequest>();
  const stops = doc ? orderedStops(doc) : undefined;
  const suggest = useMutation({
    mutationFn: collaborationApi.suggest,
    onSuccess: () => {
      toast.success(text.suggestionSubmitted);
      setFormState(empty);
    },
    onError: (caught) => toast.error(errorMessage(caught, text.suggestionFailed)),
  });

  /** Any edit makes a "not found" answer stale. */
  function setForm(next: typeof form) {
    setFormState(next);
    if (!lookup.finding) lookup.clear();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (lookup.finding || suggest.isPending) return;
    if (form.name.trim().length < SUGGESTION_NAME_MIN_LENGTH) return setError(text.nameTooShort);
    if (form.notes.length > SUGGESTION_NOTES_MAX_LENGTH) return setError(text.notesTooLong);
    setError(null);
    const suggestion = {
      tripId,
      name: form.name.trim(),
      address: form.address.trim() || null,
      latitude: form.latitude,
      longitude: form.longitude,
      notes: form.notes.trim() || null,
    };
    if (suggestion.latitude !== null && suggestion.longitude !== null) return suggest.mutate(suggestion);
    const place = await lookup.find({ ...suggestion, near: searchBias(stops ?? [], null) }, suggestion);
    if (!place) return;
    // The address the user typed stays the suggestion's; only the position comes from the search.
    const found = { ...suggestion, address: suggestion.address ?? place.address, latitude: place.latitude, longitude: place.longitude };
    suggest.mutate(found, { onSuccess: () => lookup.placed(found.name, place.address) });
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
        {/* Typed text drops a picked location's coordinates: Submit looks the text up instead. */}
        <LocationTypeahead
          label={text.address}
          near={stops}
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
        <PlaceLookupStatus
          outcome={lookup.outcome}
          help={text.suggestNotFoundHelp}
          withoutPositionLabel={text.suggestWithoutPosition}
          onPlaceOnMap={
            onPickOnMap &&
            ((suggestion) => {
              lookup.clear();
              onPickOnMap(suggestion.name, (position) => suggest.mutate({ ...suggestion, ...position }));
            })
          }
          onWithoutPosition={(suggestion) => {
            lookup.clear();
            suggest.mutate(suggestion);
          }}
        />
      </form>
    </section>
  );
}
