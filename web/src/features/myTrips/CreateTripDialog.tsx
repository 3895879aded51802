/**
 * The Create Trip dialog: title, starting location, address type-ahead, description. A validation message
 * follows the form as it is corrected (it clears once the problem is fixed); a created trip opens at once, in the
 * home currency of its owner's locale. A start typed without picking a suggestion is looked up (coordinates typed
 * are read as the position); when nothing is found the dialog says so and creating it without a position is a
 * choice of its own.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { hasPosition, localeCurrency, parseWith, ZCreateTripRequest } from '@caravan/shared';
import { DialogFormActions } from '../../components/DialogFormActions.tsx';
import { FormError } from '../../components/FormError.tsx';
import { LocationTypeahead } from '../../components/LocationTypeahead.tsx';
import { errorMessage } from '../../lib/api.ts';
import { findTypedPlace, SearchOfflineError } from '../../lib/locationSearch.ts';
import { useToast } from '../../lib/toastStore.ts';
import { TRIPS_KEY } from '../../lib/tripQueries.ts';
import { createTripMessages } from './messages.ts';
import { tripsApi } from './tripsApi.ts';

const empty = { title: '', startLocationName: '', address: '', description: '', latitude: 0, longitude: 0 };
type Form = typeof empty;

/** The currency the browser's region uses (en-US: USD); the trip's Costs tab changes it. */
const homeCurrency = () => (typeof navigator === 'undefined' ? null : localeCurrency(navigator.language)) ?? undefined;

function parseForm(form: Form) {
  return parseWith(ZCreateTripRequest, {
    homeCurrency: homeCurrency(),
    title: form.title,
    description: form.description || undefined,
    startLocationName: form.startLocationName,
    startLocationAddress: form.address || undefined,
    startLocationLatitude: form.latitude,
    startLocationLongitude: form.longitude,
  });
}

export function CreateTripDialog({ trigger, defaultOpen = false }: { trigger: ReactNode; defaultOpen?: boolean }) {
  const text = createTripMessages;
  const [open, setOpen] = useState(defaultOpen);
  const [form, setFormState] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  /** The typed start was looked up and not found: the message, until the form changes. */
  const [notFound, setNotFound] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const notFoundId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: tripsApi.create,
    onSuccess: async (trip) => {
      await queryClient.invalidateQueries({ queryKey: TRIPS_KEY });
      toast.success(text.created);
      setOpen(false);
      setFormState(empty);
      navigate(`/trips/${trip.id}`);
    },
    onError: (caught) => setError(errorMessage(caught, text.failed)),
  });

  /** Edits the form; a message on show is checked again against the edited form. */
  function setForm(next: Form) {
    setFormState(next);
    setNotFound(null);
    if (error !== null) {
      const parsed = parseForm(next);
      setError(parsed.ok ? null : parsed.message);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseForm(form);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    if (finding) return;
    if (hasPosition(form)) return create.mutate(parsed.data);
    const query = form.address.trim() || form.startLocationName.trim();
    setFinding(true);
    try {
      const place = await findTypedPlace(queryClient, query, []);
      if (!place) return setNotFound(text.notFound(query));
      // The address typed stays the stop's; only the position comes from the search.
      create.mutate({
        ...parsed.data,
        startLocationAddress: parsed.data.startLocationAddress || place.address,
        startLocationLatitude: place.latitude,
        startLocationLongitude: place.longitude,
      });
    } catch (caught) {
      setNotFound(caught instanceof SearchOfflineError ? text.notFoundOffline(query) : errorMessage(caught, text.findFailed));
    } finally {
      setFinding(false);
    }
  }

  function createWithoutPosition() {
    const parsed = parseForm(form);
    if (!parsed.ok) return setError(parsed.message);
    setNotFound(null);
    create.mutate(parsed.data);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setError(null);
          setNotFound(null);
        }
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{text.title}</Dialog.Title>
          <Dialog.Description>{text.description}</Dialog.Description>
          <form className="form" onSubmit={submit} noValidate>
            <FormError message={error} />
            <label>
              {text.tripTitle}
              <input value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
            </label>
            <label>
              {text.startName}
              <input
                value={form.startLocationName}
                onChange={(e) => setForm({ ...form, startLocationName: e.target.value })}
              />
            </label>
            <LocationTypeahead
              label={text.startAddress}
              value={form.address}
              onChange={(address) => setForm({ ...form, address, latitude: 0, longitude: 0 })}
              onSelect={(location) =>
                setForm({
                  ...form,
                  address: location.address,
                  startLocationName: form.startLocationName || location.name,
                  latitude: location.latitude,
                  longitude: location.longitude,
                })
              }
            />
            <label>
              {text.tripDescription}
              <textarea rows={3} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
            </label>
            {notFound && (
              <div role="group" aria-labelledby={`${notFoundId}`} className="not-found-choice">
                <p id={notFoundId} role="alert" className="form-error">
                  {notFound}
                </p>
                <p className="hint">{text.notFoundHelp}</p>
                <div className="form-actions">
                  <button type="button" className="button ghost" onClick={createWithoutPosition}>
                    {text.createWithoutPosition}
                  </button>
                </div>
              </div>
            )}
            <DialogFormActions
              cancelLabel={text.cancel}
              submitLabel={text.submit}
              pendingLabel={finding ? text.finding : text.creating}
              pending={create.isPending || finding}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
