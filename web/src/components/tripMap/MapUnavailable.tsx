/** Shown in the map's place when it cannot be drawn: no WebGL, or its code could not be loaded. */
import { uiMessages } from '@caravan/shared';

export function MapUnavailable() {
  return (
    <div className="trip-map map-unavailable" role="region" aria-label={uiMessages.tripPage.map}>
      <p>{uiMessages.tripPage.mapUnavailable}</p>
    </div>
  );
}
