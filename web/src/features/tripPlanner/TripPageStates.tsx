/** The trip page while it loads, when it failed, and when there is no such trip (docs/product.md#trip-page). */
import { Link } from 'react-router-dom';
import { tripPageMessages } from './messages.ts';

const text = tripPageMessages;

export function TripPageSkeleton() {
  return (
    <div className="trip-page" role="status" aria-busy="true" aria-label={text.loading}>
      <div className="skeleton skeleton-heading" />
      <div className="trip-layout">
        <div className="trip-sidebar">
          <div className="skeleton skeleton-block" />
          <div className="skeleton skeleton-block" />
        </div>
        <div className="trip-main">
          <div className="skeleton trip-map" />
        </div>
      </div>
    </div>
  );
}

export function TripNotFound() {
  return (
    <div className="empty-state">
      <h1>{text.notFoundTitle}</h1>
      <p>{text.notFoundBody}</p>
      <Link to="/trips">{text.backToMyTrips}</Link>
    </div>
  );
}

export function TripLoadError({ message }: { message: string }) {
  return (
    <div>
      <Link to="/trips" className="back-link">
        ← {text.backToMyTrips}
      </Link>
      <p role="alert" className="error-text">
        {text.errorLoading}: {message}
      </p>
    </div>
  );
}
