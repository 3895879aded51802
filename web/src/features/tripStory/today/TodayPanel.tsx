/**
 * Today (docs/product.md#today): on the days of a trip under way it leads the trip page, above the Story / Itinerary
 * toggle. The next stop with its leave-by, drive, weather and navigation; what no longer fits; the rest of today; and
 * tonight's lodging. At its own address (/trips/{id}/today) it is shown, and says so, on any day.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { canEditStops, canRecordProgress, instantOf, isOwner, plannedCalendarDate, type TTripStop } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { dayLabel } from '../itinerary/scheduleText.ts';
import { useTripViewContext } from '../tripViewContext.ts';
import { LaterToday } from './LaterToday.tsx';
import { todayMessages as text } from './messages.ts';
import { Misfits } from './Misfits.tsx';
import { NextStop } from './NextStop.tsx';
import { dropStop, moveToTomorrow, recordProgress } from './todayEdits.ts';
import { TodayWeather } from './TodayWeather.tsx';
import { Tonight } from './Tonight.tsx';
import { useToday } from './useToday.ts';
import './today.css';

interface Props {
  stops: TTripStop[];
  /** The page is Today's own address: show the panel on any day, and bring it into view. */
  atTodayAddress: boolean;
}

export function TodayPanel({ stops, atTodayAddress }: Props) {
  const { tripId, doc, role, refresh } = useTripViewContext();
  const { plan, schedule, nowMs } = useToday(stops);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const stopsById = useMemo(() => new Map(stops.map((stop) => [stop.id, stop])), [stops]);
  const timedById = useMemo(() => new Map(schedule.stops.map((stop) => [stop.stopId, stop])), [schedule]);

  useEffect(() => {
    if (atTodayAddress) heading.current?.focus();
  }, [atTodayAddress]);

  if (!plan && !atTodayAddress) return null;
  const mayRecord = canRecordProgress(role);
  const run = async (write: () => Promise<void>) => {
    setBusy(true);
    try {
      await write();
      if (!doc) refresh();
    } catch (error) {
      toast.error(errorMessage(error, text.failed));
    } finally {
      setBusy(false);
    }
  };
  const next = plan?.next ?? null;
  const nextStop = next ? stopsById.get(next.stopId) : undefined;
  const tonight = plan?.day.sleep ?? null;
  const order = stops.map((stop) => stop.id);
  const canMove = doc !== null && canEditStops(role) && plan?.tomorrow !== null && tonight !== null;

  return (
    <section className="today-panel" aria-labelledby="today-title">
      <header className="today-header">
        <h2 id="today-title" ref={heading} tabIndex={-1}>
          {text.title}
        </h2>
        {plan && <span className="today-day">{text.dayOf(plan.restDay?.day ?? plan.day.day, dayLabel(plan.restDay?.date ?? plan.day.date))}</span>}
        {atTodayAddress && (
          <Link className="today-back" to={`/trips/${tripId}`}>
            {text.backToTrip}
          </Link>
        )}
      </header>
      {!plan ? (
        <p className="hint">{text.notUnderWay}</p>
      ) : (
        <TodayWeather schedule={schedule} stops={stops} stopsById={stopsById}>
          {next && nextStop ? (
            <NextStop
              next={next}
              stop={nextStop}
              from={stopsById.get(plan.from.stopId) ?? null}
              nowMs={nowMs}
              actions={
                mayRecord
                  ? {
                      busy,
                      onHere: () => run(() => recordProgress(tripId, doc, next.stopId, { arrivedAt: new Date().toISOString() }, isOwner(role))),
                      onDelay: (delayMinutes) => run(() => recordProgress(tripId, doc, next.stopId, { delayMinutes }, isOwner(role))),
                      instantAt: (time) => instantOf(next.date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), next.timeZone),
                    }
                  : null
              }
            />
          ) : (
            <p className="today-done">{plan.restDay ? text.restDay(stopsById.get(plan.from.stopId)?.name ?? '') : text.allReached}</p>
          )}
          {!mayRecord && <p className="hint">{text.viewerNote}</p>}
          <Misfits
            misfits={plan.misfits}
            timedById={timedById}
            stopsById={stopsById}
            onDrop={doc && canEditStops(role) ? (stopId) => dropStop(doc, stopId) : null}
            onMoveToTomorrow={canMove && doc && tonight && plan.tomorrow ? (stopId) => void moveToTomorrow(doc, stopId, tonight.stopId, order, plan.tomorrow!.date) : null}
            mayMove={(stopId) => stopId !== tonight?.stopId && (isOwner(role) || !plannedCalendarDate(stopsById.get(stopId)?.plannedArrivalDate))}
          />
          <LaterToday later={plan.later} stopsById={stopsById} />
          {tonight && <Tonight sleep={tonight} stop={stopsById.get(tonight.stopId)} />}
        </TodayWeather>
      )}
    </section>
  );
}
