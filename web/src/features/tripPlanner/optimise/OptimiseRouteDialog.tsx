/**
 * "Optimise route" (docs/product.md#optimise-route), for owners and editors: "End at the last stop", a pin
 * toggle per stop, Preview (total drive time and distance before → after, and the proposed order), then Apply,
 * which writes the order into the live document as one undoable change (useRouteOptimiser.ts).
 */
import { useId } from 'react';
import { formatDuration, type DocStop, type TOptimiseRouteResponse } from '@caravan/shared';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { tripPageMessages } from '../messages.ts';
import type { StopListDialogProps, StopListFormProps } from '../stopListDialog.ts';
import { OptimiseStopList } from './OptimiseStopList.tsx';
import { reorders, useRouteOptimiser } from './useRouteOptimiser.ts';

const text = tripPageMessages.optimise;

export function OptimiseRouteDialog({ open, onOpenChange, ...form }: StopListDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.title} description={text.description} wide>
      <OptimiseRouteForm {...form} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function OptimiseRouteForm({ tripId, connection, stops, onDone }: StopListFormProps) {
  const id = useId();
  const optimiser = useRouteOptimiser(tripId, connection, onDone);
  const { proposal } = optimiser;
  const canApply = proposal !== null && reorders(proposal) && !optimiser.previewing;

  return (
    <form
      className="form optimise-route"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) optimiser.apply();
      }}
    >
      <div className="checkbox-field">
        <label>
          <input
            type="checkbox"
            checked={optimiser.endAtLast}
            aria-describedby={`${id}-end`}
            onChange={(event) => optimiser.setEndAtLast(event.target.checked)}
          />
          {text.endAtLast}
        </label>
        <small id={`${id}-end`}>{text.endAtLastHelp}</small>
      </div>
      <h3 id={`${id}-stops`}>{text.stopsLabel}</h3>
      <OptimiseStopList
        stops={stops}
        endAtLast={optimiser.endAtLast}
        pinned={optimiser.pinned}
        onTogglePin={optimiser.togglePin}
        labelledBy={`${id}-stops`}
      />
      <div>
        <button type="button" className="button" onClick={optimiser.preview} disabled={optimiser.previewing}>
          {optimiser.previewing ? text.previewing : text.preview}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {optimiser.notice && <p className="optimise-notice">{optimiser.notice}</p>}
      </div>
      {optimiser.previewError && (
        <p role="alert" className="form-error">
          {optimiser.previewError}
        </p>
      )}
      {proposal && <ProposalSummary proposal={proposal} stops={stops} headingId={`${id}-result`} />}
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.apply} pending={false} disabled={!canApply} />
    </form>
  );
}

function ProposalSummary({ proposal, stops, headingId }: { proposal: TOptimiseRouteResponse; stops: DocStop[]; headingId: string }) {
  const names = new Map(stops.map((stop) => [stop.id, stop.name]));
  const { before, after } = proposal;
  return (
    <section className="optimise-result" aria-labelledby={headingId}>
      <h3 id={headingId}>{text.resultHeading}</h3>
      <dl className="optimise-totals">
        <dt>{text.driveTime}</dt>
        <dd>{text.beforeAfter(formatDuration(before.minutes), formatDuration(after.minutes))}</dd>
        <dt>{text.distance}</dt>
        <dd>{text.beforeAfter(text.km(before.distanceKm), text.km(after.distanceKm))}</dd>
      </dl>
      <p className="muted">{reorders(proposal) ? text.measuredBy(proposal.source) : text.alreadyShortest}</p>
      {reorders(proposal) && (
        <ol className="optimise-order">
          {proposal.order.map((stopId) => (
            <li key={stopId}>{names.get(stopId) ?? stopId}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
