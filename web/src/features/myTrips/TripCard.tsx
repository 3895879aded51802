/**
 * One trip on My Trips: title, description, stop count, created date, a link and a guarded delete; its route
 * thumbnail, its dates, a Today link while it is under way and, for a trip shared with the user, by whom and in which role (docs/product.md#my-trips)
 * once its preview is in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { canDeleteTrip, localCalendarDate, type TTripListItem, type TTripPreview } from '@caravan/shared';
import { ConfirmedDangerButton } from '../../components/ConfirmedDangerButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useToast } from '../../lib/toastStore.ts';
import { formatTripDates } from '../../lib/tripDates.ts';
import { TRIPS_KEY } from '../../lib/tripQueries.ts';
import { myTripsMessages } from './messages.ts';
import { RouteThumbnail } from './RouteThumbnail.tsx';
import './tripCard.css';
import { tripsApi } from './tripsApi.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Under way: today, on this device, falls within the trip's dates (the Today page reads each stop's own zone). */
const isUnderWay = (dates: NonNullable<TTripPreview['dates']>) => {
  const today = localCalendarDate();
  return dates.first <= today && today <= dates.last;
};

export function TripCard({ trip, preview }: { trip: TTripListItem; preview?: TTripPreview }) {
  const text = myTripsMessages;
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
        {preview && <RouteThumbnail title={trip.title} route={preview.route} />}
        {preview?.sharedBy && <p className="trip-shared">{text.sharedBy(preview.sharedBy, text.roles[trip.role])}</p>}
        {trip.description && <p className="muted">{trip.description}</p>}
        <p className="trip-meta">
          <span>{text.stops(trip.stopCount)}</span>
          {preview?.dates && <span>{text.dates(formatTripDates(preview.dates))}</span>}
          <span>{text.created(dateFormat.format(new Date(trip.createdAt)))}</span>
        </p>
      </Link>
      {preview?.dates && isUnderWay(preview.dates) && (
        <Link to={`/trips/${trip.id}/today`} className="button small primary trip-today-link" aria-label={text.todayLabel(trip.title)}>
          {text.today}
        </Link>
      )}
      {canDeleteTrip(trip.role) && (
        <ConfirmedDangerButton
          label={text.delete}
          ariaLabel={text.deleteLabel(trip.title)}
          title={text.deleteTitle}
          description={text.deleteConfirm}
          cancelLabel={text.cancel}
          onConfirm={() => remove.mutate()}
        />
      )}
    </article>
  );
}
