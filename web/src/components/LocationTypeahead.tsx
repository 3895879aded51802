/**
 * Address type-ahead over /search/locations: searches once the text is longer than 2 characters,
 * shows results as a listbox that arrow keys and Enter operate, only while they answer the text in the box,
 * and says offline that searching needs a connection (searching again once the browser is back online).
 * Given the trip's stops, places near them come first; while none has a position, places near the map view's
 * centre (when given) do. Text that is a position ("45.52, -122.68", "45°31'N 122°41'W") is offered as that
 * position, without a search. A result from the offline list says so, and the list credits the sources it shows.
 */
import { useId, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { ADDRESS_TYPEAHEAD_MIN_CHARS, PROVIDER_ATTRIBUTION, type LatLng, type TLocationResult } from '@caravan/shared';
import { locationsKey, searchBias, searchLocations, typedPosition } from '../lib/locationSearch.ts';
import { locationSearchMessages } from '../lib/messages/locationSearchMessages.ts';
import { useCloseAfterBlur } from '../lib/useCloseAfterBlur.ts';
import { useDebouncedValue } from '../lib/useDebouncedValue.ts';

// react-query pauses a search while the browser is offline and runs it when the network is back.
const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSelect: (location: TLocationResult) => void;
  /** The trip's stops: results near them rank first. */
  near?: ReadonlyArray<{ latitude: number; longitude: number }>;
  /** Where the trip's map is looking: the bias until a stop has a position (the map fits the stops after that). */
  viewCentre?: LatLng | null;
}

const NO_STOPS: never[] = [];

/** The credits of the sources among the results: Photon's OpenStreetMap data, the offline list's GeoNames. */
function creditsOf(results: readonly TLocationResult[]): string {
  const fromPhoton = results.some((result) => result.source === 'photon');
  const offline = results.some((result) => result.source !== 'photon');
  return [
    fromPhoton && `${PROVIDER_ATTRIBUTION.photon} · ${PROVIDER_ATTRIBUTION.openStreetMap}`,
    offline && locationSearchMessages.attribution,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function LocationTypeahead({ label, value, onChange, onSelect, near = NO_STOPS, viewCentre = null }: Props) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = value.trim();
  const query = useDebouncedValue(typed, 250);
  const position = useMemo(() => typedPosition(typed), [typed]);
  const enabled = query.length >= ADDRESS_TYPEAHEAD_MIN_CHARS && !position;
  const nearPoints = useMemo(() => searchBias(near, viewCentre), [near, viewCentre]);
  const results = useQuery({
    queryKey: locationsKey(query, nearPoints),
    queryFn: () => searchLocations(query, nearPoints),
    enabled,
  });
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  // Until the debounce catches up, the results answer the previous text: picking one would save another place.
  const answered = position !== null || (enabled && query === typed && !results.isPending);
  const options = position ? [position] : answered ? (results.data ?? []) : [];
  const showList = open && answered;
  const closeAfterBlur = useCloseAfterBlur(() => setOpen(false));
  const searching = open && typed.length >= ADDRESS_TYPEAHEAD_MIN_CHARS && !answered;

  function choose(location: TLocationResult) {
    onSelect(location);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!showList || options.length === 0) return;
    if (event.key === 'ArrowDown') setActive((index) => (index + 1) % options.length);
    else if (event.key === 'ArrowUp') setActive((index) => (index - 1 + options.length) % options.length);
    else if (event.key === 'Enter') choose(options[active]);
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  }

  return (
    <div className="typeahead">
      <label>
        {label}
        <input
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
          placeholder={locationSearchMessages.startAddressPlaceholder}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onFocus={closeAfterBlur.cancel}
          onBlur={closeAfterBlur.onBlur}
        />
      </label>
      {searching && <p className="hint">{online ? locationSearchMessages.searching : locationSearchMessages.needsConnection}</p>}
      {showList && options.length === 0 && <p className="hint">{locationSearchMessages.noLocations}</p>}
      {showList && options.length > 0 && (
        <ul id={listId} role="listbox" className="typeahead-list" aria-label={label}>
          {options.map((location, index) => (
            <li
              key={location.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(location);
              }}
            >
              <strong>{location === position ? locationSearchMessages.typedPosition : location.name}</strong>
              <span>{location === position ? locationSearchMessages.positionText(location) : location.address}</span>
              {location.source === 'offline' && <small className="result-source">{locationSearchMessages.offlineList}</small>}
            </li>
          ))}
          {!position && (
            <li role="presentation" className="attribution">
              {creditsOf(options)}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
