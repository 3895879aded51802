/**
 * The message over the map when it has nothing to show: no stops, suggestions or search results (docs/product.md#map,
 * with a location error beneath it), or stops none of which has a position (docs/product.md#map).
 */
import { mapMessages } from '../../lib/messages/mapMessages.ts';

interface Props {
  empty: boolean;
  /** There are stops, yet none has a position. */
  noPositions: boolean;
  locationError?: string | null;
}

export function MapNotice({ empty, noPositions, locationError }: Props) {
  if (!empty && !noPositions) return null;
  return (
    <div className="map-empty" role="status">
      <p>{empty ? mapMessages.mapEmpty : mapMessages.noPositions}</p>
      {empty && locationError && <p className="error-text">{locationError}</p>}
    </div>
  );
}
