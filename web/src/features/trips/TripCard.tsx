/** One trip on My Trips: title, description, stop count, created date, a link and a guarded delete. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { uiMessages, type TTripListItem } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { useToast } from '../toasts/toastStore.ts';
import { TRIPS_KEY, tripsApi } from './tripsApi.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export function TripCard({ trip }: { trip: TTripListItem }) {
  const text = uiMessages.trips;
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => tripsApi.remove(trip.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TRIPS_KEY });
      toast.success(text.deleted);
    },
    onError: (caught) => toast.error(errorMessage(caught, text.deleteFailed)),
  });

  return (
    <article className="card trip-card">
      <Link to={`/trips/${trip.id}`} className="trip-card-link">
        <h2>{trip.title}</h2>
        {trip.description && <p className="muted">{trip.description}</p>}
        <p className="trip-meta">
          <span>{text.stops(trip.stopCount)}</span>
          <span>{text.created(dateFormat.format(new Date(trip.createdAt)))}</span>
        </p>
      </Link>
      {trip.role === 'owner' && (
        <AlertDialog.Root>
          <AlertDialog.Trigger asChild>
            <button type="button" className="button danger ghost" aria-label={text.deleteLabel(trip.title)}>
              {text.delete}
            </button>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="dialog-overlay" />
            <AlertDialog.Content className="dialog">
              <AlertDialog.Title>{text.deleteTitle}</AlertDialog.Title>
              <AlertDialog.Description>{text.deleteConfirm}</AlertDialog.Description>
              <div className="dialog-actions">
                <AlertDialog.Cancel asChild>
                  <button type="button" className="button ghost">
                    {text.cancel}
                  </button>
                </AlertDialog.Cancel>
                <AlertDialog.Action asChild>
                  <button type="button" className="button danger" onClick={() => remove.mutate()}>
                    {text.delete}
                  </button>
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </article>
  );
}
