/**
 * 'Search Places' (docs/product.md#stops): a keyword searched 500 ms after the last keystroke within 10/25/50/100 km
 * (default 50) of the trip's last stop or the user's location; each result can be added to the trip (asking first
 * whether at the end or where it fits best, when those differ), and one already in it (shared findDuplicateStop:
 * within 50 m, a similar name) says so instead.
 */
import { useEffect, useId, useState } from 'react';
import { findDuplicateStop, POI_SEARCH_RADIUS_OPTIONS_KM, stopPlacements, type DocStop, type TPoi } from '@caravan/shared';
import { tripMessages } from '../../../lib/messages/tripMessages.ts';
import { tripPageMessages } from '../messages.ts';
import { offersChoice } from '../placement/usePlacement.ts';
import { PlaceAddChoice } from './PlaceAddChoice.tsx';
import { usePlaceSearch } from './placeSearchStore.tsx';
import type { PlaceResults } from './usePlaceResults.ts';

const text = tripPageMessages;
/** Place search keyword debounce. */
export const KEYWORD_DEBOUNCE_MS = 500;

interface Props {
  canSearch: boolean;
  places: PlaceResults;
  stops: readonly DocStop[];
  /** Adds the place at `index` in the stop list (the end when omitted). */
  onAdd: (place: TPoi, index?: number) => void;
}

export function PlaceSearchTab({ canSearch, places, stops, onAdd }: Props) {
  const id = useId();
  const input = usePlaceSearch((state) => state.input);
  const radiusKm = usePlaceSearch((state) => state.radiusKm);
  const setInput = usePlaceSearch((state) => state.setInput);
  const setKeyword = usePlaceSearch((state) => state.setKeyword);
  const setRadius = usePlaceSearch((state) => state.setRadius);
  /** The result whose placement choice is open. */
  const [choosing, setChoosing] = useState<string | null>(null);
  const addButton = (place: TPoi) => `${id}-add-${place.id}`;

  function startAdding(place: TPoi) {
    if (offersChoice(stopPlacements(stops, place))) setChoosing(choosing === place.id ? null : place.id);
    else onAdd(place);
  }

  function closeChoice(place: TPoi) {
    setChoosing(null);
    document.getElementById(addButton(place))?.focus();
  }

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, setKeyword]);

  return (
    <div className="place-search">
      {!canSearch && <p className="hint">{text.searchDisabled}</p>}
      <div className="place-search-fields">
        <label>
          {text.keyword}
          <input
            type="search"
            value={input}
            placeholder={text.keywordPlaceholder}
            disabled={!canSearch}
            onChange={(event) => setInput(event.target.value)}
          />
        </label>
        <label>
          {text.radius}
          <select value={radiusKm} disabled={!canSearch} onChange={(event) => setRadius(Number(event.target.value))}>
            {POI_SEARCH_RADIUS_OPTIONS_KM.map((km) => (
              <option key={km} value={km}>
                {text.radiusOption(km)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div aria-live="polite">
        {places.isFetching && <p className="hint">{text.searchingPlaces}</p>}
        {places.error && <p className="error-text">{places.error.message || text.searchFailed}</p>}
        {places.enabled && !places.isFetching && !places.error && places.results.length === 0 && (
          <p className="hint">{text.noPlaces(places.keyword)}</p>
        )}
      </div>
      {places.results.length > 0 && (
        <ul className="place-results" aria-label={text.searchResults}>
          {places.results.map((place) => (
            <li key={place.id} className="place-result">
              <div>
                <strong id={`${id}-${place.id}`}>{place.name}</strong>
                {place.address && <span className="muted">{place.address}</span>}
                <span className="muted small">{tripMessages.category(place.category)}</span>
              </div>
              {findDuplicateStop(place, stops) ? (
                <span className="badge active">{text.inTrip}</span>
              ) : (
                <button
                  type="button"
                  id={addButton(place)}
                  className="button small"
                  aria-describedby={`${id}-${place.id}`}
                  aria-expanded={choosing === place.id}
                  aria-controls={choosing === place.id ? `${id}-choice` : undefined}
                  onClick={() => startAdding(place)}
                >
                  {tripMessages.addToTrip}
                </button>
              )}
              {choosing === place.id && !findDuplicateStop(place, stops) && (
                <PlaceAddChoice
                  id={`${id}-choice`}
                  place={place}
                  stops={stops}
                  describedBy={`${id}-${place.id}`}
                  onAdd={(index) => {
                    setChoosing(null);
                    onAdd(place, index);
                  }}
                  onCancel={() => closeChoice(place)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
