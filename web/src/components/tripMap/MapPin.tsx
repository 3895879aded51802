/**
 * One marker: a real button (focusable, Enter/Space open its popup) inside a react-map-gl Marker. The
 * click is taken from the Marker, and stopped there, so the map's own click does not close the popup
 * that this click opens.
 */
import { memo } from 'react';
import { useMapKit } from './mapKit.ts';

export type PinVariant = 'stop' | 'start' | 'visited' | 'place' | 'suggestion' | 'user';

/** Stops stay on top of the search results and suggestions that often sit at the same place. */
const STACKING: Record<PinVariant, number> = { place: 1, suggestion: 2, user: 3, visited: 4, stop: 4, start: 5 };

interface Props {
  id: string;
  latitude: number;
  longitude: number;
  variant: PinVariant;
  label: string;
  /** Shown inside the pin: the stop's number, or nothing. */
  glyph?: string;
  badge?: string;
  onSelect: (id: string) => void;
}

export const MapPin = memo(function MapPin({ id, latitude, longitude, variant, label, glyph, badge, onSelect }: Props) {
  const { Marker } = useMapKit();
  return (
    <Marker
      longitude={longitude}
      latitude={latitude}
      anchor="bottom"
      style={{ zIndex: STACKING[variant] }}
      onClick={(event) => {
        event.originalEvent.stopPropagation();
        onSelect(id);
      }}
    >
      <button type="button" className={`map-pin pin-${variant}`} aria-label={label}>
        <span aria-hidden="true">{glyph ?? ''}</span>
      </button>
      {badge && (
        <span className="pin-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </Marker>
  );
});
