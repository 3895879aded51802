/**
 * "Along the route" (docs/product.md#along-the-route), for every member: the stretch (the whole trip or one leg),
 * what to look for (fuel, EV charging with plug and power, rest areas, campsites, lodging, food, sights, toilets) and
 * how far from the route; then the places in the order the route reaches them, each with its leg, its detour and
 * its opening hours, and Add for owners and editors, which puts it inside that leg (one Undo). Without a connection
 * to the places service it says so, and shows what was found before with its age.
 */
import { useId } from 'react';
import {
  CHARGING_MIN_POWERS_KW,
  CHARGING_PLUGS,
  CORRIDOR_CATEGORIES,
  CORRIDOR_WIDTHS_KM,
  hasPosition,
  type DocStop,
  type TCorridorSearchResponse,
} from '@caravan/shared';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { CorridorResults } from './CorridorResults.tsx';
import { categoryLabels, corridorText as text, plugLabels } from './messages.ts';
import { useCorridorSearch } from './useCorridorSearch.ts';
import './corridor.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tripId: string;
  stops: DocStop[];
  /** The live document to add found places to; null for a member who may not edit. */
  connection: TripConnection | null;
  /** Open on the leg from this stop; '' for the whole trip. */
  fromStopId: string;
}

export function AlongRouteDialog({ open, onOpenChange, ...form }: Props) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.title} description={text.description} wide>
      {/* A new opening (from another stop) starts its own search. */}
      <AlongRouteForm key={form.fromStopId} {...form} onClose={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function AlongRouteForm({ tripId, stops, connection, fromStopId, onClose }: Omit<Props, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const id = useId();
  const unit = useDistanceUnit();
  const corridor = useCorridorSearch(tripId, stops, connection, fromStopId);
  const { choices, choose, answer } = corridor;
  const located = stops.filter(hasPosition);
  const legs = located.slice(1).map((to, index) => ({ from: located[index], to }));
  const charging = choices.categories.includes('charging');
  const toggle = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

  return (
    <form
      className="form corridor-search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void corridor.search();
      }}
    >
      <div className="corridor-controls">
        <label className="corridor-stretch">
          {text.stretch}
          <select value={choices.fromStopId} onChange={(event) => choose({ fromStopId: event.target.value })}>
            <option value="">{text.wholeTrip}</option>
            {legs.map(({ from, to }) => (
              <option key={from.id} value={from.id}>
                {text.leg(from.name, to.name)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="corridor-choices">
          <legend>{text.categories}</legend>
          {CORRIDOR_CATEGORIES.map((category) => (
            <label key={category}>
              <input
                type="checkbox"
                checked={choices.categories.includes(category)}
                onChange={(event) => choose({ categories: toggle(choices.categories, category, event.target.checked) })}
              />
              {categoryLabels[category]}
            </label>
          ))}
        </fieldset>
        {charging && (
          <fieldset className="corridor-choices">
            <legend>{text.charging}</legend>
            {CHARGING_PLUGS.map((plug) => (
              <label key={plug}>
                <input type="checkbox" checked={choices.plugs.includes(plug)} onChange={(event) => choose({ plugs: toggle(choices.plugs, plug, event.target.checked) })} />
                {plugLabels[plug]}
              </label>
            ))}
            <label className="corridor-power">
              {text.minPower}
              <select value={choices.minPowerKw ?? ''} onChange={(event) => choose({ minPowerKw: event.target.value ? Number(event.target.value) : null })}>
                <option value="">{text.anyPower}</option>
                {CHARGING_MIN_POWERS_KW.map((kw) => (
                  <option key={kw} value={kw}>
                    {text.power(kw)}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
        )}
        <fieldset className="corridor-choices">
          <legend>{text.width}</legend>
          {CORRIDOR_WIDTHS_KM.map((km) => (
            <label key={km}>
              <input type="radio" name={`${id}-width`} checked={choices.widthKm === km} onChange={() => choose({ widthKm: km })} />
              {text.widthOption(km)}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="corridor-actions">
        <button type="submit" className="button primary" disabled={corridor.searching}>
          {corridor.searching ? text.searching : text.search}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {text.close}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {answer && <AnswerNotice answer={answer} unit={unit} />}
      </div>
      {corridor.error && (
        <p role="alert" className="form-error">
          {corridor.error}
        </p>
      )}
      {answer && <CorridorResults answer={answer} stops={stops} unit={unit} onAdd={corridor.add} isInTrip={corridor.isInTrip} />}
    </form>
  );
}

function AnswerNotice({ answer, unit }: { answer: TCorridorSearchResponse; unit: ReturnType<typeof useDistanceUnit> }) {
  const lines = [text.found(answer.places.length, answer.truncated)];
  if (answer.connection !== 'live') lines.push(text.needsConnection);
  if (answer.connection === 'offline') lines.push(text.offlineSights);
  if (answer.connection === 'cached' && answer.fetchedAt) lines.push(text.cachedAge(answer.fetchedAt));
  if (answer.missingKm > 0 && answer.connection !== 'offline') lines.push(text.missing(formatDistanceIn(answer.missingKm, unit)));
  return (
    <div className={answer.connection === 'live' ? 'corridor-notice' : 'corridor-notice corridor-notice-offline'}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="muted">{text.detourNote}</p>
    </div>
  );
}
