/** Shown in the map's place when it cannot be drawn: no WebGL, or its code could not be loaded. */
import { mapMessages } from '../../lib/messages/mapMessages.ts';

export function MapUnavailable() {
  return (
    <div className="trip-map map-unavailable" role="region" aria-label={mapMessages.map}>
      <p>{mapMessages.mapUnavailable}</p>
    </div>
  );
}
