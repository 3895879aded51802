/**
 * 'Add Manually' (docs/product.md#stops): name, address with the location type-ahead (which fills in the
 * coordinates when a suggestion is picked), notes, and once it has a place, whether it goes at the end or where
 * it fits best. Checked with the add-stop contract, so the messages match what the server would say; the stop
 * goes into the live document.
 */
import { useState, type FormEvent } from 'react';
import { parseWith, ZAddStopRequest, type DocStop } from '@caravan/shared';
import { LocationTypeahead } from '../../../components/LocationTypeahead.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import { PlacementChoice } from '../placement/PlacementChoice.tsx';
import { usePlacement } from '../placement/usePlacement.ts';
import type { StopEditing } from '../stops/useStopEditing.ts';
import { usePlaceSearch } from './placeSearchStore.tsx';

const text = tripPageMessages;
const empty = { name: '', address: '', notes: '', latitude: 0, longitude: 0 };

export function ManualStopForm({ tripId, stops, add }: { tripId: string; stops: readonly DocStop[]; add: StopEditing['add'] }) {
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const viewCentre = usePlaceSearch((state) => state.viewCentre);
  const placement = usePlacement(stops, form);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseWith(ZAddStopRequest, { tripId, ...form });
    if (!parsed.ok) return setError(parsed.message);
    try {
      const { name, address, latitude, longitude, notes } = parsed.data;
      add({ name, address, latitude, longitude, notes }, placement.index);
      setError(null);
      setForm(empty);
      placement.setKind('end');
      toast.success(text.stopAdded(name));
    } catch (caught) {
      setError(errorMessage(caught, text.stopAddFailed));
    }
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
      {/* Typed text drops a picked location's coordinates: 0, 0 is a stop without a position (hasPosition). */}
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
      <button type="submit" className="button primary">
        {text.addStop}
      </button>
    </form>
  );
}
