/** The map's markers: stops (start and visited distinct, with badges), suggestions, found places, the user. */
import { memo } from 'react';
import { hasPosition } from '@caravan/shared';
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import type { LatLng } from './geo.ts';
import type { MapPlace, MapStop, MapSuggestion } from './mapData.ts';
import { MapPin } from './MapPin.tsx';

const text = mapMessages;
export const USER_MARKER_ID = 'me';

interface Props {
  stops: MapStop[];
  suggestions: MapSuggestion[];
  places: MapPlace[];
  userLocation: LatLng | null;
  onSelectStop: (id: string) => void;
  onSelectSuggestion: (id: string) => void;
  onSelectPlace: (id: string) => void;
  onSelectUser: (id: string) => void;
  /** Given to whoever may move stops: their markers can be dragged. */
  onMoveStop?: (id: string, position: LatLng) => void;
}

export const MapMarkers = memo(function MapMarkers(props: Props) {
  const { stops, suggestions, places, userLocation } = props;
  return (
    <>
      {userLocation && (
        <MapPin id={USER_MARKER_ID} {...userLocation} variant="user" label={text.yourLocation} onSelect={props.onSelectUser} />
      )}
      {places.map((place) => (
        <MapPin key={place.id} id={place.id} latitude={place.latitude} longitude={place.longitude} variant="place" label={text.placeMarker(place.name)} onSelect={props.onSelectPlace} />
      ))}
      {suggestions.filter(hasPosition).map((suggestion) => (
        <MapPin
          key={suggestion.id}
          id={suggestion.id}
          latitude={suggestion.latitude}
          longitude={suggestion.longitude}
          variant="suggestion"
          label={text.suggestionMarker(suggestion.name)}
          badge={text.suggestedBadge}
          onSelect={props.onSelectSuggestion}
        />
      ))}
      {stops.map((stop, index) =>
        hasPosition(stop) ? (
          // A day shown alone keeps the stops' numbers in the whole trip.
          <MapPin
            key={stop.id}
            id={stop.id}
            latitude={stop.latitude}
            longitude={stop.longitude}
            variant={stop.isFirstStop ? 'start' : stop.visited ? 'visited' : 'stop'}
            label={text.stopMarker(stop.number ?? index + 1, stop.name)}
            glyph={String(stop.number ?? index + 1)}
            badge={stop.isFirstStop ? tripMessages.startBadge : stop.visited ? text.visitedBadge : undefined}
            onSelect={props.onSelectStop}
            onDragEnd={props.onMoveStop}
          />
        ) : null,
      )}
    </>
  );
});
