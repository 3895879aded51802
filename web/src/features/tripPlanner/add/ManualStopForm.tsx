/**
 * 'Add Manually' (docs/product.md#stops): name, address with the location type-ahead (which fills in the
 * coordinates when a suggestion is picked), notes, and once it has a place, whether it goes at the end or where
 * it fits best. Checked with the add-stop contract, so the messages match what the server would say; the stop
 * goes into the live document. A stop never lands without a position by accident: with no suggestion picked, Add
 * Stop reads coordinates typed in the address or name, else looks the address (or the name) up and puts the stop
 * at the best match; when nothing is found the form says so and offers 'Place on map' or 'Add without a position'.
 */
import { useState, type FormEvent } from 'react';
import { hasPosition, parseWith, ZAddStopRequest, type DocStop, type NewStop } from '@caravan/shared';
import { LocationTypeahead } from '../../../components/LocationTypeahead.tsx';
import { PlaceLookupStatus } from '../../../components/PlaceLookupStatus.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { searchBias } from '../../../lib/locationSearch.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { usePlaceLookup } from '../../../lib/usePlaceLookup.ts';
import { tripPageMessages } from '../messages.ts';
import { PlacementChoice } from '../placement/PlacementChoice.tsx';
import { usePlacement } from '../placement/usePlacement.ts';
import type { PlaceOnMap } from '../stops/usePlaceOnMap.ts';
import type { StopEditing } from '../stops/useStopEditing.ts';
import { usePlaceSearch } from './placeSearchStore.tsx';

const text = tripPageMessages;
const empty = { name: '', address: '', notes: '', latitude: 0, longitude: 0 };

interface Props {
  tripId: string;
  stops: readonly DocStop[];
  add: StopEditing['add'];
  onPlaceNew: PlaceOnMap['startNew'];
}

export function ManualStopForm({ tripId, stops, add, onPlaceNew }: Props) {
  const [form, setFormState] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const viewCentre = usePlaceSearch((state) => state.viewCentre);
  const lookup = usePlaceLookup<NewStop>();
  const placement = usePlacement(stops, form);

  /** Any edit makes a "not found" answer stale. */
  function setForm(next: typeof form) {
    setFormState(next);
    if (!lookup.finding) lookup.clear();
  }

  function addStop(stop: NewStop, index: number | undefined): boolean {
    try {
      add(stop, index);
    } catch (caught) {
      setError(errorMessage(caught, text.stopAddFailed));
      return false;
    }
    setError(null);
    setFormState(empty);
    placement.setKind('end');
    toast.success(text.stopAdded(stop.name));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (lookup.finding) return;
    const parsed = parseWith(ZAddStopRequest, { tripId, ...form });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    const { name, address, latitude, longitude, notes } = parsed.data;
    const stop = { name, address, latitude, longitude, notes };
    if (hasPosition(stop)) {
      if (addStop(stop, placement.index)) lookup.clear();
      return;
    }
    const place = await lookup.find({ name, address, near: searchBias(stops, viewCentre) }, stop);
    if (!place) return;
    // The address the user typed stays the stop's; only the position comes from the search.
    const found = { ...stop, address: address || place.address, latitude: place.latitude, longitude: place.longitude };
    if (addStop(found, undefined)) lookup.placed(name, place.address);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <label>
        {text.stopName}
        <input value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
      </label>
      {/* Typed text drops a picked location's coordinates: Add Stop looks the text up instead. */}
      <LocationTypeahead
        label={text.address}
        near={stops}
        viewCentre={viewCentre}
        value={form.address}
        onChange={(address) => setForm({ ...form, address, latitude: 0, longitude: 0 })}
        onSelect={(location) =>
          setForm({ ...form, address: location.address, latitude: location.latitude, longitude: location.longitude })
        }
      />
      <label>
        {text.notes}
        <textarea rows={3} value={form.notes} onChange={(event) => setForm({ ...form, notes: event.target.value })} />
      </label>
      {placement.offered && <PlacementChoice placements={placement.placements} value={placement.kind} onChange={placement.setKind} />}
      <button type="submit" className="button primary" aria-disabled={lookup.finding || undefined}>
        {text.addStop}
      </button>
      <PlaceLookupStatus
        outcome={lookup.outcome}
        help={text.notFoundHelp}
        withoutPositionLabel={text.addWithoutPosition}
        onPlaceOnMap={(stop) => {
          lookup.clear();
          onPlaceNew(stop, undefined, () => setFormState(empty));
        }}
        onWithoutPosition={(stop) => addStop(stop, undefined) && lookup.clear()}
      />
    </form>
  );
}
