/** The trip page's header (docs/product.md#trip-page): back link, title, description, sharing, Export, Offline map, History, mute, live status. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { tripPageMessages } from '../messages.ts';

interface Props {
  title: string;
  description: string | null;
  sharing: ReactNode;
  /** The Export button and its dialog. */
  exports: ReactNode;
  /** The Offline map button and its dialog. */
  offlineMap?: ReactNode;
  status: ReactNode;
  /** The member's mute of the trip's notifications (absent for who is not a member). */
  mute?: ReactNode;
  /** The History button and its dialog. */
  history?: ReactNode;
}

export function TripHeader({ title, description, sharing, exports, offlineMap, status, mute, history }: Props) {
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
          {offlineMap}
          {history}
          {mute}
        </div>
      </div>
      {status}
    </header>
  );
}
