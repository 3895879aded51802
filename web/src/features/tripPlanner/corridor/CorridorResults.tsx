/** The places "Along the route" found, in the order the route reaches them: where, which leg, the detour, hours, and Add. */
import { useId } from 'react';
import type { DocStop, TCorridorPlace, TCorridorSearchResponse } from '@caravan/shared';
import { formatDistanceIn, type DistanceUnit } from '../../../lib/distanceUnit.ts';
import { categoryLabels, corridorText as text, plugLabels } from './messages.ts';

interface Props {
  answer: TCorridorSearchResponse;
  stops: readonly DocStop[];
  unit: DistanceUnit;
  /** Null for a member who may not edit. */
  onAdd: ((place: TCorridorPlace) => void) | null;
  isInTrip: (place: TCorridorPlace) => boolean;
}

export function CorridorResults({ answer, stops, unit, onAdd, isInTrip }: Props) {
  const id = useId();
  const nameOf = (stopId: string) => stops.find((stop) => stop.id === stopId)?.name ?? '';
  if (answer.places.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="corridor-results">
      <h3 id={`${id}-heading`}>{text.results}</h3>
      <ol>
        {answer.places.map((place) => {
          const nameId = `${id}-${place.id}`;
          const charging = place.plugs !== undefined ? text.plugsAndPower(place.plugs.map((plug) => plugLabels[plug]).join(', '), place.powerKw) : '';
          return (
            <li key={place.id}>
              <div className="corridor-place">
                <strong id={nameId}>{place.name}</strong>
                <small className="muted">
                  {categoryLabels[place.category]} · {text.along(formatDistanceIn(place.alongKm, unit))} · {text.onLeg(nameOf(place.leg.fromStopId), nameOf(place.leg.toStopId))}
                </small>
                <small>
                  {text.detour(place.detourMinutes, place.detourSource === 'osrm')}
                  {charging && ` · ${charging}`}
                </small>
                {place.openingHours && <small className="muted">{text.hours(place.openingHours)}</small>}
                {place.address && <small className="muted">{place.address}</small>}
              </div>
              {onAdd &&
                (isInTrip(place) ? (
                  <span className="badge">{text.inTrip}</span>
                ) : (
                  <button type="button" className="button small" aria-describedby={nameId} aria-label={text.addTo(place.name)} onClick={() => onAdd(place)}>
                    {text.add}
                  </button>
                ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
