/**
 * The landing page's lead for a signed-in visitor: their most recent trips, each with its dates and stops, and a
 * way to all of them; with no trip yet, the first step ("Plan your first trip", My Trips with its dialog open).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatTripDates } from '../../lib/tripDates.ts';
import { TRIP_PREVIEWS_KEY, TRIPS_KEY, tripListApi } from '../../lib/tripQueries.ts';
import { landingMessages } from './messages.ts';

/** Trips shown here; My Trips lists the rest. */
const SHOWN = 3;

export function YourTrips({ name }: { name: string }) {
  const text = landingMessages.yourTrips;
  const trips = useQuery({ queryKey: TRIPS_KEY, queryFn: tripListApi.list });
  const previews = useQuery({ queryKey: TRIP_PREVIEWS_KEY, queryFn: tripListApi.previews });
  const datesOf = new Map(previews.data?.map((preview) => [preview.id, preview.dates]));

  if (trips.isPending) return <section className="your-trips card" aria-busy="true" aria-label={text.loading} />;
  if (trips.isError) return null;
  if (trips.data.length === 0) {
    return (
      <section className="your-trips card first-trip" aria-labelledby="your-trips-heading">
        <h1 id="your-trips-heading">{text.firstWelcome(name)}</h1>
        <p>{text.firstTripBody}</p>
        <Link to="/trips?create" className="button primary">
          {text.firstTrip}
        </Link>
      </section>
    );
  }
  return (
    <section className="your-trips card" aria-labelledby="your-trips-heading">
      <h1 id="your-trips-heading">{text.welcome(name)}</h1>
      <h2 className="your-trips-subheading">{text.heading}</h2>
      <ul className="your-trips-list">
        {trips.data.slice(0, SHOWN).map((trip) => {
          const dates = datesOf.get(trip.id);
          return (
            <li key={trip.id}>
              <Link to={`/trips/${trip.id}`}>{trip.title}</Link>
              <span className="muted small">
                {dates ? formatTripDates(dates) : text.noDates} · {text.stops(trip.stopCount)}
              </span>
            </li>
          );
        })}
      </ul>
      <Link to="/trips" className="button">
        {trips.data.length > SHOWN ? text.allTrips(trips.data.length) : text.myTrips}
      </Link>
    </section>
  );
}
