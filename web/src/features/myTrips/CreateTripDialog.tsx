/**
 * The Create Trip dialog: title, starting location, address type-ahead, description. A validation message
 * follows the form as it is corrected (it clears once the problem is fixed); a created trip opens at once, in the
 * home currency of its owner's locale. A start typed without picking a suggestion is looked up as every stop form
 * looks one up (usePlaceLookup: coordinates typed are the position); when nothing is found the dialog says so and
 * creating it without a position is a choice of its own.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { hasPosition, localeCurrency, parseWith, ZCreateTripRequest, type TCreateTripRequest } from '@caravan/shared';
import { DialogFormActions } from '../../components/DialogFormActions.tsx';
import { FormError } from '../../components/FormError.tsx';
import { LocationTypeahead } from '../../components/LocationTypeahead.tsx';
import { PlaceLookupStatus } from '../../components/PlaceLookupStatus.tsx';
import { errorMessage } from '../../lib/api.ts';
import { usePlaceLookup } from '../../lib/usePlaceLookup.ts';
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
  /** The typed start's look-up; a start not found keeps the trip to create, until the form changes. */
  const lookup = usePlaceLookup<TCreateTripRequest>();
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
    lookup.clear();
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
    if (lookup.finding) return;
    if (hasPosition(form)) return create.mutate(parsed.data);
    const place = await lookup.find({ name: form.startLocationName.trim(), address: form.address, near: [] }, parsed.data);
    if (!place) return;
    // The address typed stays the stop's; only the position comes from the search.
    create.mutate({
      ...parsed.data,
      startLocationAddress: parsed.data.startLocationAddress || place.address,
      startLocationLatitude: place.latitude,
      startLocationLongitude: place.longitude,
    });
  }

  function createWithoutPosition(trip: TCreateTripRequest) {
    lookup.clear();
    create.mutate(trip);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setError(null);
          lookup.clear();
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
            <PlaceLookupStatus
              outcome={lookup.outcome}
              help={text.notFoundHelp}
              withoutPositionLabel={text.createWithoutPosition}
              onWithoutPosition={createWithoutPosition}
            />
            <DialogFormActions
              cancelLabel={text.cancel}
              submitLabel={text.submit}
              pendingLabel={lookup.finding ? text.finding : text.creating}
              pending={create.isPending || lookup.finding}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
