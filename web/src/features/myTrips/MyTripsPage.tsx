/** /trips: the trips the user owns or belongs to, with create and delete (docs/product.md#my-trips) and the cards' previews. */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { TRIP_LIST_SKELETON_CARDS } from '@caravan/shared';
import { appMessages } from '../../lib/messages/appMessages.ts';
import { TRIP_PREVIEWS_KEY, TRIPS_KEY } from '../../lib/tripQueries.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { CreateTripDialog } from './CreateTripDialog.tsx';
import { myTripsMessages } from './messages.ts';
import { TripCard } from './TripCard.tsx';
import { tripsApi } from './tripsApi.ts';

export default function MyTripsPage() {
  const text = myTripsMessages;
  useDocumentTitle(`${text.heading} · ${appMessages.productName}`);
  const trips = useQuery({ queryKey: TRIPS_KEY, queryFn: tripsApi.list });
  const previews = useQuery({ queryKey: TRIP_PREVIEWS_KEY, queryFn: tripsApi.previews });
  // The landing page's "Plan your first trip" comes here with the dialog open.
  const [searchParams] = useSearchParams();
  const openCreate = searchParams.has('create');
  const previewOf = new Map(previews.data?.map((preview) => [preview.id, preview]));

  return (
    <section>
      <div className="page-header">
        <h1>{text.heading}</h1>
        {trips.data && trips.data.length > 0 && (
          <CreateTripDialog defaultOpen={openCreate} trigger={<button className="button primary">{text.createNew}</button>} />
        )}
      </div>
      {trips.isPending && (
        <div className="trip-grid" role="status" aria-busy="true" aria-label="Loading trips">
          {Array.from({ length: TRIP_LIST_SKELETON_CARDS }, (_, index) => (
            <div key={index} className="card skeleton skeleton-card" data-testid="trip-skeleton" />
          ))}
        </div>
      )}
      {trips.isError && (
        <p role="alert" className="error-text">
          {text.errorLoading}: {trips.error.message}
        </p>
      )}
      {trips.data?.length === 0 && (
        <div className="empty-state">
          <h2>{text.emptyTitle}</h2>
          <p>{text.emptyBody}</p>
          <CreateTripDialog defaultOpen={openCreate} trigger={<button className="button primary">{text.createFirst}</button>} />
        </div>
      )}
      {trips.data && trips.data.length > 0 && (
        <div className="trip-grid">
          {trips.data.map((trip) => (
            <TripCard key={trip.id} trip={trip} preview={previewOf.get(trip.id)} />
          ))}
        </div>
      )}
    </section>
  );
}
