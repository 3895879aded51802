/** /trips/:tripId — the trip planner arrives with its own issue; until then the trip's title and a way back. */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { uiMessages } from '@caravan/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { TRIPS_KEY, tripsApi } from './tripsApi.ts';

export default function TripPage() {
  const { tripId } = useParams();
  const trips = useQuery({ queryKey: TRIPS_KEY, queryFn: tripsApi.list });
  const trip = trips.data?.find((item) => item.id === tripId);
  useDocumentTitle(`${trip?.title ?? 'Trip'} · ${uiMessages.productName}`);
  return (
    <section>
      <Link to="/trips">← {uiMessages.trips.backToMyTrips}</Link>
      <h1>{trip?.title ?? (trips.isPending ? '…' : 'Trip not found')}</h1>
      {trip?.description && <p className="muted">{trip.description}</p>}
      <p>{uiMessages.trips.tripPlaceholder}</p>
    </section>
  );
}
