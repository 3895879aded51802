/**
 * Where the car's range runs out (the itinerary's day header, Plan my days): Find fuel / Find a charger searches the
 * stretch since the last fill and lists up to three stations the car reaches before it runs out, each with how far
 * along, its detour and its hours, and Add for owners and editors, which puts it into its leg (one Undo): a fuel or
 * charging stop refuels, so the warning goes for every member. Without a connection to the places service it says
 * so, and offers what was found before with its age. The car and the stops are read live from the document.
 */
import { useEffect, useId, useRef } from 'react';
import { orderedStops, stationAlongText, stopsMap, vehicleOf, type DocStop, type TCorridorPlace } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useDocValue } from '../../../lib/collab/useDocValue.ts';
import { useTripMeta } from '../../../lib/collab/useTripMeta.ts';
import { useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { corridorText, plugLabels, stationText as text } from './messages.ts';
import { useStationOffer, type RunOutToOffer, type StationAnswer } from './useStationOffer.ts';
import './corridor.css';
import './stationOffer.css';

interface Props {
  tripId: string;
  runOut: RunOutToOffer;
  connection: TripConnection;
  /** Owners and editors add a station; everyone may look. */
  canEdit: boolean;
  /** Search at once (Plan my days, which proposes a fuel stop), not on Find. */
  findAtOnce?: boolean;
}

const NO_STOPS: DocStop[] = [];

export function StationOffer({ tripId, runOut, connection, canEdit, findAtOnce = false }: Props) {
  const id = useId();
  const vehicle = vehicleOf(useTripMeta(connection.doc).vehicle);
  const stops = useDocValue(connection.doc, stopsMap, orderedStops, NO_STOPS).value;
  const offer = useStationOffer(tripId, runOut, vehicle, stops, canEdit ? connection : null);
  const nameOf = (stopId: string) => stops.find((stop) => stop.id === stopId)?.name ?? '';
  const { find } = offer;
  const asked = useRef(false);
  useEffect(() => {
    if (!findAtOnce || asked.current || vehicle.kind === 'none') return;
    asked.current = true;
    void find();
  }, [findAtOnce, find, vehicle.kind]);
  if (vehicle.kind === 'none') return null;
  return (
    <div className="station-offer no-print">
      <button type="button" className="button small" aria-label={text.findLabel(vehicle.kind, nameOf(runOut.stopId))} disabled={offer.searching} onClick={() => void offer.find()}>
        {offer.searching ? text.searching : text.find(vehicle.kind)}
      </button>
      <div role="status" aria-live="polite">
        {offer.found && <OfferNotice found={offer.found} />}
      </div>
      {offer.error && (
        <p role="alert" className="form-error">
          {offer.error}
        </p>
      )}
      {offer.found && offer.found.stations.length > 0 && (
        <section aria-labelledby={`${id}-heading`}>
          <h4 id={`${id}-heading`} className="visually-hidden">
            {text.heading(vehicle.kind)}
          </h4>
          <ol className="station-offer-list">
            {offer.found.stations.map((station) => (
              <StationItem key={station.id} station={station} nameId={`${id}-${station.id}`} fromName={nameOf(runOut.lastFillStopId)} inTrip={offer.isInTrip(station)} onAdd={offer.add} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function OfferNotice({ found: { answer, stations } }: { found: StationAnswer }) {
  const lines = [stations.length ? text.found(stations.length) : text.none];
  if (answer.connection !== 'live') lines.push(corridorText.needsConnection);
  if (answer.connection === 'cached' && answer.fetchedAt) lines.push(corridorText.cachedAge(answer.fetchedAt));
  return (
    <div className={answer.connection === 'live' ? 'corridor-notice' : 'corridor-notice corridor-notice-offline'}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

interface ItemProps {
  station: TCorridorPlace;
  nameId: string;
  fromName: string;
  inTrip: boolean;
  onAdd: ((place: TCorridorPlace) => void) | null;
}

function StationItem({ station, nameId, fromName, inTrip, onAdd }: ItemProps) {
  const unit = useDistanceUnit();
  const charging = station.plugs !== undefined ? corridorText.plugsAndPower(station.plugs.map((plug) => plugLabels[plug]).join(', '), station.powerKw) : '';
  return (
    <li>
      <div className="corridor-place">
        <strong id={nameId}>{station.name}</strong>
        <small>
          {stationAlongText(station.alongKm, fromName, unit)} · {corridorText.detour(station.detourMinutes, station.detourSource === 'osrm')}
          {charging && ` · ${charging}`}
        </small>
        {station.openingHours && <small className="muted">{corridorText.hours(station.openingHours)}</small>}
      </div>
      {onAdd &&
        (inTrip ? (
          <span className="badge">{corridorText.inTrip}</span>
        ) : (
          <button type="button" className="button small" aria-describedby={nameId} aria-label={text.addTo(station.name)} onClick={() => onAdd(station)}>
            {corridorText.add}
          </button>
        ))}
    </li>
  );
}
