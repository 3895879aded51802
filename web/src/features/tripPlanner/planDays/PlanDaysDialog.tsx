/**
 * "Plan my days" (docs/product.md#plan-my-days), for owners and editors: "End at the last stop" and a pin toggle
 * per stop (Optimise route's list), Preview (each day
 * now and as planned, with its driving, where it goes and where the group sleeps; which stops move; every
 * constraint the plan cannot meet, with the stations the car reaches where its range runs out; places to sleep near
 * each day's end, each with Add), then Apply, which writes
 * the plan into the live document as one undoable change (usePlanDays.ts).
 */
import { useEffect, useId, useRef } from 'react';
import { rangeRunsOutText, type DocStop, type TPlanDaysResponse, type TPlannedDay, type TUnmetConstraint } from '@caravan/shared';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { StationOffer } from '../corridor/StationOffer.tsx';
import type { StopListDialogProps, StopListFormProps } from '../stopListDialog.ts';
import { movedStops } from '../optimise/movedStops.ts';
import { OptimiseStopList } from '../optimise/OptimiseStopList.tsx';
import { planDaysMessages as text } from './messages.ts';
import { changesTrip } from './dayPlanWrites.ts';
import { usePlanDays } from './usePlanDays.ts';
import './planDays.css';

export function PlanDaysDialog({ open, onOpenChange, ...form }: StopListDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.title} description={text.description} wide>
      <PlanDaysForm {...form} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function PlanDaysForm({ tripId, connection, stops, onDone }: StopListFormProps) {
  const id = useId();
  const planner = usePlanDays(tripId, connection, onDone);
  const { plan } = planner;
  const canApply = plan !== null && changesTrip(connection.doc, plan) && !planner.previewing && !planner.applying;

  return (
    <form
      className="form plan-days"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) planner.apply();
      }}
    >
      <div className="checkbox-field">
        <label>
          <input type="checkbox" checked={planner.endAtLast} aria-describedby={`${id}-end`} onChange={(event) => planner.setEndAtLast(event.target.checked)} />
          {text.endAtLast}
        </label>
        <small id={`${id}-end`}>{text.endAtLastHelp}</small>
      </div>
      <h3 id={`${id}-stops`}>{text.stopsLabel}</h3>
      <OptimiseStopList stops={stops} endAtLast={planner.endAtLast} pinned={planner.pinned} onTogglePin={planner.togglePin} labelledBy={`${id}-stops`} />
      <div>
        <button type="button" className="button" onClick={planner.preview} disabled={planner.previewing}>
          {planner.previewing ? text.previewing : text.preview}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {planner.notice && <p className="optimise-notice">{planner.notice}</p>}
        {plan && <p className="visually-hidden">{text.ready(plan.after.days.length, plan.after.unmet.length)}</p>}
      </div>
      {planner.previewError && (
        <p role="alert" className="form-error">
          {planner.previewError}
        </p>
      )}
      {plan && <PlanSummary plan={plan} stops={stops} headingId={`${id}-result`} planner={planner} tripId={tripId} connection={connection} />}
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.apply} pending={planner.applying} disabled={!canApply} />
    </form>
  );
}

interface SummaryProps {
  plan: TPlanDaysResponse;
  stops: DocStop[];
  headingId: string;
  planner: ReturnType<typeof usePlanDays>;
  tripId: string;
  /** Where a fuel stop proposed for a run-out is added. */
  connection: TripConnection;
}

/**
 * A run-out whose stretch (from its last fill to the stop not reached) runs the same way in the trip as it is: the
 * stations the car reaches on it can be offered. One the plan reorders is searched once the plan is applied.
 */
function offersStations(miss: TUnmetConstraint, stops: readonly DocStop[]): boolean {
  if (miss.kind !== 'rangeRunsOut' || miss.lastFillStopId === undefined || miss.km === undefined) return false;
  const [from, to] = [stops.findIndex((stop) => stop.id === miss.lastFillStopId), stops.findIndex((stop) => stop.id === miss.stopId)];
  return from >= 0 && to > from;
}

function PlanSummary({ plan, stops, headingId, planner, tripId, connection }: SummaryProps) {
  const unit = useDistanceUnit();
  const names = new Map(stops.map((stop) => [stop.id, stop.name]));
  const name = (stopId: string) => names.get(stopId) ?? stopId;
  const moves = movedStops(plan.fromOrder, plan.order);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [plan]);

  return (
    <section ref={section} className="optimise-result" aria-labelledby={headingId}>
      <h3 id={headingId}>{text.resultHeading}</h3>
      <p className="muted">{text.measuredBy(plan.source)}</p>
      <div className="plan-days-compare">
        <DayList days={plan.before.days} heading={text.beforeHeading} headingId={`${headingId}-before`} name={name} />
        <DayList days={plan.after.days} heading={text.afterHeading} headingId={`${headingId}-after`} name={name} />
      </div>

      <h4 id={`${headingId}-moves`}>{text.movesHeading}</h4>
      {moves.length ? (
        <ul className="optimise-moves" aria-labelledby={`${headingId}-moves`}>
          {moves.map(({ stopId, from, to }) => (
            <li key={stopId}>{text.moved(name(stopId), from, to)}</li>
          ))}
        </ul>
      ) : (
        <p>{text.noMoves}</p>
      )}

      <h4 id={`${headingId}-unmet`}>{text.unmetHeading}</h4>
      {plan.after.unmet.length ? (
        <ul className="plan-days-unmet" aria-labelledby={`${headingId}-unmet`}>
          {plan.after.unmet.map((miss, index) => (
            <li key={index}>
              {text.unmet(miss.kind, name(miss.stopId), miss.day, miss.minutes, miss.km === undefined ? '' : rangeRunsOutText(miss.km, name(miss.afterStopId ?? ''), unit))}
              {offersStations(miss, stops) && (
                <StationOffer tripId={tripId} connection={connection} canEdit findAtOnce runOut={{ lastFillStopId: miss.lastFillStopId!, stopId: miss.stopId, kmAfter: miss.km!, fraction: miss.fraction ?? null }} />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{text.allMet}</p>
      )}

      {!plan.lodging.fetched && <p className="muted">{text.lodgingUnavailable}</p>}
      {plan.lodging.suggestions.map(({ stopId, places }) => (
        <div key={stopId} className="plan-days-lodging">
          <h4 id={`${headingId}-lodging-${stopId}`}>{text.lodgingHeading(name(stopId))}</h4>
          {places.length ? (
            <ul aria-labelledby={`${headingId}-lodging-${stopId}`}>
              {places.map((place) => (
                <li key={`${place.name}-${place.latitude}-${place.longitude}`}>
                  <span>
                    <strong>{place.name}</strong> <span className="muted">{text.lodgingPlace(place.category, formatDistanceIn(place.distanceKm, unit))}</span>
                  </span>
                  <button
                    type="button"
                    className="button small"
                    aria-label={text.addLabel(place.name, name(stopId))}
                    disabled={planner.isAdded(stopId, place)}
                    onClick={() => planner.addLodging(stopId, place)}
                  >
                    {text.add}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{text.noLodgingFound}</p>
          )}
        </div>
      ))}
    </section>
  );
}

interface DayListProps {
  days: TPlannedDay[];
  heading: string;
  headingId: string;
  name: (stopId: string) => string;
}

function DayList({ days, heading, headingId, name }: DayListProps) {
  const unit = useDistanceUnit();
  return (
    <div>
      <h4 id={headingId}>{heading}</h4>
      <ol className="plan-days-list" aria-labelledby={headingId}>
        {days.flatMap((day) => [
          <li key={day.day}>
            <strong>{text.dayTitle(day.day, day.date)}</strong>
            <span>{text.dayRoute(name(day.stopIds[0]), name(day.stopIds[day.stopIds.length - 1]))}</span>
            <span>{text.dayDrive(day.driveMinutes, formatDistanceIn(day.distanceKm, unit))}</span>
            {day.sleepsAt && <span className="muted">{text.sleepsAt(name(day.sleepsAt))}</span>}
          </li>,
          // Nights count as days: a 2-night stay shows its rest day, numbered as the itinerary numbers it.
          ...day.restDays.map((rest) => (
            <li key={rest.day}>
              <strong>{text.dayTitle(rest.day, rest.date)}</strong>
              <span>{text.restDay(name(day.sleepsAt ?? day.stopIds[day.stopIds.length - 1]))}</span>
            </li>
          )),
        ])}
      </ol>
    </div>
  );
}
