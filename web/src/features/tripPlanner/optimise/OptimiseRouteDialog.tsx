/**
 * "Optimise route" (docs/product.md#optimise-route), for owners and editors: "End at the last stop", a pin
 * toggle per stop, Preview (total drive time and distance before → after, which stops move where (movedStops.ts)
 * and the proposed order, scrolled into view: under a long stop list it would sit out of sight), then Apply,
 * which writes the order into the live document as one undoable change (useRouteOptimiser.ts).
 */
import { useEffect, useId, useRef } from 'react';
import { formatDuration, type DocStop, type TOptimiseRouteResponse } from '@caravan/shared';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { tripPageMessages } from '../messages.ts';
import type { StopListDialogProps, StopListFormProps } from '../stopListDialog.ts';
import { movedStops, type Move } from './movedStops.ts';
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
  const canApply = proposal !== null && reorders(proposal) && !optimiser.previewing && !optimiser.applying;
  const moves = proposal ? movedStops(proposal.fromOrder, proposal.order) : [];

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
        {proposal && <p className="visually-hidden">{text.ready(moves.length)}</p>}
      </div>
      {optimiser.previewError && (
        <p role="alert" className="form-error">
          {optimiser.previewError}
        </p>
      )}
      {proposal && <ProposalSummary proposal={proposal} moves={moves} stops={stops} headingId={`${id}-result`} />}
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.apply} pending={optimiser.applying} disabled={!canApply} />
    </form>
  );
}

interface SummaryProps {
  proposal: TOptimiseRouteResponse;
  moves: Move[];
  stops: DocStop[];
  headingId: string;
}

function ProposalSummary({ proposal, moves, stops, headingId }: SummaryProps) {
  const names = new Map(stops.map((stop) => [stop.id, stop.name]));
  const { before, after } = proposal;
  const unit = useDistanceUnit();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [proposal]);
  return (
    <section ref={section} className="optimise-result" aria-labelledby={headingId}>
      <h3 id={headingId}>{text.resultHeading}</h3>
      <dl className="optimise-totals">
        <dt>{text.driveTime}</dt>
        <dd>{text.beforeAfter(formatDuration(before.minutes), formatDuration(after.minutes))}</dd>
        <dt>{text.distance}</dt>
        <dd>{text.beforeAfter(formatDistanceIn(before.distanceKm, unit), formatDistanceIn(after.distanceKm, unit))}</dd>
      </dl>
      <p className="muted">{moves.length ? text.measuredBy(proposal.source) : text.alreadyShortest}</p>
      {moves.length > 0 && (
        <>
          <h4 id={`${headingId}-moves`}>{text.movesHeading}</h4>
          <ul className="optimise-moves" aria-labelledby={`${headingId}-moves`}>
            {moves.map(({ stopId, from, to }) => (
              <li key={stopId}>{text.moved(names.get(stopId) ?? stopId, from, to)}</li>
            ))}
          </ul>
          <h4 id={`${headingId}-order`}>{text.orderHeading}</h4>
          <ol className="optimise-order" aria-labelledby={`${headingId}-order`}>
            {proposal.order.map((stopId) => (
              <li key={stopId}>{names.get(stopId) ?? stopId}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
