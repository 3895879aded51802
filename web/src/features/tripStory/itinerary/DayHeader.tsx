/**
 * A day's header in the itinerary: its number and date, where it goes from and to, its driving time and distance,
 * first departure and last arrival, where the group sleeps, and the day's warnings, with what the page offers where
 * the car's range runs out (stations to add).
 */
import { Fragment, type ReactNode } from 'react';
import { formatDuration, type ScheduleDay, type TimedStop } from '@caravan/shared';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { useTripViewContext, type RunOutWarning } from '../tripViewContext.ts';
import { dayLabel, dayWarningText, localTime } from './scheduleText.ts';
import { ScheduleWarnings } from './ScheduleWarnings.tsx';

interface Props {
  day: ScheduleDay;
  headingId: string;
  timed: (stopId: string) => TimedStop;
  nameOf: (stopId: string) => string;
  /** Shown under the day's facts: the weather and sun where the day ends. */
  children?: ReactNode;
}

export function DayHeader({ day, headingId, timed, nameOf, children }: Props) {
  const [from, to] = [timed(day.fromStopId), timed(day.toStopId)];
  const zoned = (instant: string, stop: TimedStop) => localTime(instant, stop.timeZone, from.timeZone !== to.timeZone);
  const nights = day.sleep?.nights ?? 0;
  const unit = useDistanceUnit();
  const { runOutOffer } = useTripViewContext();
  const runOuts = day.warnings.filter((warning): warning is RunOutWarning => warning.kind === 'rangeRunsOut');
  return (
    <header className="day-header">
      <h3 id={headingId}>
        Day {day.day} · {dayLabel(day.date)}
      </h3>
      <p className="day-route">
        {nameOf(day.fromStopId)} → {nameOf(day.toStopId)}
      </p>
      <p className="day-facts">
        <span>
          Driving {formatDuration(day.drivingMinutes)} · {formatDistanceIn(day.distanceKm, unit)}
        </span>
        <span>Leave {zoned(day.firstDeparture, from)}</span>
        <span>Arrive {zoned(day.lastArrival, to)}</span>
        {day.sleep && (
          <span>
            Sleep at {day.sleep.lodgingName ?? nameOf(day.sleep.stopId)}
            {nights > 1 ? ` (${nights} nights)` : ''}
          </span>
        )}
      </p>
      {children}
      <ScheduleWarnings texts={day.warnings.map((warning) => dayWarningText(warning, day, { nameOf, unit }))} />
      {runOutOffer && runOuts.map((runOut) => <Fragment key={`${runOut.afterStopId}-${runOut.stopId}`}>{runOutOffer(runOut)}</Fragment>)}
    </header>
  );
}
