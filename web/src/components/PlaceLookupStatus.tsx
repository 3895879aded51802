/**
 * What a stop form says under its button about the place its text named (usePlaceLookup): one live region that
 * stays in the page, so each outcome is read out, and when nothing was found, the choice of 'Place on map' (where
 * the form can) or adding it without a position; never a stop without a position the user did not choose.
 */
import { useId } from 'react';
import type { PlaceLookupOutcome } from '../lib/usePlaceLookup.ts';
import { locationSearchMessages } from '../lib/messages/locationSearchMessages.ts';

const text = locationSearchMessages;

interface Props<Pending> {
  outcome: PlaceLookupOutcome<Pending> | null;
  /** What the user can do about a place not found, in the form's words. */
  help: string;
  withoutPositionLabel: string;
  onWithoutPosition: (pending: Pending) => void;
  /** Absent where the form cannot reach the map. */
  onPlaceOnMap?: (pending: Pending) => void;
}

export function PlaceLookupStatus<Pending>({ outcome, help, withoutPositionLabel, onWithoutPosition, onPlaceOnMap }: Props<Pending>) {
  const statusId = useId();
  const notFound = outcome?.kind === 'notFound' ? outcome : null;
  return (
    <>
      <p id={statusId} role="status" className={notFound ? 'form-outcome form-error' : 'form-outcome hint'}>
        {outcome?.kind === 'finding' ? text.findingPlace(outcome.query) : (outcome?.message ?? '')}
      </p>
      {notFound && (
        <div role="group" aria-labelledby={statusId} className="not-found-choice">
          <p className="hint">{help}</p>
          <div className="form-actions">
            {onPlaceOnMap && (
              <button type="button" className="button" onClick={() => onPlaceOnMap(notFound.pending)}>
                {text.placeOnMap}
              </button>
            )}
            <button type="button" className="button ghost" onClick={() => onWithoutPosition(notFound.pending)}>
              {withoutPositionLabel}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
