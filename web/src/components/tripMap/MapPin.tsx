/**
 * One marker: a real button (focusable, Enter/Space open its popup) inside a react-map-gl Marker. The
 * click is taken from the Marker, and stopped there, so the map's own click does not close the popup
 * that this click opens. A pin given `onDragEnd` can be dragged (stops, for whoever edits them), but only on purpose
 * (useMarkerDrag): a mouse past a small threshold, a finger after a hold. A tap, a shaky click or a swipe over the
 * pin never moves it.
 */
import { memo, useRef } from 'react';
import type { MarkerInstance } from 'react-map-gl/maplibre';
import { useMapKit } from './mapKit.ts';
import { DRAG_THRESHOLD_PX, useMarkerDrag } from './useMarkerDrag.ts';

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
  /** Makes the pin draggable: where it was dropped. */
  onDragEnd?: (id: string, position: { latitude: number; longitude: number }) => void;
}

export const MapPin = memo(function MapPin({ id, latitude, longitude, variant, label, glyph, badge, onSelect, onDragEnd }: Props) {
  const { Marker } = useMapKit();
  const marker = useRef<MarkerInstance>(null);
  // Draggable is useMarkerDrag's to switch, per press: left out here, so a render leaves it off.
  const lifted = useMarkerDrag(marker, onDragEnd && ((position) => onDragEnd(id, position)));
  return (
    <Marker
      ref={marker}
      longitude={longitude}
      latitude={latitude}
      anchor="bottom"
      className={lifted ? 'map-pin-lifted' : undefined}
      style={{ zIndex: STACKING[variant] }}
      clickTolerance={DRAG_THRESHOLD_PX}
      onDragEnd={onDragEnd && ((event) => onDragEnd(id, { latitude: event.lngLat.lat, longitude: event.lngLat.lng }))}
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
