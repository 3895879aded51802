/**
 * 'Edit details: {name}' (docs/product.md#stops): a stop's name, address, notes and position (typed latitude and
 * longitude, or 'Place on map' for a click on the map). Checked with the REST door's request
 * (ZUpdateStopDetailsRequest), so its messages are the server's; saved as one live-document transaction.
 */
import { useId, useState, type FormEvent } from 'react';
import { hasPosition, ZUpdateStopDetailsRequest, type DocStop } from '@caravan/shared';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { useToast } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import type { StopEditing } from './useStopEditing.ts';
import './stopDetails.css';

const text = tripPageMessages;

interface Props {
  tripId: string;
  /** The stop being edited; null: the dialog is closed. */
  stop: DocStop | null;
  onClose: () => void;
  edit: StopEditing['edit'];
  /** Closes the dialog and waits for a click on the map to place the stop. */
  onPlace: (stop: DocStop) => void;
}

export function StopDetailsDialog({ stop, onClose, ...rest }: Props) {
  return (
    <DialogFrame
      open={stop !== null}
      onOpenChange={(open) => !open && onClose()}
      title={stop ? text.editDetailsTitle(stop.name) : ''}
      description={text.editDetailsDescription}
    >
      {stop && <DetailsForm key={stop.id} stop={stop} onClose={onClose} {...rest} />}
    </DialogFrame>
  );
}

/** A coordinate as the form shows it: empty for a stop without a position. */
const coordinateText = (stop: DocStop, value: number) => (hasPosition(stop) ? String(value) : '');

function DetailsForm({ tripId, stop, onClose, edit, onPlace }: { stop: DocStop } & Omit<Props, 'stop'>) {
  const [form, setForm] = useState({
    name: stop.name,
    address: stop.address ?? '',
    notes: stop.notes ?? '',
    latitude: coordinateText(stop, stop.latitude),
    longitude: coordinateText(stop, stop.longitude),
  });
  /** The first refusal: its message, and the field it is about (none for one about the whole form). */
  const [error, setError] = useState<{ message: string; field?: PropertyKey } | null>(null);
  const toast = useToast();
  const errorId = useId();
  const hintId = useId();
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
    'aria-invalid': error?.field === key ? true : undefined,
    'aria-errormessage': error?.field === key ? errorId : undefined,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZUpdateStopDetailsRequest.safeParse({ tripId, stopId: stop.id, ...form });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      return setError({ message: issue.message, field: issue.path[0] });
    }
    const { name, address, notes, latitude, longitude } = parsed.data;
    if (!edit(stop.id, { name, address, notes, latitude, longitude })) return setError({ message: text.detailsFailed });
    toast.success(text.detailsSaved(name ?? stop.name));
    onClose();
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p role="alert" id={errorId} className="form-error">
          {error.message}
        </p>
      )}
      <label>
        {text.stopName}
        <input {...field('name')} autoComplete="off" />
      </label>
      <label>
        {text.address}
        <input {...field('address')} autoComplete="off" />
      </label>
      <label>
        {text.notes}
        <textarea rows={3} {...field('notes')} />
      </label>
      <fieldset className="coordinate-fields" aria-describedby={hintId}>
        <legend>{text.position}</legend>
        <label>
          {text.latitude}
          <input {...field('latitude')} inputMode="decimal" autoComplete="off" />
        </label>
        <label>
          {text.longitude}
          <input {...field('longitude')} inputMode="decimal" autoComplete="off" />
        </label>
        <small id={hintId}>{text.coordinatesHint}</small>
      </fieldset>
      <button
        type="button"
        className="button small ghost place-on-map"
        onClick={() => {
          onClose();
          onPlace(stop);
        }}
      >
        {text.placeOnMap}
      </button>
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.saveChanges} pending={false} />
    </form>
  );
}
