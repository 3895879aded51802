/** The popup of the selected marker, whichever kind it is; a stop's with the weather of the day it is reached. */
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import type { LatLng } from './geo.ts';
import type { MapPlace, MapStop, MapSuggestion } from './mapData.ts';
import { MapPopup } from './MapPopup.tsx';
import { stopSkyOf, type MapWeather } from './mapWeather.ts';
import { StopSkyText } from './StopSkyText.tsx';

export type Selection = { kind: 'stop' | 'suggestion' | 'place' | 'user'; id: string };

interface Props {
  selection: Selection;
  stops: MapStop[];
  suggestions: MapSuggestion[];
  places: MapPlace[];
  userLocation: LatLng | null;
  onAddPlace?: (place: MapPlace) => void;
  /** A stop's popup shows the weather and sun of the day it is reached. */
  weather?: MapWeather;
  onClose: () => void;
}

export function SelectedPopup({ selection, stops, suggestions, places, userLocation, onAddPlace, weather, onClose }: Props) {
  const { kind, id } = selection;
  if (kind === 'user') {
    return userLocation ? <MapPopup {...userLocation} name={mapMessages.yourLocation} address={null} onClose={onClose} /> : null;
  }
  if (kind === 'stop' || kind === 'suggestion') {
    const item = (kind === 'stop' ? stops : suggestions).find((candidate) => candidate.id === id);
    if (!item) return null;
    const sky = kind === 'stop' && weather ? stopSkyOf(weather, item) : null;
    return (
      <MapPopup latitude={item.latitude} longitude={item.longitude} name={item.name} address={item.address} onClose={onClose}>
        {kind === 'suggestion' && <span className="badge">{mapMessages.suggestedBadge}</span>}
        {item.description && <p className="map-popup-notes">{item.description}</p>}
        {sky && (
          <p className="map-popup-weather">
            <StopSkyText sky={sky} withSun />
          </p>
        )}
      </MapPopup>
    );
  }
  const place = places.find((candidate) => candidate.id === id);
  if (!place) return null;
  return (
    <MapPopup latitude={place.latitude} longitude={place.longitude} name={place.name} address={place.address} onClose={onClose}>
      <span className="muted">{tripMessages.category(place.category)}</span>
      {onAddPlace && (
        <button type="button" className="button small primary" onClick={() => onAddPlace(place)}>
          {tripMessages.addToTrip}
        </button>
      )}
    </MapPopup>
  );
}
