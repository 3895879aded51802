/** The trip page's header (docs/product.md#trip-page): back link, title, description, sharing, Export, live status. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { tripPageMessages } from '../messages.ts';

interface Props {
  title: string;
  description: string | null;
  sharing: ReactNode;
  /** The Export button and its dialog. */
  exports: ReactNode;
  status: ReactNode;
}

export function TripHeader({ title, description, sharing, exports, status }: Props) {
  return (
    <header className="trip-header">
      <Link to="/trips" className="back-link">
        ← {tripPageMessages.backToMyTrips}
      </Link>
      <div className="trip-header-main">
        <div>
          <h1>{title}</h1>
          {description && <p className="muted trip-description">{description}</p>}
        </div>
        <div className="trip-header-actions">
          {sharing}
          {exports}
        </div>
      </div>
      {status}
    </header>
  );
}
